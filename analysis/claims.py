"""Was a claim sound? A claim is sound when the claiming team takes the tricks it
claimed whatever the other team does (every hand known, the claimers playing their
best): the double-dummy reading of "the rest was a sure thing".

>>> from analysis.position import Position
>>> from analysis.solver import Solver
>>> from rules.cards import mask_of, parse_cards
>>> from rules.contract import Trump
>>> from rules.registry import find_profile
>>> from rules.seats import Seat
>>> held = (["JH", "AS"], ["7S", "8S"], ["9H", "KS"], ["TS", "QS"])
>>> hands = tuple(mask_of(parse_cards(h)) for h in held)
>>> pos = Position(hands, (), Seat.N, Trump.H, find_profile("ffb"))
>>> claim_sound(pos, Team.NS, Solver()), claim_sound(pos, Team.EW, Solver(), tricks=1)
(True, False)
"""

from __future__ import annotations

from analysis.position import Position
from analysis.solver import Solver
from rules.seats import Team


def sure_tricks(pos: Position, team: Team, solver: Solver) -> int:
    """The tricks of the rest (the one on the table included) ``team`` is sure to take."""
    return solver.tricks(pos)[team]


def claim_sound(pos: Position, team: Team, solver: Solver, tricks: int | None = None) -> bool:
    """Does ``team`` surely take ``tricks`` of the rest (all of them when None)?"""
    wanted = pos.remaining_tricks() if tricks is None else tricks
    if not 0 <= wanted <= pos.remaining_tricks():
        raise ValueError(f"a claim is of 0 to {pos.remaining_tricks()} tricks here")
    return sure_tricks(pos, team, solver) >= wanted
