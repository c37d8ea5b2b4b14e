"""The deals of a game as the rules see them: each finished deal, or the deal at a point.

What the double-dummy analysis reads (``coinche analyse``, ``coinche solve``): the
last state of each deal, with the hands it recorded or revealed.
"""

from __future__ import annotations

from collections.abc import Iterable

from projections.address import Upto
from projections.entries import Entry
from projections.fold import project, states
from rules.deal import Deal, Phase


def finished_deals(entries: Iterable[Entry]) -> list[Deal]:
    """Every deal of the game whose 32 cards were played, in order."""
    done: list[Deal] = []
    for _entry, state in states(entries):
        deal = state.game.deal if state.game is not None else None
        if deal is None or deal.phase is not Phase.DONE:
            continue
        if done and done[-1].number == deal.number:
            done[-1] = deal
        else:
            done.append(deal)
    return done


def deal_at(entries: Iterable[Entry], upto: Upto | None) -> Deal | None:
    """The deal in progress (or just over) at ``upto``; the last one when None."""
    state = project(entries, upto)
    return state.game.deal if state.game is not None else None
