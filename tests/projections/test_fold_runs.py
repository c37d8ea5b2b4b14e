"""The fold's run of cards (:func:`projections.fold.fold` plays possible cards on the deal
alone) equals applying :func:`projections.fold.apply` to every entry in turn: on whole
games of every profile, and on logs corrupted the ways a recorded game can be (cards
moved, doubled or dropped, breaches kept at append time, voids, abandonment)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from events.vocabulary.wire import record_of
from projections.address import Upto
from projections.entries import Entry
from projections.fold import Log, apply, fold, project
from projections.state import EMPTY, GameState
from rules.registry import PROFILES
from tests.gamekit import entries_of, wire_game


def one_at_a_time(entries: list[Entry], upto: Upto | None = None) -> tuple[GameState, Log]:
    state: GameState = EMPTY
    log_: Log = None
    for entry in entries:
        if upto is not None and upto.before(entry):
            break
        state = apply(state, entry, log_)
        log_ = (entry, log_)
    return state, log_


def renumbered(entries: list[Entry]) -> list[Entry]:
    return [e._replace(version=i, position=100 + 2 * i) for i, e in enumerate(entries, start=1)]


BREACH = {"severity": "breach", "rule": "must-follow-suit", "params": {"seat": "S"}}


@st.composite
def corrupted_games(draw: Any) -> list[Entry]:
    pid = draw(st.sampled_from(sorted(PROFILES)))
    seed = draw(st.integers(0, 50_000))
    record_hands = draw(st.booleans())
    _g, events = wire_game(
        pid, seed, enforcement="record", max_deals=3, record_hands=record_hands, breaches=0.05
    )
    entries = entries_of(events)
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(1, len(entries) - 1))
        how = draw(st.sampled_from(["double", "drop", "swap", "breach", "void", "abandon"]))
        if how == "double":
            entries.insert(i, entries[i])
        elif how == "drop" and len(entries) > 2:
            del entries[i]
        elif how == "swap" and i + 1 < len(entries):
            entries[i], entries[i + 1] = entries[i + 1], entries[i]
        elif how == "breach":
            entries[i] = entries[i]._replace(breaches=(BREACH,))
        elif how == "void":
            target = draw(st.integers(1, i))
            voided = {"version": target, "reason": "typo", "by": "recorder"}
            record = record_of("EventVoided", 2, voided)
            entries.insert(i, Entry(0, None, "EventVoided", record))
        else:
            record = record_of("GameAbandoned", 1, {"reason": "rain"})
            entries.insert(i, Entry(0, None, "GameAbandoned", record))
    return renumbered(entries)


def test_whole_games_of_every_profile_fold_alike() -> None:
    for pid in sorted(PROFILES):
        for seed in (1, 2):
            _g, events = wire_game(pid, seed, record_hands=seed == 1)
            entries = entries_of(events)
            assert project(entries) == one_at_a_time(entries)[0]


@settings(max_examples=120, deadline=None)
@given(corrupted_games(), st.data())
def test_a_corrupted_log_folds_alike_and_stops_alike(entries: list[Entry], data: Any) -> None:
    state, log_ = fold(entries)
    expected, expected_log = one_at_a_time(entries)
    assert state == expected and log_ == expected_log
    stop = data.draw(st.integers(1, len(entries)))
    for upto in (Upto(version=stop), Upto(position=100 + 2 * stop)):
        assert fold(entries, upto)[0] == one_at_a_time(entries, upto)[0]
