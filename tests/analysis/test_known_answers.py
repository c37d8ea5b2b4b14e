"""Positions valued by hand, one per profile at least (and SA and TA), where the
profile's play switches change the answer; claims that are and are not sound."""

from __future__ import annotations

from dataclasses import replace

import pytest

from analysis.claims import claim_sound, sure_tricks
from analysis.outcome import Terms, deal_marks
from analysis.position import Position
from analysis.solver import Solver
from rules.cards import mask_of, parse_card, parse_cards
from rules.contract import Trump
from rules.profiles import Undertrump
from rules.registry import PROFILES, find_profile
from rules.seats import Seat, Team


def position(
    profile_id: str, trump: Trump, held: dict[str, list[str]], trick: list[tuple[str, str]],
    turn: Seat,
) -> Position:  # fmt: skip
    p = PROFILES[profile_id]
    hands = tuple(mask_of(parse_cards(held[s])) for s in "NESW")
    down = tuple((Seat[s], parse_card(c)) for s, c in trick)
    return Position((hands[0], hands[1], hands[2], hands[3]), down, turn, trump, p)


# N led KH, W discarded 7C; S holds JH 8H, E 9H TH; N keeps AC, W TC (N, W, S, E play).
# ffb: S must overtrump its partner (JH); E keeps 9H for the last trick: E plays TH,
#   NS 4+0+20+10 = 34, then E's 9H takes 8H, AC, TC and the 10: EW 45.
# no overtrump of the partner: S ducks with 8H, E must beat KH and plays 9H (EW 18),
#   then leads TH and S's JH takes it with AC, TC and the 10: NS 61.
OVERTRUMP = (
    Trump.H,
    {"N": ["AC"], "W": ["TC"], "S": ["JH", "8H"], "E": ["9H", "TH"]},
    [("N", "KH"), ("W", "7C")],
    Seat.S,
)


@pytest.mark.parametrize(
    ("profile_id", "value"),
    [
        ("ffb", (34, 45)),
        ("ffb-sata", (34, 45)),
        ("funbelote-coinche", (61, 18)),
        ("contree", (61, 18)),
        ("contree-points-faits", (61, 18)),
        ("contree-points-annonces", (61, 18)),
    ],
)
def test_overtrumping_the_partner(profile_id: str, value: tuple[int, int]) -> None:
    assert Solver().value(position(profile_id, *OVERTRUMP)) == value


# N led AS, E trumped with JH; S holds 7H 8C, W 8S TD; N keeps 7D, E AD (N, E, S, W).
# must undertrump: S plays 7H, E takes 31, then AD takes TD and the 10: NS 0.
# may discard: S throws 8C (E takes 31), then ruffs E's AD with 7H: NS 11+10+10 = 31.
UNDERTRUMP = (
    Trump.H,
    {"N": ["7D"], "E": ["AD"], "S": ["7H", "8C"], "W": ["8S", "TD"]},
    [("N", "AS"), ("E", "JH")],
    Seat.S,
)


@pytest.mark.parametrize("profile_id", ["yeeqia", "tripot"])
def test_undertrumping(profile_id: str) -> None:
    pos = position(profile_id, *UNDERTRUMP)
    assert Solver().value(pos) == (0, 62)
    free = replace(pos.profile, id="club", undertrump=Undertrump.MAY_DISCARD)
    assert Solver().value(replace(pos, profile=free)) == (31, 31)


def test_sans_atout_follows_suit_only() -> None:
    # N leads: AS takes TS 8S QS (19+10+3), S's AD takes KD and 7D at the end (+10):
    # every one of the 55 card points and the 10 go to NS whatever N leads.
    held = {"N": ["AS", "7D"], "W": ["TS", "KD"], "S": ["8S", "AD"], "E": ["QS", "9C"]}
    pos = position("ffb-sata", Trump.SA, held, [], Seat.N)
    assert Solver().value(pos) == (65, 0)
    assert {v for v in Solver().after_each_card(pos).values()} == {(65, 0)}


def test_tout_atout_values_and_must_beat() -> None:
    # N led 9S, W 7S; S must beat its partner's 9S with JS (ffb-sata), E follows AS:
    # NS take all: 9+13+6 + (5+6+3+10) = 52 in reduced points (tripot counts the
    # trump values: 14+20+11 + 10+11+4+10 = 80 before scaling).
    held = {"N": ["AC"], "W": ["KC"], "S": ["JS", "8S"], "E": ["AS", "TC"]}
    trick = [("N", "9S"), ("W", "7S")]
    pos = position("ffb-sata", Trump.TA, held, trick, Seat.S)
    assert Solver().value(pos) == (52, 0)
    assert set(Solver().after_each_card(pos)) == {parse_card("JS")}
    free = position("funbelote-coinche", Trump.TA, held, trick, Seat.S)
    assert set(Solver().after_each_card(free)) == {parse_card("JS"), parse_card("8S")}
    tripot = find_profile("tripot")
    clockwise = {"N": ["AC"], "E": ["KC"], "S": ["JS", "8S"], "W": ["AS", "TC"]}
    pos = position("tripot", Trump.TA, clockwise, [("N", "9S"), ("E", "7S")], Seat.S)
    assert pos.profile is tripot and Solver().value(pos) == (80, 0)


def test_a_sound_and_an_unsound_claim() -> None:
    held = {"N": ["JH", "AS"], "E": ["7S", "8S"], "S": ["9H", "KS"], "W": ["TS", "QS"]}
    pos = position("ffb", Trump.H, held, [], Seat.N)
    solver = Solver()
    assert claim_sound(pos, Team.NS, solver)  # JH then AS: both tricks
    assert not claim_sound(pos, Team.EW, solver, tricks=1)
    assert sure_tricks(pos, Team.EW, solver) == 0
    # W to lead instead: whatever spade W leads, N's AS takes it, then N's JH
    led = position("ffb", Trump.H, held, [], Seat.W)
    assert claim_sound(led, Team.NS, solver) and not claim_sound(led, Team.EW, solver, 1)
    with pytest.raises(ValueError, match="0 to 2"):
        claim_sound(pos, Team.NS, solver, tricks=3)


def test_marks_follow_the_profile_formula() -> None:
    ffb = find_profile("ffb")
    terms = Terms(Team.NS, 90, Trump.H, 1, (0, 0), (20, 0))
    # 70 + 20 reaches 90 but does not beat 92: down; the belote stays with its holders,
    # the defence scores 160 + 90
    assert deal_marks(ffb, terms, (70, 92), None) == (20, 250)
    # made: 100 + 90 for the takers, 62 rounded to 60 for the defence
    assert deal_marks(ffb, replace(terms, belote=(0, 0)), (100, 62), None) == (190, 60)
    # a capot: 252 + 20 + 90 = 362, rounded to 360
    assert deal_marks(ffb, terms, (162, 0), Team.NS) == (360, 0)
