"""The state as JSON, seen by the arbiter, by one seat, or by the public.

- ``arbiter``: everything, every hand.
- ``seat``: what one player knows: its own hand; of the others only how many cards
  they hold (their unplayed cards never appear, announces show their kind only).
- ``public``: a spectator: no hand during a deal; the hands of a deal once it ends.

Keys are emitted in a fixed order and lists in play order, so the same events
always give the same JSON.
"""

from __future__ import annotations

from typing import Any, Literal

from i18n.findings import render
from i18n.vocabulary import vocabulary_of
from projections.address import address_of
from projections.sheet import contract_json, deal_json
from projections.state import GameState
from rules.actions import BidPlaced, Call, Coinched, Passed
from rules.cards import CardSet, card_name, names
from rules.deal import Deal, Phase
from rules.seats import SEATS, Seat
from rules.verdict import as_params

View = Literal["arbiter", "seat", "public"]


def call_json(call: Call) -> dict[str, Any]:
    if isinstance(call, BidPlaced):
        return {
            "seat": call.seat.name,
            "call": "bid",
            "value": call.value,
            "trump": call.trump.name,
        }
    kind = (
        "pass"
        if isinstance(call, Passed)
        else "coinche"
        if isinstance(call, Coinched)
        else "surcoinche"
    )
    return {"seat": call.seat.name, "call": kind}


def _hands(
    deal: Deal, view: View, seat: Seat | None, inferred: tuple[CardSet, ...] | None
) -> dict[str, Any]:
    dealt = deal.hands if deal.hands is not None else inferred
    if deal.phase is Phase.DONE and dealt is None:
        dealt = deal.played
    out: dict[str, Any] = {}
    for s in SEATS:
        count = 8 - deal.played[s].bit_count()
        visible = (
            view == "arbiter" or (view == "seat" and s == seat) or (view == "public" and deal.over)
        )
        if deal.over and view != "seat":
            held = names(dealt[s]) if dealt is not None else None
        elif visible and dealt is not None:
            held = names(dealt[s] & ~deal.played[s])
        else:
            held = None
        out[s.name] = {"count": 0 if deal.over else count, "cards": held}
    return out


def _announces(deal: Deal, view: View, seat: Seat | None) -> list[dict[str, Any]]:
    out = []
    for d in deal.declared:
        item: dict[str, Any] = {"seat": d.seat.name, "kind": d.kind.value, "trick": d.trick + 1}
        if view == "arbiter" or deal.over or (view == "seat" and d.seat == seat):
            item["cards"] = [card_name(c) for c in d.cards]
        out.append(item)
    return out


def deal_view(
    deal: Deal,
    view: View = "arbiter",
    seat: Seat | None = None,
    inferred: tuple[CardSet, ...] | None = None,
) -> dict[str, Any]:
    return {
        "number": deal.number,
        "dealer": deal.dealer.name,
        "phase": deal.phase.value,
        "turn": None if deal.over else deal.turn.name,
        "hands": _hands(deal, view, seat, inferred),
        "hands_recorded": deal.hands is not None,
        "auction": [call_json(c) for c in deal.auction.calls],
        "contract": contract_json(deal.contract),
        "announces": _announces(deal, view, seat),
        "belotes": [
            {
                "seat": b.seat.name,
                "word": b.word.value,
                "card": None if b.card is None else card_name(b.card),
            }
            for b in deal.belotes
        ],
        "trick": {
            "number": len(deal.tricks) + 1,
            "leader": (deal.trick_seats[0].name if deal.trick_seats else None),
            "cards": [
                {"seat": s.name, "card": card_name(c)}
                for s, c in zip(deal.trick_seats, deal.trick_cards, strict=True)
            ],
        },
        "tricks": [
            {
                "number": i + 1,
                "leader": t.leader.name,
                "winner": t.winner.name,
                "points": t.points,
                "cards": [
                    {"seat": s.name, "card": card_name(c)}
                    for s, c in zip(t.seats, t.cards, strict=True)
                ],
            }
            for i, t in enumerate(deal.tricks)
        ],
        "card_points": {"NS": deal.card_points()[0], "EW": deal.card_points()[1]},
    }


def state_view(
    state: GameState,
    view: View = "arbiter",
    seat: Seat | None = None,
    inferred: tuple[CardSet, ...] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """The JSON document of a state. ``seat`` is required for the seat view; the
    anomalies' ``detail`` is worded in ``lang``."""
    if view == "seat" and seat is None:
        raise ValueError("the seat view needs a seat (N, E, S or W)")
    meta, game = state.meta, state.game
    doc: dict[str, Any] = {
        "version": state.version,
        "position": state.position,
        "status": state.status,
        "view": view if view != "seat" or seat is None else f"seat:{seat.name}",
    }
    if meta is None or game is None:
        doc.update(profile=None, vocabulary=None, deal=None, totals={"NS": 0, "EW": 0}, winner=None)
        return doc
    address = address_of(state)
    deal = game.deal
    last = game.records[-1] if game.records else None
    doc.update(
        profile=meta.profile.id,
        vocabulary=vocabulary_of(meta.profile).value,
        enforcement=meta.enforcement,
        club=meta.club,
        seats={s.name: meta.seats.get(s) for s in SEATS},
        target=meta.target,
        deals=meta.deals,
        address=None if address is None else str(address),
        next_dealer=game.next_dealer.name,
        deal=None if deal is None else deal_view(deal, view, seat, inferred),
        last_deal=None
        if last is None or deal is None or last.number != deal.number
        else deal_json(last, game.totals),
        totals={"NS": game.totals[0], "EW": game.totals[1]},
        winner=None if game.winner is None else game.winner.name,
        abandoned=state.abandoned,
        voided=sorted(state.voided),
    )
    if view == "arbiter":
        words = vocabulary_of(meta.profile)
        doc["anomalies"] = [
            {
                "version": a.version,
                "deal": a.deal,
                "trick": a.trick,
                "seat": a.seat.name if a.seat is not None else None,
                "rule": a.rule,
                "params": as_params(a.facts),
                "detail": render(a.rule, as_params(a.facts), lang, words),
                "severity": a.severity,
                "applied": a.applied,
            }
            for a in state.anomalies
        ]
    return doc
