"""Store contract: NDJSON bulk import and export."""

from __future__ import annotations

import copy
import io
import itertools
import json
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from psycopg_pool import ConnectionPool
from storekit import archive_game, archive_line, new_game

from events.archive.format import ArchivedGame
from events.archive.ids import fresh_ids
from events.archive.parse import LineParser
from events.errors import EventRefused, GameNotFound, ImportLineError
from events.records import CheckResult, Pending
from events.store.event_store import EventStore
from events.store.games import GameFilter
from events.vocabulary.canonical import canonical_json
from events.vocabulary.catalog import validate_json
from events.vocabulary.chain import event_hash
from events.vocabulary.fast import PAYLOAD_CHECKS as FAST_CHECKS
from events.vocabulary.schemas import SCHEMAS
from events.vocabulary.upcasting import CURRENT
from rules.registry import PROFILES
from tests.gamekit import wire_game

CARD_NAMES = [r + s for s in "CDHS" for r in "789TJQKA"]


def export(store: EventStore, ids: Sequence[uuid.UUID]) -> str:
    out = io.StringIO()
    store.export_ndjson(out, ids)
    return out.getvalue()


def test_import_minimal_lines_then_read_and_verify(store: EventStore) -> None:
    lines = [archive_line(seed, events=30) for seed in range(1000, 1025)]
    summary = store.import_ndjson(lines, progress=False, batch_games=10)
    assert (summary.imported, summary.events, summary.refused) == (25, 750, [])
    game = uuid.UUID(json.loads(lines[3])["game"])
    events = store.read(game)
    assert [e.version for e in events] == list(range(1, 31))
    assert events[0].recorded_by == "import" and events[0].data["enforcement"] == "strict"
    assert store.verify(game).ok
    assert store.game(game).last_version == 30


def test_archive_round_trips_byte_for_byte(store: EventStore, other_store: EventStore) -> None:
    archive = "".join(
        canonical_json(archive_game(seed, events=12, full=True)) + "\n"
        for seed in range(2000, 2020)
    )
    assert store.import_ndjson(io.StringIO(archive), progress=False).imported == 20
    ids = [uuid.UUID(json.loads(line)["game"]) for line in archive.splitlines()]
    exported = export(store, ids)
    without_hash = [
        {"game": d["game"], "events": [{k: v for k, v in e.items() if k != "hash"}
                                       for e in d["events"]]}
        for d in map(json.loads, exported.splitlines())
    ]  # fmt: skip
    assert "".join(canonical_json(d) + "\n" for d in without_hash) == archive
    assert other_store.import_ndjson(io.StringIO(exported), progress=False).imported == 20
    assert export(other_store, ids) == exported  # hashes and all, byte for byte


def test_appended_games_export_and_reimport_with_the_same_chain(
    store: EventStore, other_store: EventStore
) -> None:
    game = new_game(store, club="export-club")
    exported = export(store, [game])
    assert other_store.import_ndjson([exported], progress=False).imported == 1
    assert other_store.read(game)[0].hash == store.read(game)[0].hash
    assert other_store.verify(game).ok
    by_filter = io.StringIO()
    assert store.export_ndjson(by_filter, where=GameFilter(club="export-club")) == 1
    assert by_filter.getvalue() == exported


