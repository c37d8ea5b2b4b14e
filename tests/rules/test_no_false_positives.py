"""No false positives: 2,000 generated legal games per profile audit clean.

The rules' own audit (:func:`rules.replay.audit`, the one the workers' audits and
``coinche audit`` run for a game of table events) over 16,000 games played by the
generator, which plays only legal cards and calls: any finding is a false positive.
Hands are recorded in some deals and not in others, and the dealing procedure (deck,
cut, packets) in some, so every check path is exercised (the unrecorded hands are
revealed from the deal's 32 cards). The eight profiles run in two processes (the
machine's cores). The workers' path over the same audit is checked on fewer games
in ``tests/workers/test_audits.py``.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from rules.registry import PROFILES
from rules.replay import audit
from rules.simulation.generator import generate_game

GAMES = 2000  # per profile


def audit_profile(job: tuple[str, int, int]) -> tuple[int, int, list[str]]:
    """(games, deals, the first few findings) for seeds ``first`` to ``last`` of a profile."""
    profile_id, first, last = job
    profile = PROFILES[profile_id]
    deals, bad = 0, []
    for seed in range(first, last):
        g = generate_game(profile, seed)
        found, replayed = audit(profile, g.first_dealer, g.actions, g.target)
        assert replayed.records == g.final.records, f"seed {seed}: replayed otherwise"
        deals += len(g.final.records)
        if found and len(bad) < 5:
            bad.append(f"seed {seed}: {found[0]}")
    return last - first, deals, bad


@pytest.mark.slow
def test_generated_legal_games_audit_clean() -> None:
    half = GAMES // 2
    jobs = [(p, first, first + half) for p in PROFILES for first in (0, half)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(audit_profile, jobs))
    for profile_id in PROFILES:
        mine = [r for (p, _a, _b), r in zip(jobs, results, strict=True) if p == profile_id]
        assert sum(games for games, _d, _b in mine) == GAMES, profile_id
        assert sum(deals for _g, deals, _b in mine) > GAMES, profile_id
        assert [b for _g, _d, bad in mine for b in bad] == [], profile_id
