"""A plain minimax (no pruning, no merging of cards): the yardstick of the solver.

It walks every legal card of :func:`rules.play.legal_cards` through
:meth:`Position.play`, so it shares nothing with the compiled search but the rules.
Positions met twice are looked up (a cache, not a cut: every line is still valued).
"""

from __future__ import annotations

from functools import cache

from analysis.position import Position
from rules.cards import iter_cards


@cache
def minimax(pos: Position) -> int:
    """North-South's card points from ``pos`` on, both sides playing their best."""
    if pos.done:
        return 0
    values = []
    for c in iter_cards(pos.legal()):
        nxt, won, _tricks = pos.play(c)
        values.append(won[0] + minimax(nxt))
    return max(values) if pos.turn.team == 0 else min(values)


@cache
def most_tricks(pos: Position) -> int:
    """North-South's tricks from ``pos`` on, both sides playing for tricks."""
    if pos.done:
        return 0
    values = []
    for c in iter_cards(pos.legal()):
        nxt, _won, tricks = pos.play(c)
        values.append(tricks[0] + most_tricks(nxt))
    return max(values) if pos.turn.team == 0 else min(values)