def test_malformed_lines_are_refused_one_by_one_and_nothing_half_imported(
    store: EventStore,
) -> None:
    bad_card = archive_game(3001, events=60)
    bad_card["events"][57]["data"]["card"] = "1Z"
    good_exported = archive_line(3003, events=5, full=True)
    store.import_ndjson([good_exported], progress=False)
    tampered = json.loads(export(store, [uuid.UUID(json.loads(good_exported)["game"])]))
    tampered["events"][2]["data"]["card"] = (
        "AS" if tampered["events"][2]["data"]["card"] != "AS" else "KS"
    )
    tampered["game"] = str(uuid.uuid4())
    no_created = archive_game(3004, events=5)
    no_created["events"] = no_created["events"][1:]
    unknown_field = archive_game(3005, events=5)
    unknown_field["events"][1]["colour"] = "red"
    duplicate = archive_line(3006)
    lines = [
        archive_line(3010),  # 1 good
        "{not json\n",  # 2
        json.dumps(bad_card) + "\n",  # 3
        "[]\n",  # 4
        json.dumps({"game": "not-a-uuid", "events": []}) + "\n",  # 5
        json.dumps(tampered) + "\n",  # 6
        json.dumps(no_created) + "\n",  # 7
        json.dumps(unknown_field) + "\n",  # 8
        duplicate,  # 9 good
        duplicate,  # 10 repeats line 9
        good_exported,  # 11 already imported
        "\n",  # blank: skipped
        archive_line(3011),  # 13 good
    ]
    summary = store.import_ndjson(lines, progress=False, batch_games=3)
    reasons = {line: reason for line, _, reason in summary.refused}
    assert sorted(reasons) == [2, 3, 4, 5, 6, 7, 8, 10, 11]
    assert "not valid JSON" in reasons[2]
    assert "event 58" in reasons[3] and "card" in reasons[3]
    assert "game" in reasons[4] and "UUID" in reasons[5]
    assert "hash" in reasons[6] and "game-created-first" in reasons[7]
    assert "colour" in reasons[8] and "repeats" in reasons[10] and "already" in reasons[11]
    assert summary.imported == 3
    with pytest.raises(GameNotFound):
        store.read(uuid.UUID(bad_card["game"]))  # none of its 57 valid events went in


def refuse_lyon(
    conn: psycopg.Connection[Any], game_id: uuid.UUID, current: int, new: Sequence[Pending]
) -> CheckResult:
    if new[0].data["seats"]["N"].endswith("3N"):
        raise EventRefused("no-lyon", "refused by the hook", 0)
    return CheckResult(breaches=[[{"rule": "r"}] if e.type == "DealStarted" else [] for e in new])


def test_import_runs_the_check_hook_per_game(store: EventStore) -> None:
    lines = [archive_line(seed, events=4) for seed in (4000, 4001, 4003)]
    summary = store.import_ndjson(lines, progress=False, check=refuse_lyon)
    assert summary.imported == 2 and [r[0] for r in summary.refused] == [3]
    assert "no-lyon" in summary.refused[0][2]
    events = store.read(uuid.UUID(json.loads(lines[0])["game"]))
    assert [e.breaches for e in events] == [None, [{"rule": "r"}], None, None]


def test_a_concurrent_writer_taking_an_id_refuses_only_that_game(store: EventStore) -> None:
    lines = [archive_line(seed, events=4) for seed in (5000, 5001, 5002)]
    racing = uuid.UUID(json.loads(lines[1])["game"])

    def racer(conn: Any, game_id: uuid.UUID, current: int, new: Sequence[Pending]) -> None:
        if game_id == racing:  # another process creates the same game right now
            store.import_ndjson([lines[1]], progress=False)

    summary = store.import_ndjson(lines, progress=False, check=racer)
    assert summary.imported == 2 and [r[0] for r in summary.refused] == [2]
    assert store.verify(racing).ok and len(store.read(racing)) == 4


def test_v1_game_created_in_an_archive_reads_as_the_current_version(store: EventStore) -> None:
    game = str(uuid.uuid4())
    v1 = {"profile": "ffb", "seats": ["a", "b", "c", "d"], "first_dealer": "S"}
    line = {"game": game, "events": [{"type": "GameCreated", "version": 1, "data": v1}]}
    assert store.import_ndjson([json.dumps(line)], progress=False).imported == 1
    (event,) = store.read(uuid.UUID(game))
    assert (
        event.schema_version == 3
        and event.data["length"] is None
        and event.data["seats"]["S"] == "c"
    )
    assert event.data["roster"] is False  # names as written, not roster ids
    exported = json.loads(export(store, [uuid.UUID(game)]))
    assert exported["events"][0]["version"] == 1  # exported as stored


# --- the parser's fast path against the reference path ---------------------------------

NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def counted_ids() -> Callable[[int], list[str]]:
    """A deterministic id source: the same ids for every reading of a line (a line the fast
    path declines is read again, and must get the ids the reference path alone gets)."""
    return lambda n: [f"00000000-0000-7000-8000-{i:012x}" for i in range(n)]


def both_paths(line: str | bytes, keep: bool = False) -> tuple[Any, Any]:
    """(fast-then-reference, reference only): a game or the refusal's reason, for each."""
    out = []
    for exact in (False, True):
        parser = LineParser("importer", NOW, keep, counted_ids())
        parse = parser.parse_exact if exact else parser.parse
        try:
            out.append(parse(7, line))
        except ImportLineError as error:
            out.append(error.reason)
    return out[0], out[1]


def full_events(events: list[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """The events as an export writes them: every field, hashes chained."""
    out, previous = [], ""
    for number, e in enumerate(events, start=1):
        version, data, text = validate_json(e["type"], e["data"])
        event_id = str(uuid.UUID(int=number * 7919, version=4))
        at, by = "2024-03-01T20:15:00.123456Z", "club-lyon"
        previous = event_hash(game, number, event_id, e["type"], version, text, at, by, previous)
        out.append({"id": event_id, "type": e["type"], "version": version, "data": data,
                    "recorded_at": at, "recorded_by": by, "hash": previous})  # fmt: skip
    return out


def real_documents() -> list[dict[str, Any]]:
    """Slices of generated games under every profile, some as an export writes them."""
    docs = []
    for n, profile in enumerate(sorted(PROFILES)):
        _, events = wire_game(profile, seed=n, record_hands=n % 3 == 0 or None)
        events[0]["data"]["club"] = "lyon" if n % 2 else None
        events[0]["data"]["metadata"] = {"table": n, "note": "été", "tags": ["a", None, True]}
        game = str(uuid.UUID(int=n + 1, version=4))
        docs.append({"game": game, "events": events[:60]})
        docs.append({"game": game, "events": full_events(events[:25], game)})
    return docs


REAL = real_documents()


def test_the_fast_path_reads_real_games_and_agrees_with_the_reference() -> None:
    for doc in REAL:
        for keep in (False, True):
            line = json.dumps(doc, ensure_ascii=False)
            parser = LineParser("importer", NOW, keep, counted_ids())
            fast = parser.parse(1, line.encode())
            assert parser.declined == 0  # the fast path took it: the comparison means something
            reference = LineParser("importer", NOW, keep, counted_ids()).parse_exact(1, line)
            assert fast == reference


VALUES = st.sampled_from([
    None, True, False, 0, 1, 8, 31, 90, 1000, 1001, -1, 2**63, 2**64, 2**70, 1.0, 2.5, 1e20,
    1e-7, "", "N", "n", " e", "X", "JH", "jh", "10h", "TH", "AS", "capot", "CAPOT", "tierce",
    "belote", "strict", "public", "ffb", "\x00", "é", "a\u2028b", [], {}, ["JH"],
    ["7H", "8H", "9H"], {"N": "a"}, {"a": 1.5}, [3, 2, 3], [4, 4], "2024-03-01T20:15:00.123456Z",
    "2024-03-01T22:15:00+02:00", "2024-03-01T20:15:00", "2024-13-01T00:00:00Z",
    "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "C6D8BD0E-4D3C-4D4B-9A8C-0B5D4C3E2F10", "E", "S",
    "W", "s", "KD", "7C", "qs", "sa", "TA", 80, 250, "rebelote", "record", "x" * 201, "bob",
    "{c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10}", "GameCreated", "CardPlayed", "DealStarted",
    "ScoreRecorded", "GameAbandoned", "AnnounceDeclared", "Passed",
])  # fmt: skip
PLAUSIBLE: dict[str, list[Any]] = {
    "seat": ["N", "E", "S", "W", "n", " e"], "dealer": ["N", "E", "w"], "first_dealer": ["S", "s"],
    "card": [*CARD_NAMES, "jh", "10h", "Ts"], "value": [80, 90, 160, "capot", "Capot", 250],
    "trump": ["C", "D", "H", "S", "SA", "TA", "sa", "h"], "word": ["belote", "rebelote"],
    "id": [str(uuid.UUID(int=99, version=4)), "C6D8BD0E-4D3C-4D4B-9A8C-0B5D4C3E2F10",
           "{c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f11}"],
    "version": [1, 2], "hash": ["0" * 64],
    "recorded_at": ["2024-03-01T20:15:00.123456Z", "2024-03-01T22:15:00+02:00",
                    "2024-03-01T20:15:00.5+00:00"],
    "recorded_by": ["club-lyon", "Zoé", "x" * 200, "z" * 201],
    "target": [500, 1000, None, 2000], "enforcement": ["strict", "record"],
    "club": ["lyon", None, "Orléans"], "visibility": ["private", "public"],
    "metadata": [{}, {"a": 1}, {"a": 1.5}, {"é": ["x", None]}, {"big": 2**70}, {"k\x00": 1}],
    "cut": [1, 5, 31, None], "packets": [[3, 2, 3], [2, 3, 3], [4, 4], None],
    "hands": [None, {s: CARD_NAMES[i * 8 : i * 8 + 8] for i, s in enumerate("NESW")}],
    "deck": [None, CARD_NAMES, [c.lower() for c in CARD_NAMES]],
    "profile": ["ffb", "tripot", {"id": "custom"}],
    "seats": [{"N": "a", "E": "b", "S": "c", "W": "d"}, ["a", "b", "c", "d"]],
}  # fmt: skip
KEYS = st.sampled_from([
    "id", "type", "version", "data", "recorded_at", "recorded_by", "hash", "colour", "seat",
    "card", "value", "trump", "dealer", "hands", "deck", "cut", "packets", "kind", "cards",
    "word", "profile", "seats", "first_dealer", "target", "enforcement", "club", "metadata",
    "visibility", "N", "E", "reason", "deal", "marks",
])  # fmt: skip


@st.composite
def mutated_lines(draw: st.DrawFn) -> str | bytes:
    """A real line with a few values replaced, keys removed or added, anywhere in it."""
    doc = copy.deepcopy(draw(st.sampled_from(REAL)))
    for _ in range(draw(st.integers(1, 3))):
        nodes: list[Any] = [doc]  # the line, an event, its payload: whichever are still there
        events = doc.get("events")
        if isinstance(events, list) and events:
            event = draw(st.sampled_from(events))
            nodes += [event, event]  # weights: the line 1, an event 2, its payload 3
            if isinstance(event, dict) and isinstance(event.get("data"), dict):
                nodes += [event["data"]] * 3
        nodes = [n for n in nodes if isinstance(n, dict | list) and n] or [doc]
        node = draw(st.sampled_from(nodes))
        while True:  # walk down to some object or list
            children = list(node.values() if isinstance(node, dict) else node)
            inner = [c for c in children if isinstance(c, dict | list) and c]
            if not inner or draw(st.integers(0, 3)) == 0:
                break
            node = draw(st.sampled_from(inner))
        if isinstance(node, list):
            node[draw(st.integers(0, len(node) - 1))] = copy.deepcopy(draw(VALUES))
        elif node:
            key = draw(st.sampled_from(sorted(node)))
            action = draw(st.integers(0, 4))
            if action == 0:
                node[key] = copy.deepcopy(draw(VALUES))
            elif action >= 3:  # another spelling, mostly valid
                node[key] = copy.deepcopy(draw(st.sampled_from(PLAUSIBLE.get(key, [None]))))
            elif action == 1:
                del node[key]
            else:
                node[draw(KEYS)] = copy.deepcopy(draw(VALUES))
    line = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    return line.encode() if draw(st.booleans()) else line


@given(mutated_lines(), st.booleans())
@settings(max_examples=400, deadline=None)
def test_the_fast_path_agrees_with_the_reference_on_broken_lines(
    line: str | bytes, keep: bool
) -> None:
    fast, reference = both_paths(line, keep)
    assert fast == reference


CREATED = {
    "type": "GameCreated",
    "data": {
        "profile": "ffb",
        "first_dealer": "N",
        "seats": {"N": "a", "E": "b", "S": "c", "W": "d"},
    },
}
LONG_GAME = [CREATED, {"type": "DealStarted", "data": {"dealer": "N"}},
             *({"type": "CardPlayed", "data": {"seat": "NESW"[i % 4], "card": CARD_NAMES[i % 32]}}
               for i in range(1100))]  # fmt: skip
EDGE_EVENTS = [
    [CREATED, CREATED],
    [CREATED, {"type": "Passed", "data": {"seat": "N"}}, CREATED],
    [{**CREATED, "data": {**CREATED["data"], "metadata": {"k\x00": 1}}}],
    [{**CREATED, "data": {**CREATED["data"], "metadata": {"k": ["x\x00"]}}}],
    [{**CREATED, "data": {**CREATED["data"], "metadata": {"k": "x" * 70_000}}}],
    [{**CREATED, "data": {**CREATED["data"], "metadata": {"k": "x" * 60_000}}}],
    [{**CREATED, "data": {**CREATED["data"], "target": 100_001}}],
    [{**CREATED, "hash": None}],  # a null hash does not match
    [{**CREATED, "recorded_at": "0001-01-01T00:00:00+01:00"}],  # before year 1 in UTC
    [{**CREATED, "recorded_at": "9999-12-31T23:59:59.999999-01:00"}],  # after 9999
    [{**CREATED, "recorded_at": "1999-12-31T23:59:59.999999+00:00"}],  # before 2000
    LONG_GAME,  # versions past 1024
    *([CREATED, {"type": kind, "data": data}] for kind, data in [
        ("CardPlayed", {"seat": "n", "card": "JH"}), ("CardPlayed", {"seat": "N", "card": "jh"}),
        ("CardPlayed", {"seat": "N", "card": "10h"}), ("CardPlayed", {"card": "JH", "seat": "N"}),
        ("CardPlayed", {"seat": "N", "card": "JH", "x": 1}), ("CardPlayed", {"seat": "N"}),
        ("Passed", {"seat": "e"}), ("BidPlaced", {"seat": "S", "value": "Capot", "trump": "h"}),
        ("BeloteDeclared", {"seat": "W", "word": "Belote"}),
        ("AnnounceDeclared", {"seat": "N", "kind": "tierce", "cards": ["7h", "8H", "9H"]}),
        ("DealStarted", {"dealer": "s"}),
        ("DealStarted", {"dealer": "N", "deck": [c.lower() for c in CARD_NAMES]}),
        *(("DealStarted", {"dealer": "N", "cut": cut, "packets": packets})
          for cut in (0, 1, 31, 32, None) for packets in ([3, 2, 3], [3, 3, 3], [8], [0, 8])),
        ("DealStarted", {"dealer": "N", "hands": {s: CARD_NAMES[:8] for s in "NESW"}}),
        ("DealStarted", {"dealer": "N", "hands": {s: CARD_NAMES[i * 8 : i * 8 + 7]
                                                  for i, s in enumerate("NESW")}}),
        ("AnnounceDeclared", {"seat": "N", "kind": "tierce", "cards": ["7H", "7H", "8H"]}),
        ("AnnounceDeclared", {"seat": "N", "kind": "cent", "cards": CARD_NAMES[:9]}),
    ]),
]  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        '{"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": [{"type": "GameCreated", '
        '"data": {"profile": "ffb", "first_dealer": "N", "seats": {"N": "a", "E": "b", '
        '"S": "c", "W": "d"}, "metadata": {"big": 123456789012345678901234567890}}}]}',
        '{"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": [{"type": "GameCreated", '
        '"data": {"profile": "ffb", "first_dealer": "N", "seats": {"N": "a", "E": "b", '
        '"S": "c", "W": "d"}, "metadata": {"x": NaN, "s": "\\ud800"}}}]}',
        '\ufeff{"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": []}',
        '{"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": [{"type": "GameCreated", '
        '"data": {"profile": "ffb", "first_dealer": "N", "seats": {"N": "a", "E": "b", '
        '"S": "c", "W": "d"}}}, {"type": "Passed", "data": {"seat": {}}}]}',
        '{"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": [{"type": "GameCreated", '
        '"data": {"profile": "ffb", "first_dealer": "N", "seats": {"N": "a", "E": "b", '
        '"S": "c", "W": "d"}}}, {"type": "BidPlaced", "data": {"seat": "N", "trump": "H", '
        '"value": 18446744073709551617}}]}',
        *(
            json.dumps({"game": "c6d8bd0e-4d3c-4d4b-9a8c-0b5d4c3e2f10", "events": events})
            for events in EDGE_EVENTS
        ),
    ],
)
@pytest.mark.parametrize("keep", [False, True])
def test_what_orjson_reads_differently_goes_to_the_reference_path(line: str, keep: bool) -> None:
    """Integers past 64 bits (orjson makes them floats), NaN and lone surrogates (orjson
    refuses them), a byte order mark, a list where a seat is expected; and what the fast
    path must leave to the schemas: a second GameCreated, NUL in metadata, metadata past
    the schema's 64 KiB, spellings that the schemas make canonical (the check hook must see
    the canonical payload)."""
    fast, reference = both_paths(line, keep)
    assert fast == reference
    if "1234567890123" in line:
        assert isinstance(fast, ArchivedGame)
        assert b"123456789012345678901234567890" in fast.rows[0]  # not rounded to a float


