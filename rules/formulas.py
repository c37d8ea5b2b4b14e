"""Each profile family's mark formulas (RULES.md "Making the contract and the mark").

Notation of RULES.md: T and D the takers' and the defence's totals (cards, last
trick or capot, counted announces, belote); ``bid`` the contract value (a capot bid
counts the profile's ``capot_value``, 250); ``m`` the coinche multiplier (1, 2, 4).
The functions return raw marks (NS, EW), before rounding and false-announce
penalties. One function per :class:`~rules.profiles.Marks` value.

Unbid capots (8 tricks without a capot bid) in the contrée family: made and not
coinched, the mark keeps each team's own belote, as every made and not coinched mark
does ("a team's mark when made and not coinched keeps its own belote"): ``contree``
250 + bid, ``contree-points-faits`` 250, each plus its own belote, the defence its own.
Coinched, ``contree-points-faits`` scores the "made, coinched" row, 320 / 640 + every
belote (its capot row, "unbid capot 250", is the uncoinched mark); ``contree`` keeps
250 + m × bid + every belote (conv.: its capot row with the coinche multiplying the
bid). ``contree-points-annonces`` scores the bid only (× m), capot or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.profiles import Marks, Profile
from rules.seats import Team

FALL = 160  # the "160 de chute": what the defence scores when the takers go down


@dataclass(frozen=True, slots=True)
class Inputs:
    profile: Profile
    takers: Team
    made: bool
    m: int
    bid: int
    capot_bid: bool
    capot: Team | None
    generale: bool
    points: tuple[int, int]
    announces: tuple[int, int]
    belote: tuple[int, int]


def _pair(x: Inputs, takers_mark: int, defence_mark: int) -> tuple[int, int]:
    return (takers_mark, defence_mark) if x.takers is Team.NS else (defence_mark, takers_mark)


def _ffb(x: Inputs) -> tuple[int, int]:
    t, d = x.takers, 1 - x.takers
    at, ad = x.announces[t], x.announces[d]
    bt, bd = x.belote[t], x.belote[d]
    both = at + ad
    if x.made:
        if x.m == 1:
            takers, defence = x.points[t] + x.bid, x.points[d]
            if x.capot == x.takers:  # the defenders' announces change hands
                takers, defence = takers + ad, defence - ad
            return _pair(x, takers, defence)
        base = FALL
        if x.capot == x.takers:
            base = (
                x.profile.generale_points
                if x.generale and x.profile.generale_points
                else x.profile.capot_value
            )
        return _pair(x, x.m * (base + both + bt + x.bid), bd)
    defence = FALL + both + bd + x.bid
    return _pair(x, bt, x.m * defence)


def _all_belotes(x: Inputs) -> int:
    return x.belote[0] + x.belote[1]


def _contree(x: Inputs) -> tuple[int, int]:
    t, d = x.takers, 1 - x.takers
    belotes = _all_belotes(x)
    if x.capot_bid:
        score = 500 * x.m + belotes
        return _pair(x, score, 0) if x.made else _pair(x, 0, score)
    if x.capot is not None:  # an unbid capot: 250 + bid (× m, conv.) for the capot team
        if x.capot == x.takers and x.m == 1:  # made, not coinched: each keeps its own belote
            return _pair(x, 250 + x.bid + x.belote[t], x.belote[d])
        score = 250 + x.m * x.bid + belotes
        return _pair(x, score, 0) if x.capot == x.takers else _pair(x, 0, score)
    if x.m == 1:
        if x.made:
            return _pair(x, x.points[t] + x.bid, x.points[d])
        return _pair(x, 0, FALL + x.bid + belotes)
    score = FALL + x.m * x.bid + belotes
    return _pair(x, score, 0) if x.made else _pair(x, 0, score)


def _points_faits(x: Inputs) -> tuple[int, int]:
    t, d = x.takers, 1 - x.takers
    belotes = _all_belotes(x)
    if x.capot_bid:
        score = 500 * x.m + belotes
        return _pair(x, score, 0) if x.made else _pair(x, 0, score)
    if x.capot is not None and x.m == 1:  # an unbid capot, not coinched: 250
        if x.capot == x.takers:  # made: each team keeps its own belote (part of T and D)
            return _pair(x, 250 + x.belote[t], x.belote[d])
        return _pair(x, 0, 250 + belotes)
    if x.m == 1:
        if x.made:
            return _pair(x, x.points[t], x.points[d])
        return _pair(x, 0, FALL + belotes)
    score = FALL * x.m + belotes
    return _pair(x, score, 0) if x.made else _pair(x, 0, score)


def _points_annonces(x: Inputs) -> tuple[int, int]:
    if x.made:
        return _pair(x, x.m * x.bid, 0)
    return _pair(x, 0, FALL if x.m == 1 else x.m * x.bid)


def _yeeqia(x: Inputs) -> tuple[int, int]:
    t, d = x.takers, 1 - x.takers
    bt, bd = x.belote[t], x.belote[d]
    if x.made:
        if x.m == 1:
            return _pair(x, x.points[t] + x.bid, x.points[d])
        return _pair(x, x.m * (x.points[t] + x.bid), bd)
    if x.m == 1:
        return _pair(x, bt, FALL + x.bid + bd)
    return _pair(x, bt, x.m * (FALL + x.bid) + bd)


def _tripot(x: Inputs) -> tuple[int, int]:
    t, d = x.takers, 1 - x.takers
    bt, bd = x.belote[t], x.belote[d]
    if x.capot_bid:
        score = (x.profile.capot_value + x.profile.capot_points) * x.m
        return _pair(x, score + bt, bd) if x.made else _pair(x, bt, score + bd)
    if x.m == 1:
        if x.made:
            return _pair(x, x.points[t] + x.bid, x.points[d])
        return _pair(x, bt, FALL + x.bid + bd)
    score = (FALL + x.bid) * x.m
    return _pair(x, score + bt, bd) if x.made else _pair(x, bt, score + bd)


FORMULAS: dict[Marks, Callable[[Inputs], tuple[int, int]]] = {
    Marks.FFB: _ffb,
    Marks.CONTREE: _contree,
    Marks.POINTS_FAITS: _points_faits,
    Marks.POINTS_ANNONCES: _points_annonces,
    Marks.YEEQIA: _yeeqia,
    Marks.TRIPOT: _tripot,
}


def marks_for(x: Inputs) -> tuple[int, int]:
    return FORMULAS[x.profile.marks](x)
