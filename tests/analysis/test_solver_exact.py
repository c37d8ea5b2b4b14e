"""The solver's value is the plain minimax's, on generated endgames of every profile.

The default run checks 48 endgames of 1 to 4 tricks per profile (a few seconds);
``COINCHE_BIG_RUNS=1`` checks 2,000 per profile (minutes: the minimax walks every line).
"""

from __future__ import annotations

import os
import random

import pytest

from analysis.position import Position
from analysis.solver import Solver
from rules.cards import iter_cards
from rules.registry import PROFILES
from tests.analysis.positions import endgame
from tests.analysis.reference import minimax, most_tricks

BIG = os.environ.get("COINCHE_BIG_RUNS") == "1"
COUNT = 2000 if BIG else 48


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(table_bits=16)


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_points_agree_with_plain_minimax(profile_id: str, solver: Solver) -> None:
    profile = PROFILES[profile_id]
    rng = random.Random(f"points-{profile_id}")
    wrong = []
    for i in range(COUNT):
        pos = endgame(rng, profile, 1 + i % 4)
        want = minimax(pos)
        got = solver.value(pos)
        if got != (want, pos.remaining_points() - want):
            wrong.append((i, pos, want, got))
    minimax.cache_clear()
    assert wrong == []


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_tricks_agree_with_plain_minimax(profile_id: str, solver: Solver) -> None:
    profile = PROFILES[profile_id]
    rng = random.Random(f"tricks-{profile_id}")
    wrong = []
    for i in range(COUNT // 3):
        pos = endgame(rng, profile, 1 + i % 4)
        want = most_tricks(pos)
        got = solver.tricks(pos)
        if got != (want, pos.remaining_tricks() - want):
            wrong.append((i, pos, want, got))
    most_tricks.cache_clear()
    assert wrong == []


def test_every_trump_of_every_profile_is_generated() -> None:
    """The endgames above reach SA and TA wherever a profile plays them."""
    for profile in PROFILES.values():
        rng = random.Random(f"points-{profile.id}")
        seen = {endgame(rng, profile, 1 + i % 4).trump for i in range(COUNT)}
        assert seen == set(profile.trumps)


def test_a_tiny_table_shared_by_every_profile_stays_exact() -> None:
    """Entries evicted and replaced all the time (an 8-entry table, one solver for all
    the profiles, 3- and 4-trick endgames): no bound is ever kept under another key."""
    solver = Solver(table_bits=3)
    wrong = []
    for profile_id in sorted(PROFILES):
        rng = random.Random(f"tiny-{profile_id}")
        for i in range(COUNT // 4):
            pos = endgame(rng, PROFILES[profile_id], 3 + i % 2)
            want = minimax(pos)
            if solver.value(pos)[0] != want:
                wrong.append((profile_id, i, pos, want))
    minimax.cache_clear()
    assert wrong == []


def test_a_search_on_any_window_returns_a_true_bound() -> None:
    """Fail-soft: inside the window the exact value, below it an upper bound, above it
    a lower bound; windows of every width, one table shared by every search (entries
    known exactly included)."""
    solver = Solver(table_bits=16)
    rng = random.Random("windows")
    wrong = []
    for i in range(COUNT * 2):
        pos = endgame(rng, PROFILES[sorted(PROFILES)[i % 8]], 2 + i % 3)
        true = minimax(pos)
        for _ in range(3):
            alpha = rng.randrange(-1, pos.remaining_points() + 1)
            beta = rng.randrange(alpha + 1, pos.remaining_points() + 3)
            v = solver.bounded(pos, alpha, beta)
            ok = true <= v if v <= alpha else true >= v if v >= beta else true == v
            if not ok:
                wrong.append((i, alpha, beta, v, true))
    minimax.cache_clear()
    assert wrong == []


def _swapped(pos: Position, rng: random.Random) -> Position:
    """The same cards left, one card of North's and one of East's exchanged: another
    deal that the table's keys (the cards left) cannot tell from the first."""
    n = rng.choice(list(iter_cards(pos.hands[0])))
    e = rng.choice(list(iter_cards(pos.hands[1])))
    hands = list(pos.hands)
    hands[0] ^= (1 << n) | (1 << e)
    hands[1] ^= (1 << n) | (1 << e)
    return Position((hands[0], hands[1], hands[2], hands[3]), (), pos.turn, pos.trump, pos.profile)


def test_deals_with_the_same_cards_left_never_share_an_entry() -> None:
    """One solver asked in turn about two deals whose cards left are the same but held
    differently: each answer is its own deal's, never the other's."""
    solver = Solver(table_bits=16)
    rng = random.Random("same-cards-left")
    wrong = []
    for i in range(COUNT):
        profile = PROFILES[sorted(PROFILES)[i % 8]]
        a = endgame(rng, profile, 3 + i % 2)
        while a.trick:  # a trick boundary, so that both deals share the seat to lead
            a = a.play(min(iter_cards(a.legal())))[0]
        b = _swapped(a, rng)
        for pos in (a, b, a, b):
            want = minimax(pos)
            if solver.value(pos)[0] != want:
                wrong.append((i, pos, want))
    minimax.cache_clear()
    assert wrong == []


def test_the_numbers_of_rules_start_again_when_spent() -> None:
    """A solver that has met 256 combinations of trump and rules starts its numbering
    (and its table) again, and stays exact."""
    solver = Solver(table_bits=10)
    solver._gens = {("spent", k): k for k in range(256)}
    rng = random.Random("spent")
    for i in range(8):
        pos = endgame(rng, PROFILES[sorted(PROFILES)[i]], 3)
        assert solver.value(pos)[0] == minimax(pos)
    assert len(solver._gens) <= 8
    minimax.cache_clear()
