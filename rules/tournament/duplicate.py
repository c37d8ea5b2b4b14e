"""Scoring a duplicate session: every table plays the same boards; each result of a board
is compared with the other tables' results of that board.

A result is compared on its *net*: the North-South team's marks minus the East-West
team's marks for the deal. **Matchpoints**: a result gets 2 per other result with a
lower net and 1 per equal net (the East-West team gets the rest of the top, ``2(n-1)``
on a board played ``n`` times), so a board's North-South matchpoints sum to ``n(n-1)``.
**Neuberg**: a board played ``k`` times while the session expected ``n`` results is
scaled to ``(mp + 1) * n / k - 1``, the formula the WBF, ACBL and EBU use (written for
this 2-per-result scale). **Cross-IMPs** (the IMP-like scale): the difference of nets
with each other result is converted by :data:`IMP_SCALE` and the sum divided by the number
of other results.

>>> matchpoints([90, 40, 40, -160])
[6, 3, 3, 0]
>>> neuberg(18, played=10, expected=11)
Fraction(199, 10)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

IMP_SCALE = (20, 50, 90, 130, 170, 220, 270, 330, 400, 500, 600, 750, 900, 1100, 1300)
"""Lowest difference of marks for 1, 2, … 15 IMPs (a convention of this project: Coinche
marks run in tens, a game's deal from 0 to about 500, a coinched capot higher)."""


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board: the teams and the marks of the deal."""

    board: int
    table: int
    ns: str
    ew: str
    marks_ns: int
    marks_ew: int

    @property
    def net(self) -> int:
        return self.marks_ns - self.marks_ew


@dataclass(frozen=True, slots=True)
class TeamScore:
    """A team's session: its matchpoints (Neuberg-corrected), the top it could have had,
    its percentage (50 when there was nothing to compare with), its cross-IMPs and the
    boards it played."""

    team: str
    matchpoints: Fraction
    top: int
    imps: Fraction
    boards: int

    @property
    def percentage(self) -> Fraction:
        return Fraction(100) * self.matchpoints / self.top if self.top else Fraction(50)


def matchpoints(nets: Sequence[int]) -> list[int]:
    """North-South matchpoints of each result: 2 per lower net, 1 per equal one."""
    return [
        sum(2 if other < mine else 1 if other == mine else 0 for other in nets) - 1 for mine in nets
    ]


def neuberg(mp: int | Fraction, played: int, expected: int) -> Fraction:
    """``mp`` scored on a board played ``played`` times, scaled to ``expected`` results."""
    if not 1 <= played <= expected:
        raise ValueError(f"a board played {played} times cannot be scaled to {expected}")
    return (Fraction(mp) + 1) * expected / played - 1


def imps(difference: int, scale: Sequence[int] = IMP_SCALE) -> int:
    """IMPs for a difference of marks (negative for a negative difference)."""
    value = bisect_right(scale, abs(difference))
    return value if difference >= 0 else -value


def cross_imps(nets: Sequence[int], scale: Sequence[int] = IMP_SCALE) -> list[Fraction]:
    """North-South cross-IMPs of each result, averaged over the other results."""
    if len(nets) < 2:
        return [Fraction(0) for _ in nets]
    return [
        Fraction(
            sum(imps(mine - other, scale) for j, other in enumerate(nets) if j != i), len(nets) - 1
        )
        for i, mine in enumerate(nets)
    ]


def bye_score(team: str, percentage: int, expected: int, boards: int) -> TeamScore:
    """The session of ``team``, which had the bye of a round of ``expected`` tables and
    ``boards`` boards: ``percentage`` of the top a team playing every board would have had
    (``2(expected - 1)`` per board), and 0 cross-IMPs (the average).

    >>> bye_score("e", 50, expected=2, boards=2).matchpoints
    Fraction(2, 1)
    """
    top = 2 * (expected - 1) * boards
    return TeamScore(team, Fraction(percentage * top, 100), top, Fraction(0), 0)


def score_session(
    results: Iterable[BoardResult], expected: int | None = None
) -> dict[str, TeamScore]:
    """Every team's session score. ``expected`` is the number of results a full board has
    (default: the most any board had); a board played fewer times is Neuberg-corrected
    (played once, both teams get the average)."""
    boards: dict[int, list[BoardResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    for board, rows in boards.items():
        seen: set[str] = set()
        for r in rows:
            if r.ns == r.ew or r.ns in seen or r.ew in seen:
                raise ValueError(f"board {board}: a team has two results")
            seen.update((r.ns, r.ew))
    full = expected or max((len(rows) for rows in boards.values()), default=0)
    mp_of: dict[str, Fraction] = {}
    imp_of: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for rows in boards.values():
        nets = [r.net for r in rows]
        top = 2 * (len(rows) - 1)
        for r, mp, imp in zip(rows, matchpoints(nets), cross_imps(nets), strict=True):
            for team, own, own_imp in ((r.ns, mp, imp), (r.ew, top - mp, -imp)):
                mp_of[team] = mp_of.get(team, Fraction(0)) + neuberg(own, len(rows), full)
                imp_of[team] = imp_of.get(team, Fraction(0)) + own_imp
                played[team] = played.get(team, 0) + 1
    return {
        team: TeamScore(team, mp_of[team], 2 * (full - 1) * n, imp_of[team], n)
        for team, n in played.items()
    }
