"""Tournaments (concours and duplicate sessions): create, register, draw, link and record
results, correct them, and read the standings, table plans and hand records.

Writes need a token of the tournament's club: ``arbiter`` for what the organiser does
(create, register, withdraw, draw, correct), ``record`` for what a table does (link its
game, enter its result). Reads are public (a club shows its ranking on a big screen),
except the hand records of a duplicate round, which its club's ``arbiter`` reads before
the round is complete and anyone after. Every refused command answers a problem with the
tournament rule's id in ``rule``; nothing of it is stored.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify, url_for

from events.store.tournaments import TournamentNotFound
from projections.tournament import decide
from projections.tournament.documents import (
    STANDING_COLUMNS,
    boards_document,
    round_document,
    standings_document,
    tournament_document,
)
from projections.tournament.state import Round, Tournament
from rules.tournament.errors import TournamentError
from service import tournaments as running
from service.api.access import current_token, require
from service.api.problems import Problem, Text, _
from service.api.requests import json_body, load, load_args
from service.api.tournament_schemas import (
    CorrectionBody,
    CreateTournamentBody,
    DrawBody,
    LinkBody,
    ListArgs,
    NoArgs,
    RegisterBody,
    ResultBody,
    StandingsArgs,
    WithdrawBody,
)
from service.auth import Token
from service.bootstrap import services
from workers.results import to_csv

bp = Blueprint("tournaments", __name__)

CONFLICTS = frozenset(
    {
        "team-already-registered",
        "player-in-two-teams",
        "team-already-withdrawn",
        "game-not-finished",
        "game-in-progress",
        "round-incomplete",
        "tournament-over",
        "table-already-linked",
        "game-already-linked",
        "result-already-recorded",
    }
)


def refused(error: TournamentError) -> Problem:
    """The refusal in the reader's language: its message and words, from the catalogues."""
    slug = "conflict" if error.rule in CONFLICTS else "tournament-refused"
    extra: dict[str, Any] = {"rule": error.rule}
    said = Text(error.message, error.words)
    if error.field:
        extra["errors"] = {error.field: [said]}
    return Problem(slug, said, **extra)


def _state(tid: UUID) -> Tournament:
    try:
        return running.load(services().tournaments, tid)
    except TournamentNotFound:
        raise Problem("not-found", _("no tournament {tournament}", tournament=tid)) from None


def _writer(tid: UUID, scope: str) -> Token:
    token = require(scope)
    state = _state(tid)
    if state.club != token.club:
        raise Problem(
            "forbidden", _("tournament {tournament} belongs to another club", tournament=tid)
        )
    return token


def _run(tid: UUID, scope: str, command: Any, *args: Any) -> Response:
    token = _writer(tid, scope)
    try:
        state, events = running.run(services().tournaments, tid, token.recorded_by, command, *args)
    except TournamentError as error:
        raise refused(error) from None
    return _written(state, events)


def _written(state: Tournament, events: list[tuple[str, dict[str, Any]]]) -> Response:
    """201 with the new version and the events as stored (roster ids as they are)."""
    response = jsonify(
        {"version": state.version, "events": [{"type": t, "data": d} for t, d in events]}
    )
    response.status_code = 201
    return response


def _named(doc: Any) -> Any:
    return running.shown(services().tournaments, doc)


def _round(state: Tournament, number: int) -> Round:
    if not 1 <= number <= len(state.rounds):
        raise Problem("not-found", _("round {number} is not drawn", number=number))
    return state.rounds[number - 1]


@bp.post("/tournaments")
def create_tournament() -> Response:
    token = require("arbiter")
    body = load(CreateTournamentBody(), json_body())
    try:
        tid, version = running.create(
            services().tournaments, body["name"], token.club, body["format"], token.recorded_by
        )
    except TournamentError as error:
        raise refused(error) from None
    response = jsonify({"id": str(tid), "version": version})
    response.status_code = 201
    response.headers["Location"] = url_for("tournaments.get_tournament", tid=tid)
    return response


@bp.get("/tournaments")
def list_tournaments() -> Response:
    args = load_args(ListArgs())
    token = current_token()
    club = args.get("club") or (token.club if token else None)
    if club is None:
        raise Problem(
            "validation",
            _("club: name a club, or send a token"),
            errors={"club": [_("required without a token")]},
        )
    rows = services().tournaments.list(club)
    return jsonify(
        {
            "tournaments": [
                {
                    "id": str(r.id),
                    "name": r.name,
                    "club": r.club,
                    "version": r.version,
                    "created_at": r.created_at.isoformat(),
                }
                for r in rows
            ]
        }
    )


@bp.get("/tournaments/<uuid:tid>")
def get_tournament(tid: UUID) -> Response:
    load_args(NoArgs())
    return jsonify(_named(tournament_document(_state(tid), str(tid))))


