"""Statistics facts of one game: pure functions from a projected game to table rows.

:func:`game_facts` reads a :class:`~projections.state.GameState` (its finished deals,
their results and the versions where each deal started) and the game's entries
(only to see who coinched and who surcoinched), and returns one row for
``stat_games``, one per deal for ``stat_deals`` and four per deal for
``stat_seats``, as dicts keyed by column. A game still being played has no facts.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from projections.entries import Entry
from projections.state import GameState
from rules.actions import Coinched, Surcoinched
from rules.contract import CAPOT, Contract
from rules.game import DealRecord
from rules.seats import Seat, seats_from

Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class GameFacts:
    game: Row
    deals: list[Row]
    seats: list[Row]


def level_of(contract: Contract) -> str:
    """The bid's level bucket: ``'80'`` … ``'150'``, ``'160+'`` or ``'capot'``.

    >>> from rules.contract import Trump
    >>> [level_of(Contract(Seat.N, v, Trump.H)) for v in (82, 90, 160, 250, "capot")]
    ['80', '90', '160+', '160+', 'capot']
    """
    if contract.value == CAPOT:
        return "capot"
    value = int(contract.value)
    return "160+" if value >= 160 else str(value // 10 * 10)


def callers(state: GameState, entries: Sequence[Entry]) -> list[tuple[Seat | None, Seat | None]]:
    """(coincher, surcoincher) of each deal started, from the applied calls of its span."""
    skipped = {a.version for a in state.anomalies if not a.applied} | state.voided
    starts = state.deal_versions
    out: list[list[Seat | None]] = [[None, None] for _ in starts]
    for e in entries:
        kind = type(e.record)
        if (kind is Coinched or kind is Surcoinched) and e.version not in skipped:
            k = bisect_right(starts, e.version) - 1
            if k >= 0:
                out[k][0 if kind is Coinched else 1] = e.record.seat  # type: ignore[union-attr]
    return [(c, s) for c, s in out]


def game_facts(
    state: GameState, entries: Sequence[Entry], game_id: UUID, played_at: datetime
) -> GameFacts | None:
    """The rows of a game that is over (finished or abandoned); None while it is live."""
    meta, game = state.meta, state.game
    if meta is None or game is None or state.status not in ("finished", "abandoned"):
        return None
    common = {
        "game_id": game_id,
        "club": meta.club,
        "profile": meta.profile.id,
        "visibility": meta.visibility,
        "played_at": played_at,
    }
    winner = game.winner.name if game.winner is not None else None
    head = common | {
        "status": state.status,
        "players": [meta.seats[s] for s in Seat],
        "winner": winner,
        "deals": len(game.records),
        "total_ns": game.totals[0],
        "total_ew": game.totals[1],
        "last_version": state.version,
    }
    calls = callers(state, entries)
    deals: list[Row] = []
    seats: list[Row] = []
    for i, record in enumerate(game.records):
        coincher, surcoincher = calls[i] if i < len(calls) else (None, None)
        deal, seat_rows = deal_rows(state, record, coincher, surcoincher, winner)
        deals.append(common | deal)
        seats += [common | r for r in seat_rows]
    return GameFacts(head, deals, seats)


def deal_rows(
    state: GameState,
    record: DealRecord,
    coincher: Seat | None,
    surcoincher: Seat | None,
    winner: str | None,
) -> tuple[Row, list[Row]]:
    """The ``stat_deals`` row (without the game's columns) and the four seat rows."""
    assert state.meta is not None
    meta, r = state.meta, record.result
    c = r.contract
    order = (*seats_from(record.dealer, meta.profile.direction)[1:], record.dealer)
    position = {s: order.index(s) + 1 for s in Seat}
    takers = c.takers if c is not None else None
    coincher = coincher if c is not None and c.coinche >= 2 else None
    surcoincher = surcoincher if c is not None and c.coinche == 4 else None
    bid = None if c is None or c.value == CAPOT else int(c.value)
    margin = r.points[takers] - bid if takers is not None and bid is not None else None
    outcome = "contract" if c is not None else "passed"
    if record.misdeal is not None:
        outcome = "misdeal"
    declared = {s: 0 for s in Seat}
    counted = {s: 0 for s in Seat}
    belotes = {s: 0 for s in Seat}
    if r.declarations is not None:
        winning = r.declarations.resolution.winner
        for check in r.declarations.announces:
            s = check.declared.seat
            declared[s] += 1
            if check.announce is not None and winning is not None and s.team == winning:
                counted[s] += check.announce.value
        for s, _suit in r.declarations.belote_seats:
            belotes[s] += 1
    deal = {
        "deal": record.number,
        "dealer": record.dealer.name,
        "outcome": outcome,
        "taker": c.taker.name if c else None,
        "taker_position": position[c.taker] if c else None,
        "takers": takers.name if takers is not None else None,
        "bid": bid,
        "level": level_of(c) if c else None,
        "capot_bid": bool(c and c.value == CAPOT),
        "trump": c.trump.name if c else None,
        "trump_class": ("suit" if c.trump.is_suit else c.trump.name) if c else None,
        "coinche": c.coinche if c else None,
        "coincher": coincher.name if coincher is not None else None,
        "surcoincher": surcoincher.name if surcoincher is not None else None,
        "made": r.made,
        "takers_points": r.points[takers] if takers is not None else None,
        "defence_points": r.points[1 - takers] if takers is not None else None,
        "margin": margin,
        "capot_team": r.capot.name if r.capot is not None else None,
        "generale": r.generale is not None,
        "announces": sum(declared.values()),
        "announce_points": sum(r.announces),
        "belotes": sum(belotes.values()),
        "points_ns": r.points[0],
        "points_ew": r.points[1],
        "marks_ns": r.marks[0],
        "marks_ew": r.marks[1],
    }
    rows = []
    for s in Seat:
        team, partner = s.team, s.partner
        took = takers is not None and takers == team
        rows.append(
            {
                "deal": record.number,
                "seat": s.name,
                "player": meta.seats[s],
                "partner": meta.seats[partner],
                "team": team.name,
                "partnership": " & ".join(sorted((meta.seats[s], meta.seats[partner]))),
                "position": position[s],
                "has_contract": c is not None,
                "is_taker": c is not None and c.taker == s,
                "side_took": took,
                "made": r.made,
                "level": deal["level"],
                "trump_class": deal["trump_class"],
                "capot_bid": deal["capot_bid"],
                "coinche": deal["coinche"],
                "coinched_by_me": coincher == s,
                "surcoinched_by_me": surcoincher == s,
                "side_coinched": coincher is not None and coincher.team == team,
                "side_surcoinched": surcoincher is not None and surcoincher.team == team,
                "margin": margin if c is not None and c.taker == s else None,
                "side_margin": margin if took else None,
                "capot_won": r.capot is not None and r.capot == team,
                "announces": declared[s],
                "announce_points": counted[s],
                "side_announces": declared[s] + declared[partner],
                "side_announce_points": counted[s] + counted[partner],
                "belote": belotes[s] > 0,
                "side_belotes": belotes[s] + belotes[partner],
                "team_points": r.points[team],
                "team_marks": r.marks[team],
                "opp_marks": r.marks[1 - team],
                "game_won": winner == team.name,
            }
        )
    return deal, rows
