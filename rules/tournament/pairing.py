"""Drawing a round: who meets whom, and who sits out.

**First round**: the teams, in the order of their ids, are shuffled by
``random.Random(seed)`` (the seed is recorded in the round's event, so the draw can be
checked) and paired in that order; with an odd number the last one has the bye.

**Later rounds** (Swiss): teams are taken in ranking order and each is paired with the
best-placed team below it that it has not met, backtracking when that leaves a team with
nobody it has not met. With an odd number of teams the bye goes to the lowest-ranked
team that has not had one (then, if that makes a rematch unavoidable, the next one up;
teams that had a bye come last). A rematch is never drawn while a draw without one
exists: whether one exists is decided first, in polynomial time, by a maximum matching
(:mod:`rules.tournament.matching`); when the search in ranking order takes more than
:data:`SEARCH_STEPS` steps (histories of many rounds can make it exponential), that
matching's pairs are drawn instead, table 1 to the best-placed team.

**Fallback** when every draw has a rematch: the bye as above, then each team from the
top meets the best-placed free team it has not met, or, when it has met them all, the
best-placed free team; the rematches are listed in the draw (``rematches``) so the
organiser sees them.

>>> random_draw(["a", "b", "c"], seed=7).bye is not None
True
>>> swiss_draw(["a", "b", "c", "d"], met={frozenset("ab")}, had_bye=set()).tables
(('a', 'c'), ('b', 'd'))
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rules.tournament.matching import maximum_matching

Pair = tuple[str, str]

SEATS = ("N", "E", "S", "W")
SEARCH_STEPS = 20_000


class _Exhausted(Exception):
    """The search in ranking order ran past :data:`SEARCH_STEPS`."""


@dataclass(frozen=True, slots=True)
class Draw:
    """A round's draw: ``tables[i]`` is table ``i + 1``, its first team sits North-South."""

    tables: tuple[Pair, ...]
    bye: str | None
    rematches: tuple[Pair, ...] = ()


def first_dealer(round_number: int, table: int) -> str:
    """The seat that deals first at ``table`` in ``round_number``: it turns with both,
    so a team does not always deal first (a convention of this project)."""
    return SEATS[(round_number + table - 2) % 4]


def random_draw(teams: Sequence[str], seed: int) -> Draw:
    """The first round: ``teams`` shuffled by ``seed``, paired in order."""
    order = sorted(teams)
    random.Random(seed).shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    return Draw(tuple((order[i], order[i + 1]) for i in range(0, len(order), 2)), bye)


def swiss_draw(
    ranked: Sequence[str], met: Collection[frozenset[str]], had_bye: Collection[str]
) -> Draw:
    """A later round: ``ranked`` best first, ``met`` the pairs that already played."""
    teams = list(ranked)
    if len(set(teams)) != len(teams):
        raise ValueError("a team appears twice in the ranking")
    candidates: list[str | None] = [None]
    if len(teams) % 2:
        bottom_up = teams[::-1]
        candidates = [t for t in bottom_up if t not in had_bye]
        candidates += [t for t in bottom_up if t in had_bye]
    for bye in candidates:
        field = [t for t in teams if t != bye]
        perfect = _perfect(field, met)
        if perfect is None:
            continue
        tables = _match(field, met)
        return Draw(tuple(perfect if tables is None else tables), bye)
    bye = candidates[0]
    return _fallback([t for t in teams if t != bye], met, bye)


def _perfect(field: list[str], met: Collection[frozenset[str]]) -> list[Pair] | None:
    """Some rematch-free pairing of all of ``field``, or None when there is none."""
    index = {t: i for i, t in enumerate(field)}
    adjacent = [[index[u] for u in field if u != t and frozenset((t, u)) not in met] for t in field]
    partner = maximum_matching(len(field), adjacent)
    if len(partner) != len(field):
        return None
    return [(field[i], field[j]) for i, j in sorted(partner.items()) if i < j]


def _match(field: list[str], met: Collection[frozenset[str]]) -> list[Pair] | None:
    """The rematch-free pairing of ``field`` in ranking order, or None when there is none
    or the search ran out of steps.

    Depth-first, best partner first; a branch is cut as soon as a free team has no free
    team left that it has not met (each team's count of possible partners is kept)."""
    options = {t: sum(1 for u in field if u != t and frozenset((t, u)) not in met) for t in field}
    if any(n == 0 for n in options.values()):
        return None
    try:
        return _search(field, met, options, [SEARCH_STEPS])
    except _Exhausted:
        return None


def _search(
    free: list[str], met: Collection[frozenset[str]], options: dict[str, int], steps: list[int]
) -> list[Pair] | None:
    if not free:
        return []
    steps[0] -= 1
    if steps[0] < 0:
        raise _Exhausted
    first, rest = free[0], free[1:]
    for partner in rest:
        if frozenset((first, partner)) in met:
            continue
        remaining = [t for t in rest if t != partner]
        after = dict(options)
        dead = False
        for t in remaining:
            lost = (frozenset((t, first)) not in met) + (frozenset((t, partner)) not in met)
            after[t] -= lost
            if after[t] == 0:
                dead = True
                break
        if dead:
            continue
        found = _search(remaining, met, after, steps)
        if found is not None:
            return [(first, partner), *found]
    return None


def _fallback(field: list[str], met: Collection[frozenset[str]], bye: str | None) -> Draw:
    free = list(field)
    tables: list[Pair] = []
    rematches: list[Pair] = []
    while free:
        first = free.pop(0)
        partner = next((t for t in free if frozenset((first, t)) not in met), free[0])
        free.remove(partner)
        tables.append((first, partner))
        if frozenset((first, partner)) in met:
            rematches.append((first, partner))
    return Draw(tuple(tables), bye, tuple(rematches))
