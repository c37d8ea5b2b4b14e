"""The fold: every position, every way to stop, determinism."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.address import Address, Upto, address_of
from projections.fold import apply, fold, project, states
from projections.sheet import score_sheet
from projections.state import EMPTY
from projections.views import state_view
from rules.registry import PROFILES
from tests.gamekit import entries_of, wire_game


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_the_fold_agrees_with_the_rules_engine(pid):
    g, events = wire_game(pid, 11)
    state = project(entries_of(events))
    assert state.game.totals == g.final.totals
    assert state.game.winner == g.final.winner
    assert state.status == ("finished" if g.final.over else "live")
    assert state.anomalies == ()
    assert [r.result for r in state.game.records] == [r.result for r in g.final.records]


def test_project_at_every_version_equals_the_incremental_fold():
    _g, events = wire_game("ffb-sata", 4, max_deals=3)
    entries = entries_of(events)
    for entry, state in states(entries):
        assert project(entries, Upto(version=entry.version)) == state


def test_upto_position_uses_global_positions():
    _g, events = wire_game("ffb", 2, max_deals=2)
    entries = [e._replace(position=1000 + 3 * e.version) for e in entries_of(events)]
    assert project(entries, Upto(position=1000 + 3 * 7 + 1)).version == 7


@pytest.mark.parametrize("address", ["1.0.0", "1.0.2", "1.1.0", "1.3.2", "2.5.4", "2.8.4"])
def test_upto_an_address(address):
    _g, events = wire_game("ffb", 5, max_deals=3, misdeal_rate=0)
    target = Address.parse(address)
    state = project(entries_of(events), Upto(address=target))
    here = address_of(state)
    if address == "1.1.0":  # the auction's end: its last call
        assert here.trick == 0 and state.game.deal.phase == "play" and not state.game.deal.tricks
    else:
        assert here == target


def test_an_address_beyond_a_short_auction_stops_at_the_next_moment():
    _g, events = wire_game("ffb", 5, max_deals=2, misdeal_rate=0)
    state = project(entries_of(events), Upto(address=Address(1, 0, 40)))
    assert address_of(state) >= Address(1, 0, 1)


@pytest.mark.parametrize("text", ["", "1.2", "a.b.c", "0.1.1", "1.9.0", "1.1.5", "-1.0.0"])
def test_bad_addresses_are_refused_clearly(text):
    with pytest.raises(ValueError, match="deal"):
        Address.parse(text)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 10_000))
def test_the_same_events_give_the_same_json(pid, seed):
    _g, events = wire_game(pid, seed, max_deals=4)
    one = json.dumps(state_view(project(entries_of(events))), sort_keys=False)
    two = json.dumps(state_view(project(entries_of(json.loads(json.dumps(events))))))
    assert one == two
    assert json.dumps(score_sheet(project(entries_of(events)))) == json.dumps(
        score_sheet(project(entries_of(events)))
    )


def test_fold_can_resume_from_a_saved_point():
    _g, events = wire_game("tripot", 8, max_deals=4)
    entries = entries_of(events)
    half = len(entries) // 2
    middle = fold(entries[:half])
    assert fold(entries[half:], start=middle)[0] == project(entries)


def test_apply_before_game_created_flags_and_continues():
    entries = entries_of([{"type": "Passed", "data": {"seat": "N"}}])
    state = apply(EMPTY, entries[0])
    assert state.anomalies[0].rule == "game-created-first" and state.version == 1


def test_the_fourth_call_of_an_auction_is_not_the_end_of_the_auction():
    for seed in range(60):
        _g, events = wire_game("ffb", seed, max_deals=1, misdeal_rate=0)
        calls = [e for e in events if e["type"] in ("Passed", "BidPlaced", "Coinched")]
        if len(calls) >= 6:
            break
    state = project(entries_of(events), Upto(address=Address(1, 0, 4)))
    assert address_of(state) == (1, 0, 4) and len(state.game.deal.auction.calls) == 4


def test_a_misdeal_keeps_its_deal_number_as_address():
    for seed in range(200):
        _g, events = wire_game("tripot", seed, max_deals=3, misdeal_rate=0.5)
        if any(e["type"] == "Misdeal" for e in events):
            break
    versions = [i for i, e in enumerate(events, start=1) if e["type"] == "Misdeal"]
    state = project(entries_of(events), Upto(version=versions[0]))
    assert address_of(state) == (len(state.game.records), 0, 0)
