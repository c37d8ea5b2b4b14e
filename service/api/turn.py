"""``GET /games/{id}/turn``: who acts now and what they may do, for a recording page.

The answer is the rules engine's :func:`rules.options.options` on the game's current
state (its profile, club profiles included), plus the event an ``Undo`` would void.
The legal cards name cards the seat to play holds, so during a live game it needs a
token of the game's club that records or arbitrates it (as the hidden hands do); once
the game is over it answers ``phase: over`` to any reader. Never cached: it changes
with every event.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify

from events.store.games import GameRow
from projections.replay import state_at
from projections.state import GameState
from projections.views import call_json
from rules.cards import names
from rules.options import options
from service.api.access import check_read, current_token, sees_hidden
from service.api.problems import Problem
from service.api.requests import load_args
from service.api.schemas import NoArgs
from service.bootstrap import services

bp = Blueprint("turn", __name__)

TABLE_EVENTS = frozenset(
    {
        "DealStarted",
        "Passed",
        "BidPlaced",
        "Coinched",
        "Surcoinched",
        "AnnounceDeclared",
        "BeloteDeclared",
        "CardPlayed",
        "Claimed",
        "Misdeal",
    }
)


@bp.get("/games/<uuid:game_id>/turn")
def turn(game_id: UUID) -> Response:
    load_args(NoArgs())
    s = services()
    game = s.store.game(game_id)
    check_read(game)
    token = current_token()
    if not sees_hidden(game, token):
        raise Problem(
            "forbidden",
            "the turn of a live game names the cards of the seat to play: it needs a token "
            "of the game's club with the 'record' or 'arbiter' scope",
        )
    with s.pool.connection() as conn:
        state = state_at(conn, game_id, None)
    doc = turn_json(state)
    doc["undo"] = _undo(game, state, token.recorded_by if token is not None else None)
    response = jsonify(doc)
    response.headers["Cache-Control"] = "no-store"
    return response


def turn_json(state: GameState) -> dict[str, Any]:
    """The options of ``state`` as JSON (cards by name, seats by letter)."""
    game, meta = state.game, state.meta
    if game is None or meta is None:
        raise Problem("not-found", "the game has no GameCreated event")
    found = options(game)
    deal = game.deal if found.phase in ("auction", "play") else None
    doc: dict[str, Any] = {
        "version": state.version,
        "status": state.status,
        "profile": meta.profile.id,
        "enforcement": meta.enforcement,
        "phase": "over" if state.over else found.phase,
        "deal": deal.number if deal is not None else None,
        "dealer": None if found.dealer is None else found.dealer.name,
        "seat": None if found.seat is None else found.seat.name,
        "calls": [call_json(c) for c in found.calls],
        "closing": [seat.name for seat in found.closing],
        "cards": None if found.cards is None else names(found.cards),
        "hand": None if found.hand is None else names(found.hand),
        "unplayed": names(found.unplayed),
        "announces": [{"kind": a.kind.value, "cards": names(a.cards)} for a in found.announces],
        "announce_open": found.announce_open,
        "belote": [{"card": names([c])[0], "word": w.value} for c, w in found.belote],
        "claim": None
        if found.phase != "play"
        else {"belote": [s.name for s in found.claim_belote]},
        "hands_recorded": deal is not None and deal.hands is not None,
        "contract": None,
        "trick": [],
        "tricks": 0,
    }
    if deal is not None:
        if deal.contract is not None:
            c = deal.contract
            doc["contract"] = {
                "taker": c.taker.name,
                "value": c.value,
                "trump": c.trump.name,
                "coinche": c.coinche,
            }
        doc["auction"] = [call_json(c) for c in deal.auction.calls]
        doc["trick"] = [
            {"seat": seat.name, "card": names([card])[0]}
            for seat, card in zip(deal.trick_seats, deal.trick_cards, strict=True)
        ]
        doc["tricks"] = len(deal.tricks)
    else:
        doc["auction"] = []
    if state.over:
        doc.update(phase="over", seat=None, calls=[], closing=[], cards=[], hand=None, claim=None)
        doc.update(announces=[], announce_open=False, belote=[])
    return doc


def _undo(game: GameRow, state: GameState, recorded_by: str | None) -> dict[str, Any] | None:
    """The last table event of the deal in progress still standing (not voided): the one an
    Undo voids; ``mine`` says whether the caller's token recorded it (only then may a
    ``record`` token void it itself)."""
    g = state.game
    if g is None or not g.in_deal or not state.deal_versions or state.over:
        return None
    start = state.deal_versions[-1]
    stored = services().store.read(game.game_id, start, state.version)
    standing = [e for e in stored if e.type in TABLE_EVENTS and e.version not in state.voided]
    if not standing:
        return None
    last = standing[-1]
    return {"version": last.version, "type": last.type, "mine": last.recorded_by == recorded_by}
