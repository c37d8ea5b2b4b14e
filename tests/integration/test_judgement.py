"""The write-side judgement on a real PostgreSQL: strict refuses, record keeps and marks."""

from __future__ import annotations

import uuid

import pytest

from events.errors import EventRefused
from events.records import NewEvent
from projections.entries import from_stored
from projections.fold import project
from tests.gamekit import wire_game


def new(events):
    return [NewEvent(e["type"], e["data"]) for e in events]


def record_game(store, judgement, events, batch=7):
    game_id = uuid.uuid4()
    version = 0
    for i in range(0, len(events), batch):
        chunk = new(events[i : i + batch])
        result = store.append(game_id, chunk, version, "tester", check=judgement)
        version = result.last_version
    return game_id, version


def test_a_whole_legal_game_is_accepted_and_finishes(db_store, judgement):
    g, events = wire_game("ffb", 31)
    game_id, version = record_game(db_store, judgement, events)
    assert version == len(events)
    row = db_store.game(game_id)
    assert row.status == ("finished" if g.final.over else "live")
    state = project(from_stored(db_store.read(game_id)))
    assert state.game.totals == g.final.totals


def _first_revoke(pid="yeeqia"):
    for seed in range(100):
        g, events = wire_game(pid, seed, breaches=0.3, max_deals=2, record_hands=True)
        if g.injected:
            return g, events, g.injected[0]
    raise AssertionError("no revoke generated")


def test_strict_refuses_a_revoke_naming_the_rule_and_the_card(db_store, judgement):
    _g, events, (index, rule) = _first_revoke()
    line = index + 1  # GameCreated comes first
    game_id, version = record_game(db_store, judgement, events[:line])
    with pytest.raises(EventRefused) as refused:
        db_store.append(game_id, new(events[line : line + 3]), version, "t", check=judgement)
    assert refused.value.rule == rule and refused.value.index == 0
    card = events[line]["data"]["card"]
    assert "allowed:" in refused.value.detail
    assert card[0] in refused.value.detail or "10" in refused.value.detail
    assert len(db_store.read(game_id)) == version  # nothing of the batch was stored


def test_record_mode_keeps_the_breach_and_marks_it(db_store, judgement):
    _g, events, (index, rule) = _first_revoke()
    events[0]["data"]["enforcement"] = "record"
    game_id, _version = record_game(db_store, judgement, events[: index + 4])
    stored = db_store.read(game_id)
    marked = [e for e in stored if e.breaches]
    assert [(e.version, e.breaches[0]["rule"]) for e in marked] == [(index + 2, rule)]


@pytest.mark.parametrize("mode", ["strict", "record"])
def test_impossible_events_are_refused_in_both_modes(db_store, judgement, mode):
    _g, events = wire_game("ffb", 3, max_deals=1, misdeal_rate=0)
    events[0]["data"]["enforcement"] = mode
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    game_id, version = record_game(db_store, judgement, events[: first_card + 1])
    for bad, rule in [
        (events[first_card], "card-already-played"),
        ({"type": "Passed", "data": {"seat": "N"}}, "auction-closed"),
        (events[0], "game-already-created"),
    ]:
        with pytest.raises(EventRefused) as refused:
            db_store.append(game_id, new([bad]), version, "t", check=judgement)
        assert refused.value.rule == rule


def test_nothing_after_the_game_ended(db_store, judgement):
    g, events = wire_game("contree", 31)
    assert g.final.over
    game_id, version = record_game(db_store, judgement, events)
    more = {"type": "DealStarted", "data": {"dealer": "N"}}
    with pytest.raises(EventRefused) as refused:
        db_store.append(game_id, new([more]), version, "t", check=judgement)
    assert refused.value.rule == "game-over"


def test_first_event_must_create_the_game_with_a_known_profile(db_store, judgement):
    with pytest.raises(EventRefused) as refused:
        db_store.append(
            uuid.uuid4(), new([{"type": "Passed", "data": {"seat": "N"}}]), 0, "t", check=judgement
        )
    assert refused.value.rule == "game-created-first"
    _g, events = wire_game("ffb", 3, max_deals=1)
    events[0]["data"]["profile"] = "belote-classique"
    with pytest.raises(EventRefused) as refused:
        db_store.append(uuid.uuid4(), new(events[:1]), 0, "t", check=judgement)
    assert refused.value.rule == "bad-profile" and "known:" in refused.value.detail


def test_a_cold_process_judges_from_the_database(db_store, judgement):
    from projections.judgement import Judgement

    _g, events = wire_game("tripot", 5, max_deals=3)
    game_id, version = record_game(db_store, judgement, events[:-1])
    fresh = Judgement()  # another process: empty cache, reads snapshots and events
    result = db_store.append(game_id, new(events[-1:]), version, "t", check=fresh)
    assert result.last_version == len(events)


def test_a_stale_cache_after_a_rollback_is_not_trusted(db_store, judgement):
    _g, events = wire_game("ffb", 8, max_deals=1, misdeal_rate=0)
    game_id, version = record_game(db_store, judgement, events[:10])
    # the check passes (and caches the new state) but the append then fails: a duplicate id
    dup = NewEvent(events[10]["type"], events[10]["data"], id=db_store.read(game_id)[0].event_id)
    with pytest.raises(Exception):  # noqa: B017 - the store's idempotency error
        db_store.append(game_id, [dup], version, "t", check=judgement)
    result = db_store.append(game_id, new(events[10:12]), version, "t", check=judgement)
    assert result.last_version == 12


def test_two_processes_take_turns_and_each_folds_only_what_it_missed(db_store):
    from projections.judgement import Judgement

    g, events = wire_game("ffb", 12, max_deals=2, misdeal_rate=0)
    one, two = Judgement(), Judgement()
    game_id, version = uuid.uuid4(), 0
    for i in range(0, len(events), 5):
        hook = one if (i // 5) % 2 == 0 else two
        version = db_store.append(
            game_id, new(events[i : i + 5]), version, "t", check=hook
        ).last_version
    cached = one.current_cached(game_id)
    assert cached is not None and cached[0] <= version
    state = project(from_stored(db_store.read(game_id)))
    assert state.game.totals == g.final.totals
