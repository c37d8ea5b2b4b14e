"""The wire vocabulary: schemas, messages, the fast path, wire <-> records, upcasting."""

from __future__ import annotations

import doctest
import importlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.errors import InvalidEvent
from events.store.jsonb import loads as jsonb_loads
from events.vocabulary import log
from events.vocabulary.canonical import canonical_json, normalize
from events.vocabulary.catalog import to_record, validate, validate_json
from events.vocabulary.fast import PAYLOAD_CHECKS
from events.vocabulary.schemas import SCHEMAS
from events.vocabulary.upcasting import CURRENT, upcast
from events.vocabulary.wire import record_of, to_wire
from rules.actions import CardPlayed, DealStarted
from rules.errors import NotationError
from rules.notation import action_from_wire
from rules.seats import Seat

CARDS = [r + s for s in "CDHS" for r in "789TJQKA"]
EXAMPLES: dict[str, dict[str, Any]] = {
    "GameCreated": {"profile": "ffb", "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
                    "first_dealer": "W", "length": {"deals": 12}, "enforcement": "record",
                    "club": "lyon", "metadata": {"table": 3}, "visibility": "public",
                    "roster": False},
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
    "DealSummarized": {"dealer": "E", "contract": {"taker": "S", "value": 90, "trump": "H",
                       "coinche": 2}, "card_points": {"NS": 100, "EW": 62},
                       "tricks": {"NS": 6, "EW": 2}, "belote": ["S"],
                       "announces": [{"seat": "N", "kind": "tierce", "height": "K", "suit": "H"},
                                     {"seat": "W", "kind": "carre", "height": "J", "suit": None}],
                       "generale": None},
    "Claimed": {"seat": "W", "takes": "all", "belote": ["E"]},
    "EventVoided": {"version": 17, "reason": "wrong card typed", "by": "arbiter-1"},
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
         {"trump": ["'X' is not a trump: use C, D, H, S, SA or TA, a suit sign (♣ ♦ ♥ ♠) "
                    "or a French name (trèfle, carreau, cœur, pique, sans-atout, tout-atout)"]}),
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


def test_game_created_v2_upcasts_to_v3_holding_names() -> None:
    v2 = {k: v for k, v in EXAMPLES["GameCreated"].items() if k not in ("roster", "length")}
    version, data = validate("GameCreated", {**v2, "target": 1000}, 2)
    assert version == 2 and "roster" not in data
    current, up = upcast("GameCreated", version, data)
    v3 = {k: v for k, v in data.items() if k != "target"}
    assert (current, up) == (3, {**v3, "length": {"target": 1000}, "roster": False})
    assert validate("GameCreated", up) == (3, up)


ROSTER_SEATS = {s: f"pl_{i:032x}" for i, s in enumerate("NESW", 1)}


def test_a_roster_game_seats_player_ids_only() -> None:
    created = {**EXAMPLES["GameCreated"], "seats": ROSTER_SEATS, "roster": True}
    assert validate("GameCreated", created) == (3, created)
    for wrong in ("ann", "pl_123", "PL_" + "0" * 32, "pl_" + "g" * 32):
        bad = {**created, "seats": {**ROSTER_SEATS, "E": wrong}}
        with pytest.raises(InvalidEvent) as caught:
            validate("GameCreated", bad)
        assert "E" in caught.value.errors["seats"], wrong
    with pytest.raises(InvalidEvent) as caught:
        validate("GameCreated", {**created, "roster": "yes"})
    assert "roster" in caught.value.errors


def test_schema_versions_are_checked() -> None:
    with pytest.raises(InvalidEvent, match="schema version of Passed is 1 to 1"):
        validate("Passed", {"seat": "N"}, 2)
    with pytest.raises(InvalidEvent):
        validate("GameCreated", {**EXAMPLES["GameCreated"]}, 1)  # a v2 payload is not v1


def test_game_created_v1_upcasts_to_the_current_version() -> None:
    v1 = {"profile": "ffb", "seats": ["a", "b", "c", "d"], "first_dealer": "n", "target": 700}
    version, data = validate("GameCreated", v1, 1)
    assert (version, data["first_dealer"], data["seats"]) == (1, "N", ["a", "b", "c", "d"])
    current, up = upcast("GameCreated", version, data)
    assert current == 3 and up["seats"] == {"N": "a", "E": "b", "S": "c", "W": "d"}
    assert up["enforcement"] == "strict" and up["length"] == {"target": 700}
    assert "target" not in up and up["roster"] is False  # names, not roster ids
    assert validate("GameCreated", up) == (3, up)  # the upcast payload is a valid v3
    assert to_record("GameCreated", v1, 1) == to_record("GameCreated", up)


def test_game_created_v2_target_becomes_the_length() -> None:
    seats = {"N": "a", "E": "b", "S": "c", "W": "d"}
    v2 = {"profile": "ffb", "seats": seats, "first_dealer": "N"}
    assert upcast("GameCreated", *validate("GameCreated", v2, 2))[1]["length"] is None
    version, data = validate("GameCreated", {**v2, "target": 1000}, 2)
    current, up = upcast("GameCreated", version, data)
    assert (current, up["length"]) == (3, {"target": 1000})
    assert to_record("GameCreated", up).target == 1000  # type: ignore[union-attr]
    with pytest.raises(InvalidEvent) as refused:  # v3 has no target: the length says it
        validate("GameCreated", {**v2, "target": 1000})
    assert "target" in refused.value.errors


