"""A club's read-only database role for dashboards, over HTTP (an admin of the club).

``POST /clubs/{club}/analyst-roles`` creates the role (or, with ``new_password``, gives
the existing one a new password) and answers its connection URL, password included,
this once, like a token's secret; ``GET`` lists the club's role without any secret;
``DELETE /clubs/{club}/analyst-roles/{role}`` revokes it. The same functions as
``coinche db-role`` (:mod:`service.db_roles`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import fields

from service.api.access import require
from service.api.problems import Problem
from service.api.requests import json_body, load, load_args
from service.api.schemas import Strict
from service.bootstrap import services
from service.db_roles import RoleError, create_role, drop_role, role_url, roles_of

bp = Blueprint("analysts", __name__)
ROLES = "/clubs/<club>/analyst-roles"


class NewRole(Strict):
    # JSON true or false (not "yes" nor null)
    new_password = fields.Boolean(load_default=False, truthy={True}, falsy={False})


class NoQuery(Strict):
    pass


def role_problem(error: RoleError) -> Problem:
    return Problem(error.slug, error.detail)


@bp.get(ROLES)
def list_roles(club: str) -> dict[str, Any]:
    require("admin", club)
    load_args(NoQuery())
    with services().pool.connection() as conn:
        return {"roles": roles_of(conn, club)}


@bp.post(ROLES)
def create(club: str) -> Response:
    """The role's connection URL, shown this once (never stored, never listed)."""
    token = require("admin", club)
    load_args(NoQuery())
    body = load(NewRole(), json_body()) if request.content_length else {"new_password": False}
    s = services()
    try:
        with s.pool.connection() as conn, conn.transaction():
            credentials = create_role(conn, club, token.recorded_by, body["new_password"])
            (role,) = roles_of(conn, club)
    except RoleError as error:
        raise role_problem(error) from None
    url = role_url(s.url, credentials, current_app.config.get("PG_PORT"))
    response = jsonify(role | {"url": url})
    response.status_code = 200 if body["new_password"] else 201
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.delete(f"{ROLES}/<role>")
def revoke(club: str, role: str) -> dict[str, Any]:
    require("admin", club)
    load_args(NoQuery())
    if request.content_length:
        raise Problem("validation", "a revocation takes no body", errors={"body": ["not empty"]})
    try:
        with services().pool.connection() as conn, conn.transaction():
            return {"revoked": drop_role(conn, club, role), "club": club}
    except RoleError as error:
        raise role_problem(error) from None
