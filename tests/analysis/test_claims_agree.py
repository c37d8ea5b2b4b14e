"""The claim audit's own exact search (``rules.claims.unsound_claim``, standard library)
and the solver's reading of a claim (``analysis.claims.claim_sound``) give the same
verdict on every claim of the last tricks of generated deals, for every profile."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from analysis.claims import claim_sound
from analysis.position import Position
from analysis.solver import Solver
from projections.fold import states
from rules.actions import Claimed, ClaimTakes
from rules.claims import rest_team, unsound_claim
from rules.deal import Deal, Phase
from rules.registry import PROFILES
from rules.seats import Seat
from tests.gamekit import entries_of, wire_game

SOLVER = Solver()


def endgames(profile_id: str, seed: int, tricks_left: int) -> list[Deal]:
    """Every card-play point of a generated game's deals with at most ``tricks_left``
    tricks to play (the hands recorded)."""
    _g, events = wire_game(profile_id, seed, record_hands=True, deals=2)
    out = []
    for _entry, state in states(entries_of(events)):
        deal = state.game.deal if state.game is not None else None
        if deal is not None and deal.phase is Phase.PLAY and 8 - len(deal.tricks) <= tricks_left:
            out.append(deal)
    return out


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(sorted(PROFILES)),
    st.integers(0, 10_000),
    st.integers(0, 1_000),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(ClaimTakes)),
)
def test_the_rules_search_and_the_solver_agree_on_claims(
    profile_id: str, seed: int, pick: int, seat: Seat, takes: ClaimTakes
) -> None:
    found = endgames(profile_id, seed, 4)
    assume(found)
    deal = found[pick % len(found)]
    claim = Claimed(seat, takes, ())
    by_rules = unsound_claim(deal, claim) is None
    by_solver = claim_sound(Position.of_deal(deal), rest_team(claim), SOLVER)
    assert by_rules == by_solver, (profile_id, seed, pick, seat, takes)
