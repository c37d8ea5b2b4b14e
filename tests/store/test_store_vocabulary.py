"""The wire vocabulary: schemas, messages, the fast path, wire <-> records, upcasting."""

from __future__ import annotations

import doctest
import importlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events import catalog, log
from events.canonical import canonical_json, normalize
from events.catalog import SCHEMAS, validate, validate_json
from events.errors import InvalidEvent
from events.upcasting import CURRENT, upcast
from events.wire import to_record, to_wire
from rules.actions import CardPlayed, DealStarted
from rules.seats import Seat

CARDS = [r + s for s in "CDHS" for r in "789TJQKA"]
EXAMPLES: dict[str, dict[str, Any]] = {
    "GameCreated": {"profile": "ffb", "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
                    "first_dealer": "W", "target": 1000, "enforcement": "record",
                    "club": "lyon", "metadata": {"table": 3}, "visibility": "public"},
    "DealStarted": {"dealer": "N", "hands": {s: CARDS[i * 8 : i * 8 + 8]
                    for i, s in enumerate("NESW")}, "deck": CARDS, "cut": 5,
                    "packets": [3, 2, 3]},
    "Passed": {"seat": "E"},
    "BidPlaced": {"seat": "S", "value": "capot", "trump": "TA"},
    "Coinched": {"seat": "W"},
    "Surcoinched": {"seat": "N"},
    "AnnounceDeclared": {"seat": "N", "kind": "cinquante", "cards": ["7H", "8H", "9H", "TH"]},
    "BeloteDeclared": {"seat": "E", "word": "rebelote"},
    "CardPlayed": {"seat": "S", "card": "JH"},
    "ScoreRecorded": {"deal": 2, "marks": {"NS": 160, "EW": 0}},
    "Misdeal": {"seat": "N"},
    "EventVoided": {"position": 17, "reason": "wrong card typed", "by": "arbiter-1"},
    "RulingIssued": {"deal": 3, "ruling": {"adjust": {"NS": -50, "EW": 50}},
                     "reason": "revoke", "by": "arbiter-1"},
    "GameAbandoned": {"reason": "power cut"},
}  # fmt: skip


def test_every_type_has_an_example_and_a_current_schema() -> None:
    assert set(EXAMPLES) == set(CURRENT)
    assert all((t, v) in SCHEMAS for t, v in CURRENT.items())


@pytest.mark.parametrize("event_type", sorted(EXAMPLES))
def test_examples_load_and_map_to_records_and_back(event_type: str) -> None:
    version, data = validate(event_type, EXAMPLES[event_type])
    assert version == CURRENT[event_type] and data == EXAMPLES[event_type]
    record = to_record(event_type, data)
    assert to_wire(record) == (event_type, data)


def test_records_are_typed() -> None:
    assert to_record("CardPlayed", {"seat": "s", "card": "10h"}) == CardPlayed(Seat.S, 19)
    deal = to_record("DealStarted", EXAMPLES["DealStarted"])
    assert isinstance(deal, DealStarted) and deal.hands is not None and deal.hands[Seat.E][0] == 8
    created = to_record("GameCreated", EXAMPLES["GameCreated"])
    assert isinstance(created, log.GameCreated) and created.seats[Seat.W] == "d"


@pytest.mark.parametrize(
    ("event_type", "data", "errors"),
    [
        ("DealStarted", {"dealer": "N", "hands": {"N": CARDS[:7], "E": CARDS[8:16],
         "S": CARDS[16:24], "W": CARDS[24:]}}, {"hands": {"N": ["a hand has 8 cards"]}}),
        ("DealStarted", {"dealer": "N", "hands": {s: CARDS[:8] for s in "NESW"}},
         {"hands": {"_schema": ["the four hands must hold the 32 different cards"]}}),
        ("DealStarted", {"dealer": "N", "deck": [*CARDS[:31], "7C"]},
         {"deck": ["a deck lists the 32 different cards"]}),
        ("DealStarted", {"dealer": "N", "packets": [3, 3, 3]},
         {"packets": ["packets must add up to 8 cards, not 9"]}),
        ("DealStarted", {"dealer": "N", "hands": {"N": CARDS[:8], "X": []}},
         {"hands": {"X": ["Unknown field."], "E": ["Missing data for required field."],
                    "S": ["Missing data for required field."],
                    "W": ["Missing data for required field."]}}),
        ("AnnounceDeclared", {"seat": "N", "kind": "tierce", "cards": ["7H", "8H"]},
         {"cards": ["a tierce shows 3 different cards"]}),
        ("BidPlaced", {"seat": "N", "value": True, "trump": "H"},
         {"value": ["an integer is required, not a boolean"]}),
        ("BidPlaced", {"seat": "N", "value": 90, "trump": "X"},
         {"trump": ["'X' is not a trump: use C, D, H, S, SA or TA"]}),
        ("GameCreated", {"profile": 7, "seats": {"N": "a", "E": "a", "S": "b", "W": "c"},
                         "first_dealer": "N", "enforcement": "lax"},
         {"profile": ["a profile id (string) or a profile document (object), not an integer"],
          "seats": {"_schema": ["the four seats need four different players"]},
          "enforcement": ["must be 'strict' or 'record'"]}),
        ("ScoreRecorded", {"deal": 0, "marks": {"NS": 1}},
         {"deal": ["must be between 1 and 10000, not 0"],
          "marks": {"EW": ["Missing data for required field."]}}),
    ],
)  # fmt: skip
def test_field_level_messages(event_type: str, data: Any, errors: dict[str, Any]) -> None:
    with pytest.raises(InvalidEvent) as caught:
        validate(event_type, data)
    assert caught.value.errors == errors


