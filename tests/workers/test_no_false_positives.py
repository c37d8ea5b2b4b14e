"""No false positives: 2,000 generated legal games per profile audit clean.

A pure in-process test of the audit function the workers run
(:func:`workers.auditing.rule_findings`), not through Celery: 16,000 games through a
worker would take minutes. The eight profiles run in two processes (the machine's
cores); hands are recorded in some deals and not in others, and the dealing
procedure (deck, cut, packets) in some, so every check path is exercised.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from events import log
from projections.entries import Entry
from rules.registry import PROFILES
from rules.seats import Seat
from workers.auditing import rule_findings

GAMES = 2000
NAMES = {s: f"p{s.name}" for s in Seat}


def audit_profile(job: tuple[str, int, int]) -> tuple[int, int, list[str]]:
    """(games, deals, the first few findings) for seeds ``first`` to ``last`` of a profile."""
    from rules.generator import generate_game

    profile_id, first, last = job
    profile = PROFILES[profile_id]
    deals, bad = 0, []
    for seed in range(first, last):
        g = generate_game(profile, seed)
        created = log.GameCreated(profile_id, dict(NAMES), g.first_dealer, g.target, "record")
        entries = [Entry(1, None, "GameCreated", created)]
        entries += [Entry(i, None, type(a).__name__, a) for i, a in enumerate(g.actions, 2)]
        found = rule_findings(entries)
        deals += len(g.final.records)
        if found and len(bad) < 5:
            bad.append(f"seed {seed}: {found[0]}")
    return last - first, deals, bad


@pytest.mark.slow
def test_generated_legal_games_audit_clean():
    half = GAMES // 2
    jobs = [(p, first, first + half) for p in PROFILES for first in (0, half)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(audit_profile, jobs))
    for profile_id in PROFILES:
        mine = [r for (p, _a, _b), r in zip(jobs, results, strict=True) if p == profile_id]
        assert sum(games for games, _d, _b in mine) == GAMES, profile_id
        assert sum(deals for _g, deals, _b in mine) > GAMES, profile_id
        assert [b for _g, _d, bad in mine for b in bad] == [], profile_id
