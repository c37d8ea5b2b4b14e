"""The compiled search's legal cards are the rules' legal cards, on every position."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis.position import Position
from analysis.solver import compiled_legal
from rules.registry import PROFILES
from rules.seats import Seat, previous_seat


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any hands, and any cards on the table (a trick need not have been legal to be
    judged): the tricks left, the cards already down and the seat to play drawn freely."""
    profile = PROFILES[draw(st.sampled_from(sorted(PROFILES)))]
    trump = draw(st.sampled_from(profile.trumps))
    deck = draw(st.permutations(range(32)))
    left = draw(st.integers(1, 8))
    down = draw(st.integers(0, 3))
    turn = Seat(draw(st.integers(0, 3)))
    seats = [turn]
    for _ in range(down):
        seats.insert(0, previous_seat(seats[0], profile.direction))
    played = seats[:-1]
    hands = [0, 0, 0, 0]
    at = 0
    trick = []
    for s in played:
        trick.append((s, deck[at]))
        at += 1
    for s in Seat:
        size = left - 1 if s in played else left
        for c in deck[at : at + size]:
            hands[s] |= 1 << c
        at += size
    return Position((hands[0], hands[1], hands[2], hands[3]), tuple(trick), turn, trump, profile)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_compiled_legal_cards_are_the_rules_legal_cards(pos: Position) -> None:
    assert compiled_legal(pos) == pos.legal()
