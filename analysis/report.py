"""One deal analysed, as plain data: the table, the makeable contracts, par, what
each card cost and the critical moments; and one position solved card by card.

These are what ``coinche solve``, ``coinche analyse`` and the API print. Seats, trumps
and cards are written in the project's notation (``"N"``, ``"H"``, ``"JH"``).
"""

from __future__ import annotations

from typing import Any

from analysis.costs import analyse_play
from analysis.outcome import Terms
from analysis.position import Position, PositionError
from analysis.solver import Solver
from analysis.table import Makeable, dd_table, makeable, par
from rules.cards import Card, card_name, iter_cards
from rules.contract import CAPOT, BidValue
from rules.deal import Deal
from rules.declarations import judge_declarations
from rules.seats import Seat, next_seat

VERSION = 1  # of the analysis document: a cached document of another version is redone


def solve_position(pos: Position, solver: Solver) -> dict[str, Any]:
    """The position's value for each team and its value after each legal card."""
    ns, ew = solver.value(pos)
    after = solver.after_each_card(pos)
    return {
        "turn": pos.turn.name,
        "trump": pos.trump.name,
        "trick": [card_name(c) for _s, c in pos.trick],
        "value": {"NS": ns, "EW": ew},
        "cards": [
            {"card": card_name(c), "NS": v[0], "EW": v[1]}
            for c, v in sorted(after.items(), key=lambda kv: -kv[1][pos.turn.team])
        ],
    }


def _value(v: BidValue) -> int | str:
    return "capot" if v == CAPOT else int(v)


def _contract(m: Makeable) -> dict[str, Any]:
    return {"team": m.team.name, "trump": m.trump.name, "value": _value(m.value)}


def _played(deal: Deal) -> list[tuple[Seat, Card]]:
    cards = [(s, c) for t in deal.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    return cards + list(zip(deal.trick_seats, deal.trick_cards, strict=True))


def analyse_deal(deal: Deal, solver: Solver) -> dict[str, Any]:
    """Everything :mod:`analysis` says about one deal whose hands are known."""
    profile = deal.profile
    dealt = [deal.dealt(s) for s in Seat]
    if any(h is None for h in dealt):
        raise PositionError(f"deal {deal.number}: the hands were not recorded and it is not over")
    hands = (dealt[0] or 0, dealt[1] or 0, dealt[2] or 0, dealt[3] or 0)
    if any(h.bit_count() != 8 for h in hands):
        raise PositionError(f"deal {deal.number}: the hands are not four hands of eight cards")
    rows = dd_table(profile, hands, deal.dealer, solver)
    best = par(profile, rows, deal.dealer)
    doc: dict[str, Any] = {
        "version": VERSION,
        "deal": deal.number,
        "profile": profile.id,
        "dealer": deal.dealer.name,
        "hands": {s.name: [card_name(c) for c in iter_cards(hands[s])] for s in Seat},
        "table": [
            {
                "trump": r.trump.name,
                "NS": r.points[0],
                "EW": r.points[1],
                "capot": r.capot.name if r.capot is not None else None,
                "announces": {"NS": r.announces[0], "EW": r.announces[1]},
                "belote": {"NS": r.belote[0], "EW": r.belote[1]},
            }
            for r in rows
        ],
        "makeable": [_contract(m) for m in makeable(profile, rows)],
        "par": {
            "contract": _contract(best.contract) if best.contract else None,
            "made": best.made,
            "coinche": best.coinche,
            "marks": {"NS": best.marks[0], "EW": best.marks[1]},
        },
        "contract": None,
        "cards": [],
        "critical": [],
        "stopped": "",
    }
    contract = deal.contract
    if contract is None:
        return doc
    said = [(b.seat, b.word, b.card) for b in deal.belotes]
    decl = judge_declarations(deal.declared, said, hands, contract.trump, profile)
    terms = Terms(
        contract.takers,
        contract.value,
        contract.trump,
        contract.coinche,
        decl.resolution.counted,
        decl.belote_points,
    )
    leader = next_seat(deal.dealer, profile.direction)
    report = analyse_play(profile, hands, leader, terms, _played(deal), solver)
    doc["contract"] = {
        "taker": contract.taker.name,
        "value": _value(contract.value),
        "trump": contract.trump.name,
        "coinche": contract.coinche,
    }
    doc["cards"] = [
        {
            "index": c.index,
            "trick": c.trick,
            "seat": c.seat.name,
            "card": card_name(c.card),
            "cost": c.cost,
            "points_cost": c.points_cost,
            "best": [card_name(b) for b in c.best],
            "made_after": c.made_after,
        }
        for c in report.costs
    ]
    doc["critical"] = [
        {
            "index": k.index,
            "trick": k.trick,
            "seat": k.seat.name,
            "card": card_name(k.card),
            "made_before": k.made_before,
            "made_after": k.made_after,
            "capot_before": k.capot_before.name if k.capot_before is not None else None,
            "capot_after": k.capot_after.name if k.capot_after is not None else None,
        }
        for k in report.critical
    ]
    doc["stopped"] = report.stopped
    return doc
