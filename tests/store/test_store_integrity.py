"""Store contract: append-only triggers, the hash chain, upcasting on read, hostile input."""

from __future__ import annotations

import uuid
from typing import Any

import psycopg
import pytest
from psycopg.types.json import Jsonb
from storekit import created, new_game, passed

from events.errors import InvalidEvent
from events.records import NewEvent
from events.store.event_store import EventStore
from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import event_hash


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET recorded_by = 'mallory' WHERE game_id = %s",
        "DELETE FROM events WHERE game_id = %s",
    ],
)
def test_update_and_delete_are_refused_by_the_database(
    store: EventStore, raw: psycopg.Connection[Any], statement: str
) -> None:
    game = new_game(store)
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"):
        raw.execute(statement.encode(), (game,))
    assert len(store.read(game)) == 1


def test_truncate_is_refused_by_the_database(
    store: EventStore, raw: psycopg.Connection[Any]
) -> None:
    game = new_game(store)
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="TRUNCATE"):
        raw.execute("TRUNCATE events CASCADE")
    assert len(store.read(game)) == 1


def tamper(raw: psycopg.Connection[Any], statement: str, *params: Any) -> None:
    """Edit rows as a superuser would, bypassing the triggers."""
    with raw.transaction():
        raw.execute("SET LOCAL session_replication_role = replica")
        raw.execute(statement.encode(), params)


def test_verify_accepts_an_intact_chain(store: EventStore) -> None:
    game = new_game(store)
    store.append(game, [passed(s) for s in "NESW"], 1, "rec")
    report = store.verify(game)
    assert report.ok and report.events == 5


def test_verify_finds_an_edited_payload(store: EventStore, raw: psycopg.Connection[Any]) -> None:
    game = new_game(store)
    store.append(game, [passed(s) for s in "NESW"], 1, "rec")
    tamper(
        raw,
        "UPDATE events SET data = %s WHERE game_id = %s AND version = 3",
        Jsonb({"seat": "W"}),
        game,
    )
    report = store.verify(game)
    assert not report.ok and report.broken_version == 3 and report.reason == "hash mismatch"
    assert report.stored == store.read(game, 3, 3)[0].hash != report.expected


def test_verify_finds_a_deleted_event_and_a_forged_hash(
    store: EventStore, raw: psycopg.Connection[Any]
) -> None:
    game = new_game(store)
    store.append(game, [passed(s) for s in "NESW"], 1, "rec")
    tamper(raw, "DELETE FROM events WHERE game_id = %s AND version = 2", game)
    assert store.verify(game).broken_version == 2
    other = new_game(store)
    store.append(other, [passed(s) for s in "NESW"], 1, "rec")
    tamper(
        raw,
        "UPDATE events SET recorded_by = 'x', hash = %s WHERE game_id = %s AND version = 4",
        "0" * 64,
        other,
    )
    report = store.verify(other)
    assert (report.ok, report.broken_version) == (False, 4)


def test_a_game_created_v1_row_loads_as_the_current_version(
    store: EventStore, raw: psycopg.Connection[Any]
) -> None:
    v1 = {
        "profile": "ffb",
        "seats": ["ann", "bob", "cyd", "dan"],
        "first_dealer": "E",
        "target": 1000,
        "club": None,
        "metadata": {},
        "visibility": "private",
    }
    game = uuid.uuid4()
    store.append(game, [NewEvent("GameCreated", v1, schema_version=1)], 0, "archive")
    stored = raw.execute(
        "SELECT schema_version, data FROM events WHERE game_id = %s", (game,)
    ).fetchone()
    assert stored == (1, v1)  # the row keeps what was written
    event = store.read(game)[0]
    assert event.schema_version == 3
    assert event.data["seats"] == {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}
    assert event.data["roster"] is False
    assert event.data["enforcement"] == "strict" and event.data["length"] == {"target": 1000}
    assert store.game(game).players == ["ann", "bob", "cyd", "dan"]
    assert store.verify(game).ok  # the hash covers the stored v1 payload