created_payloads = st.fixed_dictionaries(
    {"profile": st.sampled_from(["ffb", "tripot", "", "x" * 101, "a\x00", "\ud800", 3,
                                 {"id": "x"}]),
     "seats": st.one_of(st.fixed_dictionaries({s: st.sampled_from(["a", "b", "c", "d", "é",
                                                                   "\ud83c"])
                                               for s in "NESW"}),
                        st.dictionaries(st.sampled_from("NESWX"), VALUES, max_size=5)),
     "first_dealer": st.sampled_from(["N", "w", "X", None])},
    optional={"target": st.one_of(VALUES, st.integers(-1, 100_002)),
              "enforcement": VALUES, "club": VALUES, "visibility": VALUES,
              "metadata": st.one_of(VALUES, st.dictionaries(st.sampled_from(["k", "\udc00"]) |
                                                            st.text(max_size=3), VALUES))},
)  # fmt: skip
deal_payloads = st.fixed_dictionaries(
    {"dealer": st.sampled_from(["N", "e", "X", 1])},
    optional={
        "hands": st.one_of(st.none(), st.just({s: CARD_NAMES[i * 8 : i * 8 + 8]
                           for i, s in enumerate("NESW")}), st.just({s: CARD_NAMES[:8]
                           for s in "NESW"}), VALUES),
        "deck": st.one_of(st.none(), st.permutations(CARD_NAMES), st.just(CARD_NAMES[:31]),
                          st.just([*CARD_NAMES[:31], "7C"]), VALUES),
        "cut": st.one_of(st.none(), st.sampled_from([0, 1, 31, 32]), st.integers(-1, 33), VALUES),
        "packets": st.one_of(st.none(), st.lists(st.integers(0, 9), max_size=4), VALUES),
    },
)  # fmt: skip
announce_payloads = st.fixed_dictionaries(
    {"seat": st.sampled_from(["N", "s", "X"]),
     "kind": st.sampled_from(["tierce", "cinquante", "cent", "carre", "quinte"]),
     "cards": st.lists(st.sampled_from([*CARD_NAMES[:10], "jh", 7]), max_size=9)},
    optional={"x": VALUES},
)  # fmt: skip


