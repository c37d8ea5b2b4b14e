"""Store contract: NDJSON bulk import and export."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Sequence
from typing import Any

import psycopg
import pytest
from storekit import archive_game, archive_line, new_game

from events.canonical import canonical_json
from events.errors import EventRefused, GameNotFound
from events.games import GameFilter
from events.records import Pending, Verdict
from events.store import EventStore


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
) -> Verdict:
    if new[0].data["seats"]["N"].endswith("3N"):
        raise EventRefused("no-lyon", "refused by the hook", 0)
    return Verdict(breaches=[[{"rule": "r"}] if e.type == "DealStarted" else [] for e in new])


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


def test_v1_game_created_in_an_archive_reads_as_v2(store: EventStore) -> None:
    game = str(uuid.uuid4())
    v1 = {"profile": "ffb", "seats": ["a", "b", "c", "d"], "first_dealer": "S"}
    line = {"game": game, "events": [{"type": "GameCreated", "version": 1, "data": v1}]}
    assert store.import_ndjson([json.dumps(line)], progress=False).imported == 1
    (event,) = store.read(uuid.UUID(game))
    assert event.schema_version == 2 and event.data["seats"]["S"] == "c"
    exported = json.loads(export(store, [uuid.UUID(game)]))
    assert exported["events"][0]["version"] == 1  # exported as stored
