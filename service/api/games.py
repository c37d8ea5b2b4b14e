"""Games: create, list, get one, and append events (the write side of the API).

A write is authenticated first, then its body is loaded by the edge schema, the
game's club and the token's scopes are checked, and the store appends the events
through the rules' judgement in one transaction (``expected_version`` for
optimistic concurrency). Re-sending the same event ids returns the original
result with status 200 instead of 201; nothing is stored twice.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from flask import Blueprint, Response, jsonify, url_for

from events.errors import ConcurrencyError
from events.records import Check, NewEvent
from rules.errors import ProfileError
from service.api import club_profiles
from service.api.access import check_read, check_write, current_token, reader_club, require
from service.api.etags import cached
from service.api.listing import cursor_of, filter_of, parse_cursor, visible_games
from service.api.problems import N_, Problem, _, profile_problem
from service.api.requests import json_body, load, load_args
from service.api.schemas import AppendBody, CreateGameBody, ListGamesArgs, NoArgs
from service.api.self_correction import OwnUndo
from service.auth import Token
from service.bootstrap import services
from service.players.names import named
from service.players.registry import RosterError, seat_players
from service.players.web import roster_problem
from service.representations import append_json, game_json

bp = Blueprint("games", __name__)
ID_REFUSED = N_("game id {game} cannot be used for a new game: choose another id, or send none")


@bp.post("/games")
def create_game() -> Response:
    token = require("record")
    body = load(CreateGameBody(), json_body())
    game_id: UUID = body.pop("id", None) or uuid4()
    event_id: UUID = body.pop("event_id", None) or uuid4()
    club = body["club"] or token.club
    if club != token.club:
        raise Problem(
            "forbidden",
            _("the token records for club '{token}', not '{club}'", token=token.club, club=club),
        )
    body["club"] = club
    body["profile"] = _profile(club, body["profile"])
    s = services()
    # the seats' names become roster ids: new entries are committed only with the game
    with s.pool.connection() as conn, conn.transaction():
        try:
            body["seats"] = seat_players(conn, club, body["seats"], token.recorded_by)
        except RosterError as error:
            raise roster_problem(error) from None
        body["roster"] = True
        try:
            result = s.store.append(
                game_id,
                [NewEvent("GameCreated", body, id=event_id)],
                0,
                token.recorded_by,
                check=s.judgement,
            )
        except ConcurrencyError:
            # the id is taken, maybe by another club's private game: never say whose, nor why
            raise Problem("conflict", _(ID_REFUSED, game=game_id)) from None
    doc = {"id": str(game_id), "version": result.last_version, "position": result.positions[0]}
    response = jsonify(doc)
    response.status_code = 200 if result.replayed else 201
    response.headers["Location"] = url_for("games.get_game", game_id=game_id)
    return response


def _profile(club: str, profile: Any) -> Any:
    """A ``club:<id>`` name becomes the club's stored document; an inline document is
    validated (naming the bad switch) and stored complete; a built-in id stays as is."""
    if isinstance(profile, dict):
        try:
            return club_profiles.complete(profile)
        except ProfileError as error:
            raise profile_problem(error, "profile") from None
    if isinstance(profile, str) and profile.startswith(club_profiles.PREFIX):
        name = profile[len(club_profiles.PREFIX) :]
        with services().pool.connection() as conn:
            document = club_profiles.find(conn, club, name)
        if document is None:
            message = _(
                "club '{club}' has no profile '{name}' (see GET /clubs/{club}/profiles)",
                club=club, name=name,
            )  # fmt: skip
            raise Problem("validation", message, errors={"profile": [message]})
        return document
    return profile


@bp.get("/games")
def list_games() -> Response:
    args = load_args(ListGamesArgs())
    after = None
    if "after" in args:
        try:
            after = parse_cursor(args["after"])
        except ValueError as error:
            raise Problem("validation", str(error), errors={"after": [str(error)]}) from None
    limit = args["limit"]
    where = filter_of(args, after=after, limit=limit + 1)
    rows = visible_games(services().store, where, reader_club())
    page = rows[:limit]
    more = len(rows) > limit
    doc = {"games": [game_json(r) for r in page], "next": cursor_of(page[-1]) if more else None}
    with services().pool.connection() as conn:
        return jsonify(named(conn, doc))


@bp.get("/games/<uuid:game_id>")
def get_game(game_id: UUID) -> Response:
    args = load_args(NoArgs())
    game = services().store.game(game_id)
    check_read(game)
    return cached(game, args, lambda: game_json(game))


@bp.post("/games/<uuid:game_id>/events")
def append_events(game_id: UUID) -> Response:
    events, expected, token, check = write_request(game_id)
    result = services().store.append(game_id, events, expected, token.recorded_by, check)
    response = jsonify(append_json(result))
    response.status_code = 200 if result.replayed else 201
    return response


def write_request(game_id: UUID) -> tuple[list[NewEvent], int, Token, Check]:
    """An append's events, expected version, writing token and judgement, once the token,
    the body and the club were checked (shared with the preview of an append)."""
    if current_token() is None:
        raise Problem("unauthorized", _("recording needs a token with the 'record' scope"))
    body = load(AppendBody(), json_body())
    s = services()
    game = s.owners.row(s.store, game_id)  # only its club and visibility are used
    token, undo = check_write(game, {e["type"] for e in body["events"]})
    events = [NewEvent(e["type"], e["data"], id=e.get("id") or uuid4()) for e in body["events"]]
    check = OwnUndo(token.recorded_by, s.judgement) if undo else s.judgement
    return events, body["expected_version"], token, check
