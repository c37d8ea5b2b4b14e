"""The audit's shortcut for runs of cards agrees with the plain judge-and-apply loop,
on legal games, on games with revokes and on corrupted records."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import Action, DealStarted
from rules.game import Game
from rules.registry import PROFILES
from rules.replay import Finding, _revealed, _where, audit, step
from rules.simulation.generator import generate_game


def reference_audit(profile, first_dealer, actions, target) -> tuple[list[Finding], Game]:
    """The obvious loop: reveal hands per deal, then step() every action."""
    game = Game.start(profile, first_dealer, target)
    findings = []
    for i, action in enumerate(actions):
        if isinstance(action, DealStarted) and action.hands is None:
            end = next(
                (j for j in range(i + 1, len(actions)) if isinstance(actions[j], DealStarted)),
                len(actions),
            )
            hands = _revealed(actions[i:end])
            if hands is not None:
                action = dataclasses.replace(action, hands=hands)
        deal_no, trick = _where(game)
        game, verdict, _ = step(game, action)
        if not verdict.legal:
            if isinstance(action, DealStarted):
                deal_no, trick = len(game.records) + 1, None
            findings.append(
                Finding(
                    i,
                    deal_no,
                    trick,
                    getattr(action, "seat", None),
                    verdict.rule,
                    verdict.facts,
                    verdict.severity,
                )
            )
    return findings, game


def corrupt(actions: tuple[Action, ...], rng: random.Random) -> list[Action]:
    out = list(actions)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(1, len(out))
        kind = rng.randrange(3)
        if kind == 0:
            out.insert(i, out[rng.randrange(len(out))])  # a duplicate
        elif kind == 1:
            del out[i]  # a lost event
        else:
            j = rng.randrange(1, len(out))
            out[i], out[j] = out[j], out[i]  # out of order
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(PROFILES)),
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.sampled_from([0.0, 0.05]),
    st.booleans(),
)
def test_the_fast_audit_equals_the_reference(pid, seed, record_hands, breaches, damaged):
    g = generate_game(
        PROFILES[pid], seed, max_deals=6, record_hands=record_hands, breaches=breaches
    )
    actions = corrupt(g.actions, random.Random(seed)) if damaged else list(g.actions)
    fast = audit(g.profile, g.first_dealer, actions, g.target)
    slow = reference_audit(g.profile, g.first_dealer, actions, g.target)
    assert fast[0] == slow[0]
    assert fast[1].totals == slow[1].totals and fast[1].records == slow[1].records
    assert fast[1].deal == slow[1].deal
