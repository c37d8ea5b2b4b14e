"""The snapshot codec: every state survives the trip through data, and anything that is not
a valid encoding is refused with CodecError (never another exception, never executed)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from projections.codec import FORMAT, CodecError, decode, encode
from projections.fold import states
from rules.documents import profile_document
from rules.registry import PROFILES, find_profile
from tests.gamekit import entries_of, wire_game

PROFILE_IDS = sorted(PROFILES)


def round_trip(state):
    return decode(orjson.loads(orjson.dumps(encode(state))))


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_every_state_of_a_game_survives_the_trip(pid):
    g, events = wire_game(pid, 11, enforcement="record", max_deals=5, breaches=0.05)
    second = [i for i, e in enumerate(events) if e["type"] == "DealStarted"][1]
    played = next(r for r in g.final.records if r.result.contract is not None)
    penalty = {"penalty": "revoke", "offender": "E", "finding": {"deal": played.number,
               "trick": 2, "seat": "W"}}  # fmt: skip
    events.insert(
        second,
        {"type": "RulingIssued",
         "data": {"deal": played.number, "ruling": penalty, "reason": "r", "by": "a"}},
    )  # fmt: skip
    events.insert(
        second,
        {
            "type": "RulingIssued",
            "data": {
                "deal": 1,
                "ruling": {"adjustment": {"NS": 10, "EW": 0}},
                "reason": "r",
                "by": "a",
            },
        },
    )
    events.append({"type": "EventVoided", "data": {"version": 5, "reason": "typo", "by": "a"}})
    events.append({"type": "ScoreRecorded", "data": {"deal": 1, "marks": {"NS": 0, "EW": 0}}})
    events.append({"type": "GameAbandoned", "data": {"reason": "late"}})
    seen, ruled = 0, 0
    for _entry, state in states(entries_of(events)):
        assert round_trip(state) == state
        seen += 1
        ruled = max(ruled, sum(r.penalty is not None for r in state.rulings))
    assert seen == len(events) and ruled == 1  # the void later unsettles deal 1
    assert state.anomalies and state.recorded and state.voided


def test_a_club_profile_is_stored_whole_and_read_back():
    club = profile_document(find_profile("ffb")) | {"id": "club-x", "target": 700, "min_bid": 90}
    _g, events = wire_game("ffb", 3, max_deals=2)
    events[0]["data"]["profile"] = club
    state = list(states(entries_of(events)))[-1][1]
    data = encode(state)
    assert data["state"]["meta"]["profile"]["id"] == "club-x"
    assert data["state"]["meta"]["profile"]["min_bid"] == 90
    assert round_trip(state) == state


def test_the_data_is_flat_whatever_the_length_of_the_game():
    _g, events = wire_game("ffb", 5, max_deals=60, target=100_000)
    state = list(states(entries_of(events)))[-1][1]
    assert len(state.game.records) == 60

    def depth(value):
        if isinstance(value, list | dict):
            inner = value.values() if isinstance(value, dict) else value
            return 1 + max((depth(v) for v in inner), default=0)
        return 0

    assert depth(encode(state)) <= 12  # the same as after one deal: no nesting by history
    short = list(states(entries_of(wire_game("ffb", 5, max_deals=1)[1])))[-1][1]
    assert depth(encode(state)) == depth(encode(short))


HOSTILE = [
    None,
    [],
    "state",
    {"format": FORMAT},
    {"format": 0, "state": {}},
    {"format": True, "state": {}},
    {"format": "1", "state": {}},
    {"format": FORMAT, "state": [1, 2]},
    {"format": FORMAT, "state": {"meta": None}},
    {"format": FORMAT, "state": pickle.dumps(object()).hex()},
]


@pytest.mark.parametrize("data", HOSTILE)
def test_malformed_data_is_refused(data):
    with pytest.raises(CodecError):
        decode(data)


def _sample_state():
    _g, events = wire_game("tripot", 8, enforcement="record", max_deals=2, breaches=0.1)
    return list(states(entries_of(events)))[-1][1]


SAMPLE = encode(_sample_state())


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


PATHS = [p for p in _paths(SAMPLE) if p]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.text(max_size=5),
    st.lists(st.integers(-1, 40), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JUNK)
def test_any_altered_field_is_refused_or_gives_a_state(path, junk):
    """Changing any one value of a valid encoding either decodes (the new value is valid
    there) or raises CodecError: no other exception escapes, whatever the value."""
    data = copy.deepcopy(SAMPLE)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = junk
    try:
        state = decode(data)
    except CodecError:
        return
    assert state.version >= 0


def test_a_fixed_length_game_survives_the_trip_and_format_2_still_decodes():
    _g, events = wire_game("contree", 4, deals=2)
    state = list(states(entries_of(events)))[-1][1]
    assert state.meta.deals == 2 and state.game.deals == 2 and state.game.over
    assert round_trip(state) == state
    data = encode(state)
    assert data["format"] == FORMAT == 3
    old = copy.deepcopy(data)  # format 2: written before fixed-length games, no "deals"
    old["format"] = 2
    del old["state"]["meta"]["deals"], old["state"]["game"]["deals"]
    assert decode(old) == state._replace(
        meta=dataclasses.replace(state.meta, deals=None), game=state.game._replace(deals=None)
    )
    with pytest.raises(CodecError):
        decode(data | {"format": 2})  # format 2 has no "deals": refused, not guessed
    with pytest.raises(CodecError):
        decode(old | {"format": 1})  # format 1 (findings as sentences) is rebuilt