def test_a_v1_row_written_behind_the_store_loads_as_the_current_version(
    store: EventStore, raw: psycopg.Connection[Any]
) -> None:
    game, event_id = uuid.uuid4(), uuid.uuid4()
    v1 = {"profile": "ffb", "seats": ["a", "b", "c", "d"], "first_dealer": "N"}
    raw.execute(
        "INSERT INTO events (game_id, version, event_id, type, schema_version, data,"
        " recorded_at, recorded_by, hash) VALUES (%s, 1, %s, 'GameCreated', 1, %s, now(), 'x', '')",
        (game, event_id, Jsonb(v1)),
    )
    (event,) = store.feed(store.last_position() - 1)
    assert (event.game_id, event.schema_version) == (game, 3)
    assert event.data["seats"]["W"] == "d" and event.data["enforcement"] == "strict"


HOSTILE = [
    ("'); DROP TABLE events; --", True),
    ('Robert"); DELETE FROM games WHERE ("1"="1', True),
    ("émoji 🂡 and 中文 and \\ backslash", True),
    ("tab\tand\nnewline", False),  # a name is one line of visible text
    ("\u202eevil", False),  # a bidi override would show it reversed
    ("x" * 200, True),
    ("x" * 201, False),
    ("nul\x00byte", False),
    ("lone \ud800 surrogate", False),
]


@pytest.mark.parametrize(("player", "accepted"), HOSTILE)
def test_hostile_strings_are_stored_verbatim_or_refused_cleanly(
    store: EventStore, player: str, accepted: bool
) -> None:
    game = uuid.uuid4()
    seats = {"N": player, "E": "e", "S": "s", "W": "w"}
    if not accepted:
        with pytest.raises(InvalidEvent) as caught:
            store.append(game, [created(seats=seats)], 0, "rec")
        assert "seats" in caught.value.errors
        return
    store.append(game, [created(seats=seats, metadata={player: [player]})], 0, "rec")
    data = store.read(game)[0].data
    assert data["seats"]["N"] == player and data["metadata"] == {player: [player]}
    assert store.verify(game).ok


@pytest.mark.parametrize(
    ("event_type", "data", "field"),
    [
        ("Teleported", {"seat": "N"}, "type"),
        ("Passed", {"seat": "N", "extra": 1}, "extra"),
        ("Passed", {"seat": 0}, "seat"),
        ("Passed", ["N"], "data"),
        ("BidPlaced", {"seat": "N", "value": "90", "trump": "H"}, "value"),
        ("BidPlaced", {"seat": "N", "value": 90.5, "trump": "H"}, "value"),
        ("BidPlaced", {"seat": "N", "value": 10**40, "trump": "H"}, "value"),
        ("CardPlayed", {"seat": "N", "card": "J" * 10_000}, "card"),
        (
            "RulingIssued",
            {"deal": 1, "ruling": {"x": "y" * 70_000}, "reason": "r", "by": "a"},
            "ruling",
        ),
        ("GameAbandoned", {"reason": "r" * 2001}, "reason"),
        ("ScoreRecorded", {"deal": 1, "marks": {"NS": 1, "EW": float("nan")}}, "marks"),
    ],
)
def test_hostile_payloads_are_refused_with_the_field_named(
    store: EventStore, event_type: str, data: Any, field: str
) -> None:
    game = new_game(store)
    with pytest.raises(InvalidEvent) as caught:
        store.append(game, [NewEvent(event_type, data)], 1, "rec")
    assert field in caught.value.errors
    assert len(canonical_json(caught.value.errors)) < 2_000  # messages do not echo huge input
    assert len(store.read(game)) == 1


def test_hash_is_the_documented_function(store: EventStore) -> None:
    game = new_game(store)
    (event,) = store.read(game)
    raw_data = {**event.data}
    assert event.hash == event_hash(
        game,
        1,
        event.event_id,
        "GameCreated",
        3,
        canonical_json(raw_data),
        event.recorded_at,
        "test",
        "",
    )
