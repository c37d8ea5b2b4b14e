"""Reading one game: its events, its state at any point, the timeline, the score sheet,
the audit and the hash-chain check.

Every read checks who may read the game (:mod:`service.api.access`); reads of a game
that is over carry a strong ETag (:mod:`service.api.etags`). Projections come from
the snapshot-backed fold, so a replay at any point folds at most one deal.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify

from events.store.games import GameRow
from projections.address import parse_at
from projections.audit import audit_game
from projections.entries import from_stored
from projections.replay import state_at, view_at
from projections.sheet import score_sheet
from projections.timeline import timeline
from rules.seats import Seat
from service.api.access import check_read, check_view, current_token, sees_hidden
from service.api.etags import cached
from service.api.problems import Problem, _
from service.api.requests import load_args
from service.api.schemas import EventsArgs, NoArgs, StateArgs, TimelineArgs
from service.bootstrap import services
from service.language import language
from service.representations import chain_json, event_json

bp = Blueprint("reads", __name__)


def readable(game_id: UUID) -> GameRow:
    game = services().store.game(game_id)
    check_read(game)
    return game


@bp.get("/games/<uuid:game_id>/events")
def events(game_id: UUID) -> Response:
    args = load_args(EventsArgs())
    game = readable(game_id)
    hidden_ok = sees_hidden(game, current_token())

    def build() -> dict[str, Any]:
        first, last = args["after"] + 1, args["after"] + args["limit"]
        found = services().store.read(game_id, first, last) if first <= game.last_version else []
        more = bool(found) and found[-1].version < game.last_version
        return {
            "events": [event_json(e, hidden_ok) for e in found],
            "next": found[-1].version if more else None,
        }

    return cached(game, args, build, names=False)  # the log as stored: roster ids


@bp.get("/games/<uuid:game_id>/state")
def state(game_id: UUID) -> Response:
    args = load_args(StateArgs())
    view = args["view"]
    seat = Seat[args["seat"]] if "seat" in args else None
    if view == "seat" and seat is None:
        raise Problem("validation", _("the seat view needs seat=N, E, S or W"),
                      errors={"seat": [_("required by view=seat")]})  # fmt: skip
    game = readable(game_id)
    check_view(game, view)
    try:
        upto = parse_at(args["at"]) if "at" in args else None
    except ValueError as error:
        raise Problem("validation", str(error), errors={"at": [str(error)]}) from None
    if upto is not None and upto.version is not None and upto.version > game.last_version:
        message = _(
            "the game has {events} events; at={at} is beyond",
            events=game.last_version, at=upto.version,
        )  # fmt: skip
        raise Problem("validation", message, errors={"at": [message]})

    def build() -> dict[str, Any]:
        with services().pool.connection() as conn:
            try:
                return view_at(conn, game_id, upto, view, seat, language())
            except ValueError as error:
                raise Problem("validation", str(error), errors={"at": [str(error)]}) from None

    return cached(game, args, build, language())


@bp.get("/games/<uuid:game_id>/timeline")
def game_timeline(game_id: UUID) -> Response:
    args = load_args(TimelineArgs())
    game = readable(game_id)

    def build() -> dict[str, Any]:
        entries = list(from_stored(services().store.read(game_id)))
        return {"game": str(game_id), "deal": args.get("deal"),
                "steps": timeline(entries, args.get("deal"), language())}  # fmt: skip

    return cached(game, args, build, language())


@bp.get("/games/<uuid:game_id>/sheet")
def sheet(game_id: UUID) -> Response:
    args = load_args(NoArgs())
    game = readable(game_id)

    def build() -> dict[str, Any]:
        with services().pool.connection() as conn:
            return score_sheet(state_at(conn, game_id, None))

    return cached(game, args, build)


@bp.get("/games/<uuid:game_id>/audit")
def audit(game_id: UUID) -> Response:
    """The audit names cards the players held: during a live game it is the arbiter's."""
    args = load_args(NoArgs())
    game = readable(game_id)
    check_view(game, "arbiter")

    def build() -> dict[str, Any]:
        entries = list(from_stored(services().store.read(game_id)))
        return {"game": str(game_id), "findings": audit_game(entries, language())}

    return cached(game, args, build, language())


@bp.get("/games/<uuid:game_id>/verify")
def verify(game_id: UUID) -> Response:
    """Never cached: it exists to notice rows changed behind the store's back."""
    load_args(NoArgs())
    readable(game_id)
    response = jsonify(chain_json(services().store.verify(game_id)))
    response.headers["Cache-Control"] = "no-store"
    return response
