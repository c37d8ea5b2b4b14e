"""Hypothesis properties over generated games, for every profile (STYLE.md habit 10)."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import Action, CardPlayed, DealStarted
from rules.contract import Trump
from rules.deal import Phase
from rules.game import Game
from rules.judge import judge
from rules.profiles import Rounding, TaPoints
from rules.registry import PROFILES
from rules.replay import audit
from rules.scoring import score_deal
from rules.seats import Seat
from rules.simulation.generator import GeneratedGame, generate_game

profiles = st.sampled_from(sorted(PROFILES))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def game_of(pid: str, seed: int, record_hands: bool | None = None) -> GeneratedGame:
    return generate_game(PROFILES[pid], seed, max_deals=12, record_hands=record_hands)


def finished_deals(g: GeneratedGame):
    """Every finished deal of the game, as its final Deal state."""
    game = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        game = game.apply(action)
        deal = game.deal
        if type(action) is CardPlayed and deal is not None and deal.phase is Phase.DONE:
            yield deal


@SETTINGS
@given(profiles, seeds)
def test_every_generated_event_is_legal_and_legal_cards_never_empty(pid, seed):
    g = game_of(pid, seed, record_hands=True)
    game = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        if type(action) is CardPlayed:
            legal = game.deal.legal_cards()
            assert legal, "legal_cards is empty while cards remain"
            assert legal >> action.card & 1, "a played card was not in legal_cards"
        verdict = judge(game, action)
        assert verdict.legal, (action, verdict)
        game = game.apply(action)
    assert game.totals == g.final.totals


@SETTINGS
@given(profiles, seeds)
def test_the_audit_finds_nothing_in_legal_games_whether_hands_are_recorded_or_not(pid, seed):
    g = game_of(pid, seed)
    findings, game = audit(g.profile, g.first_dealer, g.actions, g.target)
    assert findings == []
    assert game.totals == g.final.totals


@SETTINGS
@given(profiles, seeds, st.booleans())
def test_the_audit_finds_every_revoke_at_its_place(pid, seed, record_hands):
    g = generate_game(PROFILES[pid], seed, max_deals=8, record_hands=record_hands, breaches=0.05)
    findings, _ = audit(g.profile, g.first_dealer, g.actions, g.target)
    assert [(f.index, f.rule) for f in findings] == list(g.injected)


@SETTINGS
@given(profiles, seeds)
def test_card_points_sum_to_152_162_or_the_capot_value(pid, seed):
    g = game_of(pid, seed)
    p = g.profile
    for deal in finished_deals(g):
        raw = deal.card_points()
        scaled = deal.contract.trump == Trump.TA and p.ta_points is TaPoints.SCALED
        assert sum(t.points for t in deal.tricks) == (248 if scaled else 152)
        assert sum(raw) == (258 if scaled else 162)
        result = score_deal(deal)
        if result.capot is not None:
            expected = p.capot_points
            if result.generale is not None and p.generale_points is not None:
                expected = p.generale_points
            assert sum(result.card_points) == expected
            assert result.card_points[1 - result.capot] == 0
        else:
            assert sum(result.card_points) == 162


def rotate(action: Action) -> Action:
    """The same action with every seat moved one place clockwise (N→E→S→W→N)."""
    turn = {s: Seat((s + 1) % 4) for s in Seat}
    if isinstance(action, DealStarted):
        hands = None
        if action.hands is not None:
            hands = tuple(action.hands[(s - 1) % 4] for s in Seat)
        return dataclasses.replace(action, dealer=turn[action.dealer], hands=hands)
    return dataclasses.replace(action, seat=turn[action.seat])  # type: ignore[type-var]


@SETTINGS
@given(profiles, seeds)
def test_swapping_the_teams_swaps_the_marks(pid, seed):
    g = game_of(pid, seed)
    game = Game.start(g.profile, Seat((g.first_dealer + 1) % 4), g.target)
    for action in g.actions:
        game = game.apply(rotate(action))
    assert len(game.records) == len(g.final.records)
    for mine, theirs in zip(g.final.records, game.records, strict=True):
        assert mine.result.marks == theirs.result.marks[::-1]
        assert mine.result.points == theirs.result.points[::-1]
        assert mine.result.made == theirs.result.made
    assert game.totals == g.final.totals[::-1]
    if g.final.winner is not None:
        assert game.winner is not None and game.winner != g.final.winner


@SETTINGS
@given(profiles, seeds)
def test_the_result_of_a_contract_never_depends_on_rounding(pid, seed):
    g = game_of(pid, seed)
    flipped = Rounding.NONE if g.profile.rounding is Rounding.NEAREST_10 else Rounding.NEAREST_10
    other = dataclasses.replace(g.profile, rounding=flipped)
    for deal in finished_deals(g):
        a = score_deal(deal)
        b = score_deal(deal._replace(profile=other))
        assert a.made == b.made and a.points == b.points
        if g.profile.rounding is Rounding.NEAREST_10:
            assert all(m % 10 == 0 for m in a.raw_marks) or a.marks != a.raw_marks


@SETTINGS
@given(profiles, seeds)
def test_marks_are_never_negative_and_one_side_scores(pid, seed):
    g = game_of(pid, seed)
    for record in g.final.records:
        r = record.result
        assert min(r.marks) >= 0
        if r.contract is not None:
            assert max(r.marks) > 0


@settings(max_examples=20, deadline=None)
@given(profiles, seeds)
def test_the_generator_is_deterministic(pid, seed):
    assert game_of(pid, seed).actions == game_of(pid, seed).actions
