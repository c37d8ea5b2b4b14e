"""The score sheet: per deal the contract, made or down, points, marks and totals.

The document of DESIGN.md ("Score sheet and audit findings"), with the extra
columns a club's paper sheet shows: counted announces, belote, marks before
rounding, false-announce penalties, rulings and the marks written at the table.
The same JSON is printed by ``coinche score FILE`` and served by the API.
"""

from __future__ import annotations

from typing import Any

from projections.state import GameState, Ruling
from rules.contract import Contract
from rules.game import DealRecord


def _teams(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def contract_json(c: Contract | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {"taker": c.taker.name, "value": c.value, "trump": c.trump.name, "coinche": c.coinche}


def deal_json(record: DealRecord, totals: tuple[int, int]) -> dict[str, Any]:
    r = record.result
    row: dict[str, Any] = {
        "number": record.number,
        "dealer": record.dealer.name,
        "contract": contract_json(r.contract),
        "made": r.made,
        "points": _teams(r.points),
        "marks": _teams(r.marks),
        "card_points": _teams(r.card_points),
        "announces": _teams(r.announces),
        "belote": _teams(r.belote),
        "marks_before_rounding": _teams(r.raw_marks),
        "penalties": _teams(r.penalties),
        "tricks": _teams(r.tricks),
        "capot": r.capot.name if r.capot is not None else None,
        "generale": r.generale.name if r.generale is not None else None,
        "misdeal": record.misdeal.name if record.misdeal is not None else None,
        "all_passed": r.contract is None and record.misdeal is None,
        "totals": _teams(totals),
    }
    return row


def score_sheet(state: GameState) -> dict[str, Any]:
    """The score sheet of a projected game (finished deals only)."""
    meta, game = state.meta, state.game
    if meta is None or game is None:
        return {"profile": None, "deals": [], "totals": {"NS": 0, "EW": 0}, "winner": None}
    deals = []
    running = [0, 0]
    rulings: dict[int, list[Ruling]] = {}
    for ruling in state.rulings:
        rulings.setdefault(ruling.deal, []).append(ruling)
    recorded = {r.deal: r.marks for r in state.recorded}
    for record in game.records:
        marks = record.result.marks
        running = [running[0] + marks[0], running[1] + marks[1]]
        for ruling in rulings.get(record.number, []):
            running = [running[0] + ruling.adjustment[0], running[1] + ruling.adjustment[1]]
        row = deal_json(record, (running[0], running[1]))
        row["rulings"] = [
            {"adjustment": _teams(r.adjustment), "reason": r.reason, "by": r.by}
            for r in rulings.get(record.number, [])
        ]
        written = recorded.get(record.number)
        row["recorded_marks"] = _teams(written) if written is not None else None
        deals.append(row)
    return {
        "profile": meta.profile.id,
        "target": meta.target,
        "deals": deals,
        "totals": _teams(game.totals),
        "winner": game.winner.name if game.winner is not None else None,
        "status": state.status,
    }