@given(
    st.one_of(
        st.tuples(st.just("GameCreated"), created_payloads),
        st.tuples(st.just("DealStarted"), deal_payloads),
        st.tuples(st.just("AnnounceDeclared"), announce_payloads),
    )
)
@settings(max_examples=600, deadline=None)
def test_payload_fast_checks_agree_with_the_schemas(case: tuple[str, dict[str, Any]]) -> None:
    event_type, data = case
    fast = FAST_CHECKS[event_type](copy.deepcopy(data))
    try:
        loaded = SCHEMAS[(event_type, CURRENT[event_type])].load(copy.deepcopy(data))
    except Exception:
        assert fast is None  # never accepts what the schema refuses
        return
    if fast is not None:
        assert fast == (canonical_json(loaded), loaded)


def test_long_games_and_old_times_are_stored_as_read(store: EventStore) -> None:
    events = [{**e, "recorded_at": at} for e, at in zip(
        LONG_GAME, itertools.cycle(["1999-12-31T23:59:59.999999+00:00",
                                          "2024-02-29T12:00:00.5+05:30"]))]  # fmt: skip
    doc = {"game": str(uuid.uuid4()), "events": events}
    assert store.import_ndjson([json.dumps(doc)], progress=False).imported == 1
    game = uuid.UUID(doc["game"])
    assert store.verify(game).ok and store.game(game).last_version == 1102
    stored = store.read(game)
    assert stored[0].recorded_at == datetime(1999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)
    assert stored[1].recorded_at == datetime(2024, 2, 29, 6, 30, 0, 500000, tzinfo=UTC)
    assert [e.version for e in stored] == list(range(1, 1103))


