"""Standard penalties (rules.penalties): properties over generated deals of every profile,
and the club switches (a fixed penalty, or none)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import CAPOT
from rules.documents import load_profile, profile_document
from rules.errors import ProfileError
from rules.penalties import PENALTY_FOR_RULE, PenaltyError, penalty_marks
from rules.profiles import Penalty, PenaltyScore
from rules.registry import PROFILES, find_profile
from rules.scoring import misdeal_result
from rules.seats import Seat, Team
from rules.simulation.generator import generate_game


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 10_000))
def test_the_offending_side_loses_the_deal(pid: str, seed: int) -> None:
    profile = find_profile(pid)
    penalty = profile.penalty("revoke")
    assert penalty is not None and penalty.score is PenaltyScore.DEAL_LOST
    game = generate_game(profile, seed, max_deals=3).final
    for record in game.records:
        result, contract = record.result, record.result.contract
        if contract is None:
            with pytest.raises(PenaltyError):
                penalty_marks(profile, result, Team.NS, penalty)
            continue
        bid = profile.capot_value if contract.value == CAPOT else int(contract.value)
        for offender in (Team.NS, Team.EW):
            other = 1 - offender
            marks, made = penalty_marks(profile, result, offender, penalty)
            assert made is (contract.takers != offender)
            assert marks[offender] == result.penalties[offender]  # nothing but false announces
            assert marks[other] - result.penalties[other] >= (160 + bid) * contract.coinche
            everything = sum(result.announces) + sum(result.belote)
            if not made and profile.marks.value in ("ffb", "tripot", "contree", "yeeqia"):
                assert marks[other] - result.penalties[other] >= 160 + bid + everything - 5


def test_a_club_may_fix_the_penalty_or_have_none() -> None:
    fixed = load_profile(
        {"base": "ffb", "id": "club-p", "penalties": {"revoke": {"score": "fixed", "points": 500}}}
    )
    assert fixed.penalty("revoke") == Penalty(PenaltyScore.FIXED, 500)
    assert profile_document(fixed)["penalties"] == {"revoke": {"score": "fixed", "points": 500}}
    assert load_profile(profile_document(fixed)) == fixed
    none = load_profile({"base": "contree", "id": "club-q", "penalties": {}})
    assert none.penalty("revoke") is None
    g = generate_game(find_profile("ffb"), 3, max_deals=1).final
    result = g.records[0].result
    assert penalty_marks(fixed, result, Team.EW, Penalty(PenaltyScore.FIXED, 500))[0] == (500, 0)
    misdeal = misdeal_result(fixed, Seat.N)
    assert penalty_marks(fixed, misdeal, Team.NS, Penalty(PenaltyScore.FIXED, 500))[0] == (0, 500)


@pytest.mark.parametrize(
    ("penalties", "switch"),
    [
        ([], "penalties"),
        ({"revoke": "deal-lost"}, "penalties.revoke"),
        ({"revoke": {"score": "half"}}, "penalties.revoke.score"),
        ({"revoke": {"score": "fixed"}}, "penalties.revoke.points"),
        ({"revoke": {"score": "fixed", "points": -1}}, "penalties.revoke.points"),
        ({"revoke": {"score": "deal-lost", "points": 10}}, "penalties.revoke.points"),
        ({"Revoke!": {"score": "deal-lost"}}, "penalties"),
    ],
)
def test_a_bad_penalties_switch_is_named(penalties: object, switch: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile({"base": "ffb", "id": "club-r", "penalties": penalties})
    assert refused.value.switch == switch


def test_every_card_breach_calls_for_the_revoke_penalty() -> None:
    assert set(PENALTY_FOR_RULE.values()) == {"revoke"}
    assert all(PROFILES[p].penalty("revoke") is not None for p in PROFILES)
    assert all("penalties" in PROFILES[p].conventions for p in PROFILES)
