"""Known answers for the table, the makeable contracts and par (worked out by hand), and
par against a brute-force search of every bidding sequence."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.outcome import Terms, deal_marks, is_made
from analysis.solver import Solver
from analysis.table import Makeable, Row, bid_values, dd_table, makeable, par
from rules.cards import mask_of, parse_cards
from rules.contract import CAPOT, Trump
from rules.registry import find_profile
from rules.seats import Seat, Team, next_seat


def whole_suit(suit: str) -> int:
    return mask_of(parse_cards([rank + suit for rank in "789TJQKA"]))


# N holds every heart, E every club, S every diamond, W every spade; clubs are trumps
# (ffb restricted to clubs: the solver is slow on such deals in other trumps, see the
# README's limits). N leads (dealer W) a heart (all it holds); E cannot follow and
# holds trumps only, so E trumps and wins; E then leads clubs, which nobody else holds:
# E takes all eight tricks, a capot (162) with the belote (K and Q of clubs) and E's
# cent (the run of eight: 100, twice: 200 counted). EW makes a capot, NS nothing. Marks
# (ffb, made, not coinched: T + bid, a capot's T being 250): a capot bid (worth 250)
# scores 250 + 200 + 20 + 250 = 720; 260 bid and the capot taken anyway scores
# 250 + 200 + 20 + 260 = 730. So par is EW 260♣ made, 730 to 0, whoever speaks first:
# any NS sacrifice goes down coinched for more, and EW can outbid it up to the capot.
HANDS = (whole_suit("H"), whole_suit("C"), whole_suit("D"), whole_suit("S"))


def test_every_trick_to_the_trump_holder() -> None:
    clubs = replace(find_profile("ffb"), trumps=(Trump.C,))
    rows = dd_table(clubs, HANDS, Seat.W, Solver())
    assert [(r.trump, r.points, r.capot, r.belote) for r in rows] == [
        (Trump.C, (0, 162), Team.EW, (0, 20))
    ]
    assert rows[0].announces == (0, 200)
    assert makeable(clubs, rows) == [Makeable(Team.EW, Trump.C, CAPOT)]
    for dealer in (Seat.W, Seat.N):
        result = par(clubs, rows, dealer)
        assert result.contract == Makeable(Team.EW, Trump.C, 260)
        assert (result.made, result.coinche, result.marks) == (True, 1, (0, 730))


# ffb, hearts only: NS takes 100 card points, EW 62, no announce, no belote. NS makes
# T ≥ bid and T > D up to 100 (110 would need 110); EW makes nothing (62 < 80, the
# lowest bid). Made and not coinched NS scores T + bid = 100 + 100 = 200, EW its 62,
# rounded to the nearest 10: 200 and 60. EW gains nothing by bidding (any EW contract
# goes down, coinched). Par: NS 100♥ made, 200 to 60.
def test_a_partscore_by_hand() -> None:
    ffb = find_profile("ffb")
    rows = [Row(Trump.H, (100, 62), None, (0, 0), (0, 0))]
    assert makeable(ffb, rows) == [Makeable(Team.NS, Trump.H, 100)]
    result = par(ffb, rows, Seat.W)
    assert result.contract == Makeable(Team.NS, Trump.H, 100)
    assert (result.made, result.coinche, result.marks) == (True, 1, (200, 60))


# The same with EW's belote (20) in hearts: NS's T = 100 stays > D = 62 + 20 = 82, so
# 100 still makes; EW still makes nothing (82 ≥ 80 but 82 < 100 = NS's points).
def test_a_belote_counts_for_the_defence() -> None:
    ffb = find_profile("ffb")
    rows = [Row(Trump.H, (100, 62), None, (0, 0), (0, 20))]
    assert makeable(ffb, rows) == [Makeable(Team.NS, Trump.H, 100)]


# The same hands under ffb's four trumps (each trump's holder takes every trick, as in
# clubs above): NS can make a capot in diamonds and hearts, EW in clubs and spades, each
# with its belote and 200 of announces. A team that speaks first and bids 260 in its
# suit (or a capot) cannot be outbid profitably: the other team's capot ranks above 260,
# so the first team must bid its capot at once, which nothing outranks (ffb: no higher
# suit at the same value). Par: the capot of the team speaking first, made; a greedy
# auction (each team bidding what is best for it now) let the other team end on top.
def test_par_looks_ahead_to_the_reply() -> None:
    ffb = find_profile("ffb")
    ns, ew = ((162, 0), Team.NS, (200, 0), (20, 0)), ((0, 162), Team.EW, (0, 200), (0, 20))
    rows = [Row(Trump.C, *ew), Row(Trump.D, *ns), Row(Trump.H, *ns), Row(Trump.S, *ew)]
    first = par(ffb, rows, Seat.W)  # N speaks first
    assert first.contract == Makeable(Team.NS, Trump.D, CAPOT)
    assert (first.made, first.marks) == (True, (720, 0))
    assert par(ffb, rows, Seat.N).contract == Makeable(Team.EW, Trump.C, CAPOT)


def brute_force(profile_id: str, rows: list[Row], first: Team) -> int:
    """NS marks minus EW marks at the end of perfect bidding, by a plain recursive search
    of every bidding sequence (no ordering, no pruning)."""
    profile = find_profile(profile_id)
    rungs = []
    for row in rows:
        for team in Team:
            values = [*bid_values(profile)] + ([CAPOT] if profile.capot_bid else [])
            for v in values:
                t1 = Terms(team, v, row.trump, 1, row.announces, row.belote)
                m = 1 if is_made(profile, t1, row.points, row.capot) else 2
                marks = deal_marks(profile, Terms(team, v, row.trump, m, row.announces,
                                                  row.belote), row.points, row.capot)  # fmt: skip
                level = 10_000 if v == CAPOT else int(v)
                suit = int(row.trump) if profile.same_value_higher_suit and row.trump.is_suit else 0
                rungs.append(((level, suit), team, marks[0] - marks[1]))

    @cache
    def search(standing: int, side: Team, passes: int) -> int:
        if passes == 2:
            return rungs[standing][2] if standing >= 0 else 0
        floor = rungs[standing][0] if standing >= 0 else (-1, -1)
        outcomes = [search(standing, side.other, passes + 1)]
        outcomes += [
            search(i, side.other, 0)
            for i, (rank, team, _net) in enumerate(rungs)
            if team is side and rank > floor
        ]
        return max(outcomes) if side is Team.NS else min(outcomes)

    return search(-1, first, 0)


POINTS = st.integers(0, 162).map(lambda ns: (ns, 162 - ns))


@st.composite
def tables(draw: st.DrawFn, profile_id: str) -> list[Row]:
    trumps = draw(st.lists(st.sampled_from(find_profile(profile_id).trumps[:4]), min_size=1,
                           max_size=4, unique=True))  # fmt: skip
    rows = []
    for trump in trumps:
        points = draw(POINTS)
        capot = draw(st.sampled_from([None, Team.NS, Team.EW]))
        if capot is not None:
            points = (162, 0) if capot is Team.NS else (0, 162)
        announces = (draw(st.sampled_from([0, 20, 50])), draw(st.sampled_from([0, 20, 50])))
        belote = (draw(st.sampled_from([0, 20])), 0)
        rows.append(Row(trump, points, capot, announces, belote))
    return rows


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["ffb", "contree", "yeeqia", "tripot"]).flatmap(
        lambda p: st.tuples(st.just(p), tables(p))
    ),
    st.sampled_from(list(Seat)),
)
def test_par_is_the_end_of_perfect_bidding(case: tuple[str, list[Row]], dealer: Seat) -> None:
    profile_id, rows = case
    profile = find_profile(profile_id)
    result = par(profile, rows, dealer)
    first = next_seat(dealer, profile.direction).team
    assert result.marks[0] - result.marks[1] == brute_force(profile_id, rows, first)
