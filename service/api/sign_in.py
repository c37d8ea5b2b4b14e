"""Sign-in links over HTTP: a club admin makes one, a recorder's page redeems it once.

``POST /clubs/{club}/sign-in-links`` (``admin`` token of the club) answers the link's code
and the page URL that carries it in its fragment; ``POST /sign-in-links/redeem`` (no
token) trades a code for a new token of the club. See :mod:`service.sign_in_links`.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for
from marshmallow import fields
from marshmallow.validate import Length, OneOf, Range, Regexp

from service.api.access import require
from service.api.problems import Problem, _
from service.api.requests import json_body, load, load_args
from service.api.schemas import NoArgs, Strict
from service.bootstrap import services
from service.sign_in_links import (
    DEFAULT_TTL,
    LINK_SCOPES,
    MAX_TTL,
    MIN_TTL,
    REFUSALS,
    LinkRefused,
    create_link,
    redeem,
)

bp = Blueprint("sign_in", __name__)


class NewLink(Strict):
    scopes = fields.List(
        fields.String(validate=OneOf(LINK_SCOPES)),
        load_default=lambda: ["record"],
        validate=Length(1, 2),
    )
    ttl = fields.Integer(load_default=DEFAULT_TTL, validate=Range(MIN_TTL, MAX_TTL), strict=True)
    name = fields.String(load_default="sign-in link", validate=Length(1, 100))


class Redeem(Strict):
    code = fields.String(
        required=True,
        validate=Regexp(r"^cl_[A-Za-z0-9_-]{32}$", error="not a sign-in link's code (cl_…)"),
    )


def page_url(code: str) -> str:
    """The recording page with the code in its fragment (never sent to a server)."""
    return url_for("pages.record", _external=True) + "#link=" + code


@bp.post("/clubs/<club>/sign-in-links")
def make_link(club: str) -> Response:
    token = require("admin", club)
    body = load(NewLink(), json_body())
    try:
        with services().pool.connection() as conn, conn.transaction():
            link, code = create_link(
                conn, club, body["scopes"], body["ttl"], body["name"], token.recorded_by
            )
    except ValueError as error:
        raise Problem("validation", str(error), errors={"name": [str(error)]}) from None
    response = jsonify(
        {
            "id": str(link.link_id),
            "club": link.club,
            "name": link.name,
            "scopes": list(link.scopes),
            "expires_at": link.expires_at.isoformat(),
            "code": code,
            "url": page_url(code),
        }
    )
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/sign-in-links/redeem")
def redeem_link() -> Response:
    body = load(Redeem(), json_body())
    try:
        with services().pool.connection() as conn:
            made = redeem(conn, body["code"])
    except LinkRefused as refused:
        if refused.reason == "unknown":
            raise Problem("not-found", _(REFUSALS["unknown"])) from None
        raise Problem("link-refused", _(REFUSALS[refused.reason]), reason=refused.reason) from None
    response = jsonify(made)
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/tokens/current")
def current() -> Response:
    """Who the request's token is (never its secret): the page learns its club from it."""
    load_args(NoArgs())
    token = require("read")
    return jsonify(
        {
            "id": str(token.token_id),
            "club": token.club,
            "name": token.name,
            "scopes": sorted(token.scopes),
        }
    )