def test_generated_ids_are_time_ordered_uuid7() -> None:
    ids = fresh_ids(1000)
    parsed = [uuid.UUID(i) for i in ids]
    assert len(set(ids)) == 1000 and all(str(u) == i for u, i in zip(parsed, ids, strict=True))
    assert {u.version for u in parsed} == {7} and {u.variant for u in parsed} == {uuid.RFC_4122}
    assert abs((parsed[0].int >> 80) - time.time() * 1000) < 60_000  # Unix milliseconds


def test_a_list_where_a_seat_is_expected_refuses_the_line_not_the_import(
    store: EventStore,
) -> None:
    bad = archive_game(6000, events=5)
    bad["events"][3]["data"]["seat"] = ["N"]
    lines = [archive_line(6001), json.dumps(bad) + "\n"]
    summary = store.import_ndjson(lines, progress=False)
    assert summary.imported == 1 and [r[0] for r in summary.refused] == [2]
    assert "seat" in summary.refused[0][2]


def test_text_survives_a_session_in_another_client_encoding(
    backend_url: str, store: EventStore, other_store: EventStore
) -> None:
    """The rows are sent as UTF-8 bytes: the import switches a LATIN1 session to UTF8 for
    its duration (and back), so accented names arrive intact and the chain verifies."""
    doc = archive_game(6100, events=6, full=True)
    doc["events"][0]["data"]["seats"]["N"] = "Hélène"
    for e in doc["events"]:
        e["recorded_by"] = "club-orléans"
    pool: Any = ConnectionPool(
        backend_url, min_size=1, max_size=1, open=True,
        kwargs={"autocommit": True, "client_encoding": "LATIN1"},
    )  # fmt: skip
    try:
        latin = EventStore(pool)
        assert latin.import_ndjson([json.dumps(doc)], progress=False).imported == 1
        with pool.connection() as conn:
            assert conn.execute("SHOW client_encoding").fetchone()[0] == "LATIN1"
    finally:
        pool.close()
    game = uuid.UUID(doc["game"])
    assert store.verify(game).ok  # (psycopg reads jsonb as UTF-8 whatever the session says)
    events = store.read(game)
    assert events[0].data["seats"]["N"] == "Hélène"
    assert {e.recorded_by for e in events} == {"club-orléans"}
    exported = json.loads(export(store, [game]))
    assert exported["events"][0]["data"]["seats"]["N"] == "Hélène"
    assert other_store.import_ndjson([json.dumps(exported)], progress=False).imported == 1