def test_schema_versions_are_checked() -> None:
    with pytest.raises(InvalidEvent, match="schema version of Passed is 1 to 1"):
        validate("Passed", {"seat": "N"}, 2)
    with pytest.raises(InvalidEvent):
        validate("GameCreated", {**EXAMPLES["GameCreated"]}, 1)  # a v2 payload is not v1


def test_game_created_v1_upcasts_to_v2() -> None:
    v1 = {"profile": "ffb", "seats": ["a", "b", "c", "d"], "first_dealer": "n"}
    version, data = validate("GameCreated", v1, 1)
    assert (version, data["first_dealer"], data["seats"]) == (1, "N", ["a", "b", "c", "d"])
    current, up = upcast("GameCreated", version, data)
    assert current == 2 and up["seats"] == {"N": "a", "E": "b", "S": "c", "W": "d"}
    assert up["enforcement"] == "strict"
    assert validate("GameCreated", up) == (2, up)  # the upcast payload is a valid v2
    assert to_record("GameCreated", v1, 1) == to_record("GameCreated", up)


seats = st.sampled_from(["N", "E", "S", "W", "n", " e", "X", "", 0, None])
cards = st.sampled_from([*CARDS, "jh", "10H", "1H", "JJ", 20, None])
values = st.one_of(st.integers(-5, 1200), st.sampled_from(["capot", "CAPOT", "90", True, 1.5]))
trumps = st.sampled_from(["C", "D", "H", "S", "SA", "TA", "sa", "X", 4])
extra = st.dictionaries(st.sampled_from(["x", "seat"]), st.integers(), max_size=1)
payloads = st.one_of(
    st.tuples(st.just("CardPlayed"), st.fixed_dictionaries({"seat": seats, "card": cards})),
    st.tuples(st.just("BidPlaced"),
              st.fixed_dictionaries({"seat": seats, "value": values, "trump": trumps})),
    st.tuples(st.sampled_from(["Passed", "Coinched", "Surcoinched", "Misdeal"]),
              st.fixed_dictionaries({"seat": seats}, optional={"x": st.integers()})),
    st.tuples(st.just("BeloteDeclared"), st.fixed_dictionaries(
        {"seat": seats, "word": st.sampled_from(["belote", "rebelote", "Belote", "x"])})),
)  # fmt: skip


@given(payloads)
@settings(max_examples=600, deadline=None)
def test_fast_path_agrees_with_the_schemas(case: tuple[str, dict[str, Any]]) -> None:
    event_type, data = case
    fast = catalog.FAST_PATHS[event_type](data)
    try:
        loaded = SCHEMAS[(event_type, 1)].load(data)
    except Exception:
        assert fast is None  # the fast path never accepts what the schema refuses
        return
    if fast is not None:
        assert loaded == data and fast == canonical_json(loaded)
    assert validate_json(event_type, data)[2] == canonical_json(loaded)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
@settings(max_examples=300, deadline=None)
def test_normalize_is_idempotent_through_json(value: Any) -> None:
    try:
        once = normalize(value)
    except ValueError:
        return  # NUL, lone surrogates, infinities: refused
    text = canonical_json(once)
    assert canonical_json(normalize(json.loads(text))) == text


MODULES = ["events.canonical", "events.config", "events.catalog", "events.chain",
           "events.records", "events.schemas", "events.upcasting", "events.wire"]  # fmt: skip


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0