@pytest.mark.parametrize(
    "length",
    [{}, {"target": 0}, {"deals": 0}, {"deals": 1001}, {"target": 1000, "deals": 12},
     {"rounds": 3}, {"deals": "12"}, {"deals": True}, [12], 12],
)  # fmt: skip
def test_a_bad_length_is_refused_naming_the_field(length: Any) -> None:
    seats = {"N": "a", "E": "b", "S": "c", "W": "d"}
    created = {"profile": "ffb", "seats": seats, "first_dealer": "N", "length": length}
    with pytest.raises(InvalidEvent) as refused:
        validate("GameCreated", created)
    assert "length" in refused.value.errors


def test_a_fixed_length_game_reads_its_deals() -> None:
    seats = {"N": "a", "E": "b", "S": "c", "W": "d"}
    created = {"profile": "ffb", "seats": seats, "first_dealer": "N", "length": {"deals": 12}}
    assert validate("GameCreated", created)[1]["length"] == {"deals": 12}
    record = to_record("GameCreated", created)
    assert (record.deals, record.target) == (12, None)  # type: ignore[union-attr]


def test_event_voided_v1_upcasts_to_v2() -> None:
    v1 = {"position": 7, "reason": "typo", "by": "arb"}
    version, data = validate("EventVoided", v1, 1)
    current, up = upcast("EventVoided", version, data)
    assert (current, up) == (2, {"version": 7, "reason": "typo", "by": "arb"})
    assert validate("EventVoided", up) == (2, up)
    assert to_record("EventVoided", v1, 1) == to_record("EventVoided", up)
    with pytest.raises(InvalidEvent) as refused:
        validate("EventVoided", v1)  # the current version names it ``version``
    assert "position" in refused.value.errors and "version" in refused.value.errors


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
    fast = PAYLOAD_CHECKS[event_type](data)
    try:
        loaded = SCHEMAS[(event_type, 1)].load(data)
    except Exception:
        assert fast is None  # the fast path never accepts what the schema refuses
        return
    if fast is not None:
        assert loaded == data and fast == (canonical_json(loaded), data)
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


MODULES = [
    "events.vocabulary.canonical",
    "events.store.config",
    "events.vocabulary.catalog",
    "events.vocabulary.chain",
    "events.records",
    "events.vocabulary.schemas",
    "events.vocabulary.upcasting",
    "events.vocabulary.wire",
    "events.vocabulary.fast",
    "events.vocabulary.notation",
    "events.store.jsonb",
]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0


_SPELLINGS = st.sampled_from(["S", "H", "TA", "JH"]) | st.sampled_from(
    ["s", " W ", "X", "jh", "10h", "TH", "ZZ", "", "ta"]
)
_VALUES = st.one_of(
    st.sampled_from([80, 82, 90, 160, 250, 500, 95, 1000, "capot", "CAPOT", True, 80.0, 90.0]),
    st.integers(-10, 600),
    st.floats(allow_nan=False),
    st.lists(st.integers(), max_size=2),
)
_SMALL_FACTS = ["CardPlayed", "BidPlaced", "Passed", "Coinched", "Surcoinched", "Misdeal"]


@settings(max_examples=400, deadline=None)
@given(
    kind=st.sampled_from([*_SMALL_FACTS, "BeloteDeclared"]),
    seat=_SPELLINGS,
    card=_SPELLINGS,
    value=_VALUES,
    trump=_SPELLINGS,
    word=st.sampled_from(["belote", "rebelote", "Belote", "x"]),
)
def test_a_payload_decodes_to_what_the_rules_parser_gives(
    kind: str, seat: str, card: str, value: Any, trump: str, word: str
) -> None:
    """Stored payloads are looked up in tables built by the rules' parser; whatever the
    payload, the record (or the error) is the parser's own."""
    data = {"CardPlayed": {"seat": seat, "card": card},
            "BidPlaced": {"seat": seat, "value": value, "trump": trump},
            "BeloteDeclared": {"seat": seat, "word": word}}.get(kind, {"seat": seat})  # fmt: skip
    try:
        expected: Any = action_from_wire(kind, data)
    except NotationError as e:
        expected = ("refused", str(e))
    try:
        got: Any = record_of(kind, 1, data)
    except NotationError as e:
        got = ("refused", str(e))
    assert got == expected
    if kind == "BidPlaced" and not isinstance(got, tuple):
        assert type(got.value) is type(expected.value)  # 80.0 == 80, but is no bid


def test_a_bid_of_a_float_is_refused_though_it_equals_a_known_bid() -> None:
    with pytest.raises(NotationError, match="must be an integer"):
        record_of("BidPlaced", 1, {"seat": "S", "value": 80.0, "trump": "H"})


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=_JSON)
def test_jsonb_values_load_exactly_as_the_standard_parser_loads_them(value: Any) -> None:
    """Integers of any size included (a payload's hash covers the exact value)."""
    text = json.dumps(value).encode()
    assert jsonb_loads(text) == json.loads(text)
    assert canonical_json(jsonb_loads(text)) == canonical_json(json.loads(text))
