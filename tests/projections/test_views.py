"""Views: the arbiter sees everything; a seat never sees another's unplayed card."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.fold import states
from projections.views import state_view
from rules.cards import FULL_DECK, names
from rules.registry import PROFILES
from rules.seats import SEATS
from tests.gamekit import entries_of, wire_game

CARD = re.compile(r'"([789TJQKA][CDHS])"')


def cards_in(doc: dict) -> set[str]:
    return set(CARD.findall(json.dumps(doc)))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 100_000), st.booleans())
def test_a_seat_view_never_leaks_a_hidden_card(pid, seed, record_hands):
    _g, events = wire_game(pid, seed, max_deals=2, record_hands=record_hands)
    for _entry, state in states(entries_of(events)):
        deal = state.game.deal if state.game else None
        if deal is None:
            continue
        dealt = deal.hands if deal.hands is not None else None
        for seat in SEATS:
            view = state_view(state, "seat", seat)
            others_unplayed = set()
            if dealt is not None and not deal.over:
                for other in SEATS:
                    if other != seat:
                        others_unplayed |= set(names(dealt[other] & ~deal.played[other]))
            shown = cards_in(view)
            assert not shown & others_unplayed, (seat, shown & others_unplayed)
            if dealt is not None and not deal.over:
                # exactly the others' unplayed cards are unknown to the seat
                known = set(names(dealt[seat] & ~deal.played[seat])) | set(names(deal.all_played))
                assert known == set(names(FULL_DECK)) - others_unplayed
                assert known <= shown | set(names(deal.all_played))


def test_arbiter_sees_every_hand_and_public_sees_none_during_a_deal():
    _g, events = wire_game("ffb", 3, max_deals=1, record_hands=True, misdeal_rate=0)
    entries = entries_of(events)
    mid = [s for e, s in states(entries) if s.game.deal and s.game.deal.phase.value == "play"][5]
    arbiter, public = state_view(mid, "arbiter"), state_view(mid, "public")
    assert all(arbiter["deal"]["hands"][s.name]["cards"] for s in SEATS)
    assert all(public["deal"]["hands"][s.name]["cards"] is None for s in SEATS)
    assert all(public["deal"]["hands"][s.name]["count"] > 0 for s in SEATS)
    assert "anomalies" in arbiter and "anomalies" not in public


def test_public_view_shows_the_hands_once_the_deal_is_over():
    _g, events = wire_game("ffb", 3, max_deals=1, record_hands=False, misdeal_rate=0)
    done = next(
        s
        for e, s in states(entries_of(events))
        if s.game.deal and s.game.deal.phase.value == "done"
    )
    hands = state_view(done, "public")["deal"]["hands"]
    assert sorted(c for s in SEATS for c in hands[s.name]["cards"]) == sorted(names(FULL_DECK))


def test_the_seat_view_needs_a_seat():
    _g, events = wire_game("ffb", 3, max_deals=1)
    state = list(states(entries_of(events)))[-1][1]
    with pytest.raises(ValueError, match="seat"):
        state_view(state, "seat")
