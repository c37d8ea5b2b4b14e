"""Whole deals analysed: the table, par, each card's cost and the critical moments
agree with the deal as it was scored."""

from __future__ import annotations

import pytest

from analysis.report import analyse_deal
from analysis.solver import Solver
from rules.deal import Deal, Phase
from rules.game import Game
from rules.registry import PROFILES
from rules.scoring import score_deal
from rules.simulation.generator import generate_game


def finished_deals(profile_id: str, seed: int) -> list[Deal]:
    g = generate_game(PROFILES[profile_id], seed=seed, record_hands=True, misdeal_rate=0)
    game = Game.start(g.profile, g.first_dealer, g.target)
    done: list[Deal] = []
    for action in g.actions:
        game = game.apply(action)
        deal = game.deal
        over = deal is not None and deal.phase is Phase.DONE and deal.contract is not None
        if over and deal is not None and (not done or done[-1].number != deal.number):
            done.append(deal)
    return done


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_a_deal_of_every_profile(profile_id: str, solver: Solver) -> None:
    deal = finished_deals(profile_id, 11)[0]
    doc = analyse_deal(deal, solver)
    profile = PROFILES[profile_id]
    assert [r["trump"] for r in doc["table"]] == [t.name for t in profile.trumps]
    for row in doc["table"]:
        if not (row["trump"] == "TA" and profile_id == "tripot"):
            assert row["NS"] + row["EW"] == 162
    assert doc["stopped"] == ""
    assert len(doc["cards"]) == 32
    for c in doc["cards"]:
        assert c["cost"] >= 0 and c["points_cost"] >= 0
        assert (c["cost"] == 0) == (c["card"] in c["best"])
    result = score_deal(deal)
    # after the last card there is nothing left to choose: the line is the deal
    assert doc["cards"][-1]["made_after"] == result.made
    made = [c["made_after"] for c in doc["cards"]]
    turns = [k["index"] for k in doc["critical"]]
    for i in range(1, 32):
        if made[i] != made[i - 1]:
            assert i in turns  # every change of the outcome is a critical moment


def test_a_deal_without_its_hands_is_refused(solver: Solver) -> None:
    g = generate_game(PROFILES["ffb"], seed=2, record_hands=False, misdeal_rate=0)
    game = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        game = game.apply(action)
        if game.deal is not None and game.deal.phase is Phase.PLAY and game.deal.played[0]:
            break
    assert game.deal is not None
    with pytest.raises(ValueError, match="not recorded"):
        analyse_deal(game.deal, solver)
