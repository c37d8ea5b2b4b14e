"""The score sheet: per deal the contract, made or down, points, marks and totals.

The document of DESIGN.md ("Score sheet and audit findings"), with the extra
columns a club's paper sheet shows: counted announces, belote, marks before
rounding, false-announce penalties, rulings and the marks written at the table.
The same JSON is printed by ``coinche score FILE`` and served by the API.
"""

from __future__ import annotations

from typing import Any

from projections.rulings import ruled_marks
from projections.state import GameMeta, GameState, Ruling
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
        "tricks": None if r.tricks is None else _teams(r.tricks),
        "capot": r.capot.name if r.capot is not None else None,
        "generale": r.generale.name if r.generale is not None else None,
        "misdeal": record.misdeal.name if record.misdeal is not None else None,
        "all_passed": r.contract is None and record.misdeal is None,
        "totals": _teams(totals),
    }
    return row


def ruling_json(r: Ruling) -> dict[str, Any]:
    penalty = None
    if r.penalty is not None:
        p, found = r.penalty, r.penalty.finding
        finding = None
        if found is not None:
            seat = found[2].name if found[2] is not None else None
            finding = {"deal": found[0], "trick": found[1], "seat": seat}
        penalty = {
            "penalty": p.name,
            "offender": p.offender.name,
            "finding": finding,
            "marks": _teams(p.marks),
            "made": p.made,
        }
    return {
        "version": r.version,
        "adjustment": _teams(r.adjustment),
        "penalty": penalty,
        "reason": r.reason,
        "by": r.by,
    }


def score_sheet(state: GameState) -> dict[str, Any]:
    """The score sheet of a projected game (finished deals only).

    A ruled deal's row reads the ruled ``marks`` (and ``made`` as a penalty counts it);
    ``marks_before_ruling`` and ``made_before_ruling`` keep what the cards gave (null on
    a deal without a ruling that changed it), and the totals run on the ruled marks.
    """
    meta, game = state.meta, state.game
    if meta is None or game is None:
        return {"profile": None, "deals": [], "totals": {"NS": 0, "EW": 0}, "winner": None}
    deals = []
    running = [0, 0]
    rulings: dict[int, list[Ruling]] = {}
    for ruling in state.rulings:
        rulings.setdefault(ruling.deal, []).append(ruling)
    ruled = ruled_marks(state, state.rulings)
    recorded = {r.deal: r.marks for r in state.recorded}
    for record in game.records:
        marks = ruled.get(record.number, record.result.marks)
        running = [running[0] + marks[0], running[1] + marks[1]]
        row = deal_json(record, (running[0], running[1]))
        mine = rulings.get(record.number, [])
        penalties = [r.penalty for r in mine if r.penalty is not None]
        row["marks_before_ruling"] = None
        row["made_before_ruling"] = None
        if marks != record.result.marks or penalties:
            row["marks_before_ruling"] = row["marks"]
            row["made_before_ruling"] = row["made"]
            row["marks"] = _teams(marks)
            if penalties:
                row["made"] = penalties[-1].made
        row["rulings"] = [ruling_json(r) for r in mine]
        written = recorded.get(record.number)
        row["recorded_marks"] = _teams(written) if written is not None else None
        deals.append(row)
    return {
        "profile": meta.profile.id,
        "target": meta.target,
        "length": _length(meta),
        "deals": deals,
        "totals": _teams(game.totals),
        "winner": game.winner.name if game.winner is not None else None,
        "status": state.status,
    }


def _length(meta: GameMeta) -> dict[str, int]:
    """The game's length: ``{"deals": N}`` for a fixed-length game, else ``{"target": N}``."""
    return {"deals": meta.deals} if meta.deals is not None else {"target": meta.target}
