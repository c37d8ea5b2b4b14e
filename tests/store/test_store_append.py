"""Store contract: appends, versions, concurrency, idempotency, the check hook."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Sequence
from typing import Any

import psycopg
import pytest
from storekit import created, new_game, passed

from events.errors import (
    ConcurrencyError,
    EventRefused,
    GameNotFound,
    IdempotencyError,
    InvalidEvent,
)
from events.records import CheckResult, NewEvent, Pending
from events.store.event_store import EventStore, append_in
from events.store.games import GameFilter

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def test_create_then_append_gives_contiguous_versions_and_increasing_positions(
    store: EventStore,
) -> None:
    game = uuid.uuid4()
    first = store.append(game, [created()], 0, "rec")
    second = store.append(game, [NewEvent("DealStarted", {"dealer": "N"}), passed("E")], 1, "rec")
    assert (first.first_version, first.last_version) == (1, 1)
    assert (second.first_version, second.last_version) == (2, 3)
    assert first.positions[0] < second.positions[0] < second.positions[1]
    events = store.read(game)
    assert [e.version for e in events] == [1, 2, 3]
    assert [e.type for e in events] == ["GameCreated", "DealStarted", "Passed"]
    assert [e.position for e in events] == [*first.positions, *second.positions]
    assert events[-1].hash == second.last_hash
    assert all(e.recorded_by == "rec" for e in events)


def test_payloads_are_stored_canonical_and_complete(store: EventStore) -> None:
    game = new_game(store)
    store.append(game, [NewEvent("CardPlayed", {"seat": "s", "card": "10h"})], 1, "rec")
    assert store.read(game, 2)[0].data == {"seat": "S", "card": "TH"}
    meta = store.read(game, 1, 1)[0].data
    assert meta["enforcement"] == "strict" and meta["visibility"] == "private"


def test_read_slices_by_version(store: EventStore) -> None:
    game = new_game(store)
    store.append(game, [passed(s) for s in "NESW"], 1, "rec")
    assert [e.version for e in store.read(game, 2, 3)] == [2, 3]
    assert [e.version for e in store.read(game, 4)] == [4, 5]


def test_wrong_expected_version_stores_nothing_and_tells_the_actual_version(
    store: EventStore,
) -> None:
    game = new_game(store)
    with pytest.raises(ConcurrencyError) as caught:
        store.append(game, [passed()], 0, "rec")
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    with pytest.raises(ConcurrencyError) as caught:
        store.append(game, [passed(), passed("E")], 5, "rec")
    assert caught.value.actual == 1
    assert len(store.read(game)) == 1


def test_unknown_game(store: EventStore) -> None:
    with pytest.raises(GameNotFound):
        store.append(uuid.uuid4(), [passed()], 3, "rec")
    with pytest.raises(GameNotFound):
        store.read(uuid.uuid4())
    with pytest.raises(GameNotFound):
        store.game(uuid.uuid4())


def test_a_game_starts_with_game_created_once(store: EventStore) -> None:
    with pytest.raises(EventRefused) as caught:
        store.append(uuid.uuid4(), [passed()], 0, "rec")
    assert caught.value.rule == "game-created-first"
    game = new_game(store)
    with pytest.raises(EventRefused) as caught:
        store.append(game, [passed(), created()], 1, "rec")
    assert (caught.value.rule, caught.value.index) == ("game-already-created", 1)


def test_games_row_follows_the_stream(store: EventStore) -> None:
    game = new_game(store, club="paris", visibility="public", profile={"id": "house"})
    row = store.game(game)
    assert (row.club, row.profile, row.visibility, row.status) == ("paris", None, "public", "live")
    assert row.players == ["ann", "bob", "cyd", "dan"]
    store.append(game, [NewEvent("GameAbandoned", {"reason": "rain"})], 1, "rec")
    row = store.game(game)
    assert (row.status, row.last_version) == ("abandoned", 2)


def test_eight_threads_racing_on_one_game_lose_nothing(store: EventStore) -> None:
    game = new_game(store)
    lock = threading.Lock()
    stored: list[uuid.UUID] = []
    conflicts: list[ConcurrencyError] = []

    def writer(seat: str) -> None:
        for _ in range(10):
            while True:
                version = store.game(game).last_version
                event = passed(seat)
                try:
                    store.append(game, [event], version, f"w{seat}")
                except ConcurrencyError as error:
                    with lock:
                        conflicts.append(error)
                    continue
                with lock:
                    stored.append(event.id)
                break

    threads = [threading.Thread(target=writer, args=("NESW"[i % 4],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = store.read(game)
    assert [e.version for e in events] == list(range(1, 82))
    assert sorted(e.event_id for e in events[1:]) == sorted(stored)
    assert all(c.actual > c.expected for c in conflicts)  # every loser was told where it is
    assert store.verify(game).ok


def test_concurrent_creations_of_one_game_one_wins(store: EventStore) -> None:
    game = uuid.uuid4()
    barrier = threading.Barrier(6)
    outcomes: list[str] = []

    def creator() -> None:
        barrier.wait()
        try:
            store.append(game, [created()], 0, "rec")
            outcomes.append("won")
        except ConcurrencyError as error:
            outcomes.append(f"lost at {error.actual}")

    threads = [threading.Thread(target=creator) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["lost at 1"] * 5 + ["won"]


def test_a_retry_with_the_same_ids_is_idempotent(store: EventStore) -> None:
    game = new_game(store)
    batch = [passed("N"), passed("E")]
    first = store.append(game, batch, 1, "rec")
    again = store.append(game, batch, 1, "rec")  # the client never saw the answer
    later = store.append(game, batch, 3, "rec")  # even with a fresher expected version
    assert again.replayed and later.replayed and not first.replayed
    assert (again.positions, again.last_hash) == (first.positions, first.last_hash)
    assert len(store.read(game)) == 3


def test_concurrent_identical_retries_store_once(store: EventStore) -> None:
    game = new_game(store)
    batch = [passed("N"), passed("E")]
    barrier = threading.Barrier(4)
    results = []

    def send() -> None:
        barrier.wait()
        results.append(store.append(game, batch, 1, "rec"))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({r.positions for r in results}) == 1
    assert sum(not r.replayed for r in results) == 1
    assert len(store.read(game)) == 3


def test_mixed_or_altered_retries_are_refused(store: EventStore) -> None:
    game = new_game(store)
    event = passed("N")
    store.append(game, [event], 1, "rec")
    with pytest.raises(IdempotencyError, match="1 of the 2 events were already stored"):
        store.append(game, [event, passed("E")], 2, "rec")
    altered = NewEvent("Passed", {"seat": "E"}, id=event.id)
    with pytest.raises(IdempotencyError, match="different content"):
        store.append(game, [altered], 2, "rec")
    with pytest.raises(IdempotencyError, match="different content"):
        store.append(new_game(store), [event], 1, "rec")  # same id, other game
    with pytest.raises(IdempotencyError, match="twice"):
        dup = passed()
        store.append(game, [dup, dup], 2, "rec")
    assert len(store.read(game)) == 2


def test_invalid_events_are_refused_before_any_write(store: EventStore) -> None:
    game = new_game(store)
    with pytest.raises(InvalidEvent) as caught:
        store.append(game, [passed(), NewEvent("CardPlayed", {"seat": "S", "card": "1X"})], 1, "r")
    assert caught.value.index == 1 and "card" in caught.value.errors
    with pytest.raises(InvalidEvent):
        store.append(game, [], 1, "rec")
    with pytest.raises(InvalidEvent):
        store.append(game, [passed()], 1, "")
    assert len(store.read(game)) == 1


def refuse_bad(
    conn: psycopg.Connection[Any], game_id: uuid.UUID, current: int, new: Sequence[Pending]
) -> CheckResult:
    """A hand-written check: refuses ``"bad": true`` in metadata, flags every pass of W."""
    for index, event in enumerate(new):
        if event.type == "GameCreated" and event.data["metadata"].get("bad") is True:
            raise EventRefused("no-bad", "bad game", index)
    (version,) = conn.execute(  # the hook reads through the append's transaction
        "SELECT coalesce(max(version), 0) FROM events WHERE game_id = %s", (game_id,)
    ).fetchone() or (0,)
    assert version == current
    flagged = [
        [{"rule": "w-passes", "detail": f"W passed at {current + i + 1}"}]
        if e.type == "Passed" and e.data["seat"] == "W"
        else []
        for i, e in enumerate(new)
    ]
    return CheckResult(breaches=flagged, status="finished" if current > 3 else None)


def test_check_hook_refuses_and_nothing_is_stored(store: EventStore) -> None:
    game = uuid.uuid4()
    with pytest.raises(EventRefused) as caught:
        store.append(game, [created(metadata={"bad": True})], 0, "rec", check=refuse_bad)
    assert (caught.value.rule, caught.value.index) == ("no-bad", 0)
    with pytest.raises(GameNotFound):
        store.read(game)


def test_check_hook_breaches_are_stored_with_their_events(store: EventStore) -> None:
    game = uuid.uuid4()
    store.append(game, [created()], 0, "rec", check=refuse_bad)
    store.append(game, [passed("N"), passed("W")], 1, "rec", check=refuse_bad)
    events = store.read(game)
    assert [e.breaches for e in events] == [
        None,
        None,
        [{"rule": "w-passes", "detail": "W passed at 3"}],
    ]
    assert store.game(game).status == "live"
    store.append(game, [passed("N")], 3, "rec", check=refuse_bad)
    store.append(game, [passed("E")], 4, "rec", check=refuse_bad)
    assert store.game(game).status == "finished"
    assert store.verify(game).ok


def test_append_in_the_callers_transaction(store: EventStore, backend_url: str) -> None:
    game = new_game(store)
    with psycopg.connect(backend_url, autocommit=True) as conn, conn.transaction():
        result = append_in(conn, game, [passed()], 1, "rec")
        with pytest.raises(ConcurrencyError) as caught:
            append_in(conn, game, [passed()], 1, "rec")  # stale: the caller's own append
        assert caught.value.actual == 2
        conn.execute("SELECT 1")  # the caller's transaction is still usable
    assert store.read(game)[-1].position == result.positions[0]


def test_games_are_listed_and_filtered(store: EventStore) -> None:
    club = f"club-{uuid.uuid4().hex[:6]}"
    ids = [new_game(store, club=club, seats={"N": f"x{i}", "E": "e", "S": "s", "W": "w"})
           for i in range(5)]  # fmt: skip
    store.append(ids[1], [NewEvent("GameAbandoned", {"reason": "late"})], 1, "rec")
    assert [g.game_id for g in store.games(GameFilter(club=club))] == sorted(
        ids, key=lambda g: (store.game(g).created_at, g)
    )
    assert [g.game_id for g in store.games(GameFilter(club=club, player="x3"))] == [ids[3]]
    assert [g.game_id for g in store.games(GameFilter(club=club, status="abandoned"))] == [ids[1]]
    first = store.games(GameFilter(club=club, limit=2))
    rest = store.games(GameFilter(club=club, after=(first[-1].created_at, first[-1].game_id)))
    assert len(first) == 2 and len(rest) == 3 and {g.game_id for g in first + rest} == set(ids)
    created = store.game(ids[2]).created_at
    window = store.games(GameFilter(club=club, created_from=created, created_to=created))
    assert window == []  # created_to is exclusive
    assert store.games(GameFilter(club=club, game_ids=[ids[4]]))[0].players[0] == "x4"


@pytest.mark.parametrize("author", ["", "a" * 201, "nul\x00", 7, "bad \udc80"])
def test_recorded_by_must_be_clean_text(store: EventStore, author: Any) -> None:
    with pytest.raises(InvalidEvent) as caught:
        store.append(uuid.uuid4(), [created()], 0, author)
    assert "recorded_by" in caught.value.errors
