"""What a deal could have made: the double-dummy table, the makeable contracts, par.

For each trump the profile plays, the solver plays the deal from its first card (the
seat after the dealer leads, whoever takes) and gives each team's card points and
whether it can take every trick. A team makes a contract of value ``v`` in a trump
when those points, with the announces and belotes the hands hold, satisfy the
profile's contract rule. Par is what perfect bidding ends in: each team in turn passes or outbids,
looking ahead to every reply, to end on the contract best for it in marks (a contract
that goes down is coinched, one that makes is not).
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.outcome import Terms, counted_points, deal_marks, held_extras, is_made
from analysis.position import Position
from analysis.solver import Solver
from rules.cards import CardSet
from rules.contract import CAPOT, BidValue, Trump
from rules.profiles import Profile
from rules.seats import Seat, Team, next_seat


@dataclass(frozen=True, slots=True)
class Row:
    """One trump of the table."""

    trump: Trump
    points: tuple[int, int]  # card points NS and EW take (counted as the profile counts)
    capot: Team | None  # a team that can take all eight tricks
    announces: tuple[int, int]
    belote: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Makeable:
    team: Team
    trump: Trump
    value: BidValue  # the highest value it makes (capot when it takes every trick)


@dataclass(frozen=True, slots=True)
class Par:
    contract: Makeable | None  # None: every contract loses for the team bidding it
    made: bool
    coinche: int
    marks: tuple[int, int]


def bid_values(profile: Profile) -> list[int]:
    """Every numbered bid of the profile, lowest first (160 + 100 when unlimited)."""
    out = []
    v = profile.min_bid
    top = profile.max_bid if profile.max_bid is not None else 260
    while v <= top:
        out.append(v)
        v = (v // profile.bid_step + 1) * profile.bid_step
    return out


def dd_table(
    profile: Profile, hands: tuple[CardSet, ...], dealer: Seat, solver: Solver
) -> list[Row]:
    leader = next_seat(dealer, profile.direction)
    rows = []
    for trump in profile.trumps:
        pos = Position((hands[0], hands[1], hands[2], hands[3]), (), leader, trump, profile)
        raw = solver.value(pos)
        capot = None
        if raw[0] == pos.remaining_points() or raw[1] == pos.remaining_points():
            ns_tricks = solver.tricks(pos)[0]
            capot = Team.NS if ns_tricks == 8 else Team.EW if ns_tricks == 0 else None
        announces, belote = held_extras(profile, hands, trump)
        rows.append(Row(trump, counted_points(profile, trump, raw), capot, announces, belote))
    return rows


def _terms(row: Row, team: Team, value: BidValue, coinche: int) -> Terms:
    return Terms(team, value, row.trump, coinche, row.announces, row.belote)


def makeable(profile: Profile, rows: list[Row]) -> list[Makeable]:
    """For each trump and team, the highest contract it makes (none when it makes none)."""
    out = []
    for row in rows:
        for team in Team:
            best: BidValue | None = None
            if profile.capot_bid and row.capot == team:
                best = CAPOT
            else:
                for v in bid_values(profile):
                    if is_made(profile, _terms(row, team, v, 1), row.points, row.capot):
                        best = v
            if best is not None:
                out.append(Makeable(team, row.trump, best))
    return out


def _rank(profile: Profile, value: BidValue, trump: Trump) -> tuple[int, int]:
    level = 10_000 if value == CAPOT else int(value)
    suit = int(trump) if profile.same_value_higher_suit and trump.is_suit else 0
    return level, suit


def par(profile: Profile, rows: list[Row], dealer: Seat) -> Par:
    """The end of perfect bidding: each team, in turn from the one after the dealer,
    passes or outbids (any contract ranked above the standing one), looking ahead to every
    reply; two passes in a row end it. Solved backwards over the contracts in rank order
    (a contract can only be followed by higher ones): each team maximizes its marks minus
    the other's; on a tie it prefers to pass, then the lowest contract."""
    ladder: list[_Rung] = []
    for row in rows:
        for team in Team:
            values: list[BidValue] = [*bid_values(profile)]
            if profile.capot_bid:
                values.append(CAPOT)
            for v in values:
                made = is_made(profile, _terms(row, team, v, 1), row.points, row.capot)
                m = 1 if made else 2
                marks = deal_marks(profile, _terms(row, team, v, m), row.points, row.capot)
                ladder.append((_rank(profile, v, row.trump), team, v, row.trump, made, m, marks))
    ladder.sort(key=lambda c: c[0])
    outcome = _solve_auction(ladder, next_seat(dealer, profile.direction).team)
    if outcome < 0:
        return Par(None, False, 1, (0, 0))
    _r, team, v, trump, made, m, marks = ladder[outcome]
    return Par(Makeable(team, trump, v), made, m, marks)


_Rung = tuple[tuple[int, int], Team, BidValue, Trump, bool, int, tuple[int, int]]
_End = tuple[int, int]  # (NS marks minus EW marks at the end, the index that stands; -1 none)


def _better(side: Team, a: _End, b: _End) -> bool:
    """Is ``a`` strictly better than ``b`` for ``side``?"""
    return a[0] > b[0] if side is Team.NS else a[0] < b[0]


def _solve_auction(ladder: list[_Rung], first: Team) -> int:
    """The index of the contract perfect bidding ends on (-1: passed out)."""
    n = len(ladder)
    # after[i][side][passes]: the end when ladder[i] stands and ``side`` speaks having
    # seen ``passes`` passes since it was bid
    after: list[dict[tuple[Team, int], _End]] = [{} for _ in range(n)]
    top: dict[Team, _End | None] = {Team.NS: None, Team.EW: None}  # best bid above the floor

    def choose(side: Team, on_pass: _End) -> _End:
        bid = top[side]
        return bid if bid is not None and _better(side, bid, on_pass) else on_pass

    i = n
    while i > 0:
        j = i  # the group ladder[j:i] shares one rank: none outbids another
        while j > 0 and ladder[j - 1][0] == ladder[i - 1][0]:
            j -= 1
        for k in range(j, i):
            marks = ladder[k][6]
            end = (marks[0] - marks[1], k)
            for side in Team:
                after[k][(side, 1)] = choose(side, end)
            for side in Team:
                after[k][(side, 0)] = choose(side, after[k][(side.other, 1)])
        for k in range(i - 1, j - 1, -1):  # lower contracts win ties: added last
            team = ladder[k][1]
            value = after[k][(team.other, 0)]
            best = top[team]
            if best is None or not _better(team, best, value):
                top[team] = value
        i = j
    return choose(first, choose(first.other, (0, -1)))[1]
