"""The ranking of a tournament, from its results only.

Teams are compared on the format's keys in order (:class:`~rules.tournament.formats.RankKey`).
**Tie-break** (documented, the same for every format): teams still equal are compared on
their *opposition*, the sum of the win values (2 per win, 1 per draw) of every team they
met (Buchholz); teams equal on that too share the rank, and are listed in registration
order. A bye counts as a win with the format's bye points and no opponent. A withdrawn
team keeps its results and its place in the ranking.

The ranking depends on the set of results only, never on the order they were recorded.

>>> games = [Game(1, 1, "a", "b", 1200, 800), Game(1, 2, "c", "d", 1000, 1000)]
>>> [(s.rank, s.team, s.wins, s.draws) for s in rank(["a", "b", "c", "d"], games, ())]
[(1, 'a', 1, 0), (2, 'c', 0, 1), (2, 'd', 0, 1), (4, 'b', 0, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rules.tournament.formats import RankKey


@dataclass(frozen=True, slots=True)
class Game:
    """One table's result in a round: team ``a`` scored ``points_a``, team ``b`` ``points_b``."""

    round: int
    table: int
    a: str
    b: str
    points_a: int
    points_b: int


@dataclass(frozen=True, slots=True)
class Bye:
    round: int
    team: str


@dataclass(slots=True)
class Standing:
    """One team's line of the ranking."""

    team: str
    rank: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    opposition: int = 0
    matchpoints: Fraction = Fraction(0)  # duplicate: the session percentage (0 to 100)
    imps: Fraction = Fraction(0)  # duplicate: the sum of cross-IMPs
    opponents: list[str] = field(default_factory=list)

    @property
    def win_value(self) -> int:
        return 2 * self.wins + self.draws

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    def key(self, ranking: Sequence[RankKey]) -> tuple[Fraction | int, ...]:
        values: dict[RankKey, Fraction | int] = {
            RankKey.WINS: self.win_value,
            RankKey.POINTS: self.points_for,
            RankKey.DIFFERENCE: self.difference,
            RankKey.MATCHPOINTS: self.matchpoints,
            RankKey.IMPS: self.imps,
        }
        return (*(values[k] for k in ranking), self.opposition)


def rank(
    teams: Sequence[str],
    games: Iterable[Game],
    byes: Iterable[Bye],
    ranking: Sequence[RankKey] = (RankKey.WINS, RankKey.POINTS),
    *,
    bye_points: int = 0,
    duplicate: Mapping[str, tuple[Fraction, Fraction]] | None = None,
) -> list[Standing]:
    """The standings of ``teams`` (registration order) after ``games`` and ``byes``, best
    first. ``duplicate`` gives each team's (matchpoint percentage, cross-IMPs)."""
    lines = {t: Standing(t) for t in teams}
    for g in games:
        a, b = lines[g.a], lines[g.b]
        for me, other, mine, theirs in (
            (a, b, g.points_a, g.points_b),
            (b, a, g.points_b, g.points_a),
        ):
            me.played += 1
            me.points_for += mine
            me.points_against += theirs
            me.opponents.append(other.team)
            if mine > theirs:
                me.wins += 1
            elif mine == theirs:
                me.draws += 1
            else:
                me.losses += 1
    for bye in byes:
        line = lines[bye.team]
        line.byes += 1
        line.wins += 1
        line.points_for += bye_points
    for team, (percentage, imps) in (duplicate or {}).items():
        lines[team].matchpoints = percentage
        lines[team].imps = imps
    for line in lines.values():
        line.opposition = sum(lines[o].win_value for o in line.opponents)
    order = {t: i for i, t in enumerate(teams)}
    ranked = sorted(lines.values(), key=lambda s: (_negated(s.key(ranking)), order[s.team]))
    previous: tuple[Fraction | int, ...] | None = None
    for place, line in enumerate(ranked, start=1):
        key = line.key(ranking)
        line.rank = ranked[place - 2].rank if key == previous else place
        previous = key
    return ranked


def _negated(key: tuple[Fraction | int, ...]) -> tuple[Fraction | int, ...]:
    return tuple(-v for v in key)
