"""The solver's value is the plain minimax's, on generated endgames of every profile.

The default run checks 48 endgames of 1 to 4 tricks per profile (a few seconds);
``COINCHE_BIG_RUNS=1`` checks 2,000 per profile (minutes: the minimax walks every line).
"""

from __future__ import annotations

import os
import random

import pytest

from analysis.solver import Solver
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
