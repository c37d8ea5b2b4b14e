"""A club's roster over HTTP: list and search players, add one, read one, merge duplicates.

Reading needs a token of the club with ``read``; adding and merging need ``admin``. A
player of another club answers 404 (its existence is the other club's business); a
merge across two clubs is refused (422 ``cross-club-merge``) and changes nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from marshmallow import fields
from marshmallow.validate import Length

from service.api.access import require
from service.api.problems import Problem, _
from service.api.requests import json_body, load, load_args
from service.api.schemas import Count, Strict
from service.bootstrap import services
from service.players import erasure, registry
from service.players.personal_data import personal_data
from service.players.registry import RosterError
from service.players.web import roster_problem

bp = Blueprint("players", __name__)
PLAYER = "/clubs/<club>/players/<player_id>"


class ListArgs(Strict):
    q = fields.String(validate=Length(1, 200))
    after = fields.String(validate=Length(1, 40))
    limit = Count(1, 500, load_default=50)
    all = fields.Boolean(load_default=False)


class NewPlayer(Strict):
    name = fields.String(required=True, validate=Length(1, 400))
    licence = fields.String(load_default=None, allow_none=True, validate=Length(1, 100))


class MergeBody(Strict):
    into = fields.String(required=True, validate=Length(1, 40))


class NoQuery(Strict):
    pass


@bp.get("/clubs/<club>/players")
def list_players(club: str) -> Response:
    require("read", club)
    args = load_args(ListArgs())
    try:
        with services().pool.connection() as conn:
            found = registry.listing(
                conn, club, args.get("q"), args.get("after"), args["limit"] + 1, args["all"]
            )
    except RosterError as error:
        raise roster_problem(error) from None
    page = found[: args["limit"]]
    more = len(found) > args["limit"]
    return jsonify(
        {"players": [p.json() for p in page], "next": page[-1].player_id if more else None}
    )


@bp.post("/clubs/<club>/players")
def add_player(club: str) -> Response:
    token = require("admin", club)
    body = load(NewPlayer(), json_body())
    try:
        name = registry.checked_name(body["name"])
        licence = registry.checked_licence(body["licence"])
        with services().pool.connection() as conn, conn.transaction():
            homonyms = registry.matches(conn, club, name)
            player = registry.create(conn, club, name, licence, token.recorded_by)
    except RosterError as error:
        raise roster_problem(error) from None
    doc = player.json() | {"homonyms": [p.player_id for p in homonyms]}
    response = jsonify(doc)
    response.status_code = 201
    response.headers["Location"] = url_for(
        "players.get_player", club=club, player_id=player.player_id
    )
    return response


@bp.get(PLAYER)
def get_player(club: str, player_id: str) -> dict[str, Any]:
    require("read", club)
    load_args(NoQuery())
    with services().pool.connection() as conn:
        try:
            player = registry.of_club(conn, club, player_id)
        except RosterError as error:
            raise roster_problem(error) from None
        history = registry.history_of(conn, player_id)
    return player.json() | {"history": history}


@bp.post(f"{PLAYER}/merge")
def merge_player(club: str, player_id: str) -> dict[str, Any]:
    """Merge ``player_id`` (the duplicate) into ``into`` (the one kept)."""
    token = require("admin", club)
    body = load(MergeBody(), json_body())
    try:
        with services().pool.connection() as conn, conn.transaction():
            return registry.merge(conn, club, player_id, body["into"], token.recorded_by)
    except RosterError as error:
        raise roster_problem(error) from None


@bp.post(f"{PLAYER}/erase")
def erase_player(club: str, player_id: str) -> dict[str, Any]:
    """Erase a player's personal data (GDPR): the answer is the erasure's record."""
    token = require("admin", club)
    load_args(NoQuery())
    if request.content_length:
        raise Problem(
            "validation", _("an erasure takes no body"), errors={"body": [_("not empty")]}
        )
    try:
        with services().pool.connection() as conn, conn.transaction():
            return erasure.erase(conn, club, player_id, token.recorded_by)
    except RosterError as error:
        raise roster_problem(error) from None


@bp.get(f"{PLAYER}/data")
def player_data(club: str, player_id: str) -> dict[str, Any]:
    """Right of access: everything kept about one player (an admin of the club)."""
    require("admin", club)
    load_args(NoQuery())
    try:
        with services().pool.connection() as conn:
            return personal_data(conn, club, player_id)
    except RosterError as error:
        raise roster_problem(error) from None