@bp.get("/tournaments/<uuid:tid>/events")
def tournament_events(tid: UUID) -> Response:
    """The stream; the boards of a duplicate round still in play are sent as ``null`` (named
    in ``redacted``) to anyone but the club's arbiter, as ``…/boards`` does."""
    load_args(NoArgs())
    state = _state(tid)
    events = services().tournaments.read(tid)
    out = []
    for e in events:
        doc: dict[str, Any] = {
            "version": e.version,
            "id": str(e.event_id),
            "type": e.type,
            "data": e.data,
        }
        if e.type == "RoundDrawn" and e.data.get("boards"):
            rnd = state.rounds[e.data["round"] - 1]
            if not _sees_boards(state, rnd):
                doc["data"] = {**e.data, "boards": None}
                doc["redacted"] = ["boards"]
        doc.update(recorded_at=e.recorded_at.isoformat(), recorded_by=e.recorded_by, hash=e.hash)
        out.append(doc)
    return jsonify({"events": out})


def _sees_boards(state: Tournament, rnd: Round) -> bool:
    """The hand records of a round: anyone once it is complete, the club's arbiter before."""
    if state.round_complete(rnd):
        return True
    token = current_token()
    return token is not None and token.club == state.club and token.allows("arbiter")


@bp.post("/tournaments/<uuid:tid>/teams")
def register_team(tid: UUID) -> Response:
    """A team of two players, each a roster id of the club or a free-text name."""
    body = load(RegisterBody(), json_body())
    token = _writer(tid, "arbiter")
    try:
        state, events = running.register(
            services().tournaments, tid, token.recorded_by, body["name"], body["players"]
        )
    except TournamentError as error:
        raise refused(error) from None
    return _written(state, events)


@bp.post("/tournaments/<uuid:tid>/teams/<team>/withdrawal")
def withdraw_team(tid: UUID, team: str) -> Response:
    body = load(WithdrawBody(), json_body())
    return _run(tid, "arbiter", decide.withdraw, team, body.get("reason"))


@bp.post("/tournaments/<uuid:tid>/rounds")
def draw_round(tid: UUID) -> Response:
    body = load(DrawBody(), json_body())
    seed = body.get("seed")
    return _run(tid, "arbiter", decide.draw, running.new_seed() if seed is None else seed)


@bp.get("/tournaments/<uuid:tid>/rounds/<int:number>")
def get_round(tid: UUID, number: int) -> Response:
    load_args(NoArgs())
    state = _state(tid)
    return jsonify(_named(round_document(state, _round(state, number))))


@bp.get("/tournaments/<uuid:tid>/rounds/<int:number>/boards")
def get_boards(tid: UUID, number: int) -> Response:
    load_args(NoArgs())
    state = _state(tid)
    rnd = _round(state, number)
    if not state.format.duplicate:
        raise Problem("not-found", _("this tournament plays games, not duplicate boards"))
    if not _sees_boards(state, rnd):
        raise Problem("forbidden", _("the hand records are shown once the round is complete"))
    return jsonify(boards_document(rnd))


@bp.post("/tournaments/<uuid:tid>/rounds/<int:number>/tables/<int:table>/game")
def link_game(tid: UUID, number: int, table: int) -> Response:
    body = load(LinkBody(), json_body())
    token = _writer(tid, "record")
    try:
        state, events = running.link_game(
            services().tournaments,
            services().store,
            tid,
            token.recorded_by,
            token.club,
            number,
            table,
            body["game"],
        )
    except TournamentError as error:
        raise refused(error) from None
    return _written(state, events)


@bp.post("/tournaments/<uuid:tid>/rounds/<int:number>/tables/<int:table>/result")
def record_result(tid: UUID, number: int, table: int) -> Response:
    body = load(ResultBody(), json_body())
    return _run(tid, "record", decide.record, number, table, body["points"], body.get("board"))


@bp.post("/tournaments/<uuid:tid>/rounds/<int:number>/tables/<int:table>/correction")
def correct_result(tid: UUID, number: int, table: int) -> Response:
    body = load(CorrectionBody(), json_body())
    return _run(
        tid,
        "arbiter",
        decide.correct,
        number,
        table,
        body["points"],
        body["reason"],
        body.get("board"),
    )


@bp.get("/tournaments/<uuid:tid>/standings")
def get_standings(tid: UUID) -> Response:
    args = load_args(StandingsArgs())
    state = _state(tid)
    rows = _named(standings_document(state))
    if args.get("format") == "csv":
        response = Response(to_csv(rows, STANDING_COLUMNS), mimetype="text/csv")
        response.headers["Content-Disposition"] = 'attachment; filename="standings.csv"'
        return response
    return jsonify({"name": state.name, "rounds": len(state.rounds), "standings": rows})
