"""Store contract: a reader tailing the global feed never skips a row, nor sees one twice.

Positions come from a sequence and writers commit in any order (no table lock). What
makes tailing safe is the feed's order, ``(tx, position)``, read only below the horizon
of running transactions (see ``events/store/feed_order.py``). The first test shows the
hazard on a bare table, so we know the harness can see a skip; the second shows it on
the real table, for a reader that would go by position alone.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from psycopg import sql
from storekit import created, new_game, passed

from events.anchor.checkpoints import take
from events.records import StoredEvent
from events.store.event_store import EventStore, append_in
from events.store.pool import make_pool

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
T = TypeVar("T")


def settled(read: Callable[[], list[T]], size: int, seconds: float = 15.0) -> list[T]:
    """``read()`` once it holds ``size`` items, or its last answer after ``seconds``: any
    other transaction on the server (a background job's) may hold the feed back a moment,
    while an event the feed skipped never comes."""
    deadline = time.monotonic() + seconds
    while len(found := read()) < size and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def test_by_position_alone_a_tailing_reader_skips_a_late_commit(
    backend_url: str, raw: psycopg.Connection[Any]
) -> None:
    table = sql.Identifier(f"tail_demo_{uuid.uuid4().hex[:8]}")
    create = sql.SQL("CREATE TABLE {} (position bigint GENERATED ALWAYS AS IDENTITY, x int)")
    insert = sql.SQL("INSERT INTO {} (x) VALUES (1)").format(table)
    tail = sql.SQL("SELECT position FROM {} WHERE position > %s").format(table)
    raw.execute(create.format(table))
    with psycopg.connect(backend_url) as slow, psycopg.connect(backend_url) as fast:
        slow.execute(insert)  # takes position 1, commits last
        fast.execute(insert)  # takes position 2
        fast.commit()
        seen = [r[0] for r in raw.execute(tail, (0,))]
        slow.commit()
    later = [r[0] for r in raw.execute(tail, (max(seen),))]
    assert (seen, later) == ([2], [])  # position 1 was never seen by the tailing reader
    raw.execute(sql.SQL("DROP TABLE {}").format(table))


def positions_after(raw: psycopg.Connection[Any], position: int) -> list[int]:
    """What a reader going by position alone would be handed."""
    rows = raw.execute(
        "SELECT position FROM events WHERE position > %s ORDER BY position", (position,)
    )
    return [int(r[0]) for r in rows]


def test_an_open_writer_holds_the_feed_back_without_blocking_other_writers(
    store: EventStore, backend_url: str, raw: psycopg.Connection[Any]
) -> None:
    first_game, second_game = uuid.uuid4(), new_game(store)
    start = store.last_position()
    done: list[Any] = []
    with psycopg.connect(backend_url, autocommit=True) as slow, slow.transaction():
        held = append_in(slow, first_game, [created()], 0, "slow")  # positions taken
        second = threading.Thread(
            target=lambda: done.append(store.append(second_game, [passed()], 1, "fast"))
        )
        second.start()
        second.join(10)
        (fast,) = done  # the other game's writer did not wait for the open one
        assert held.positions[0] < fast.positions[0]
        # by position alone, a reader would now pass the open writer's positions …
        assert positions_after(raw, start) == list(fast.positions)
        # … the feed holds the later commit back until the open writer has ended
        assert store.feed(start) == []
        assert store.last_position() == start
    seen = settled(lambda: store.feed(start), 2)
    assert [e.position for e in seen] == [*held.positions, *fast.positions]
    assert store.feed(seen[-1].position) == []


def test_a_feed_reader_never_passes_an_open_writer(store: EventStore, backend_url: str) -> None:
    """A writer whose transaction id is older than a committed writer's: the committed
    one's events are held back, not passed, and nothing is seen twice."""
    games = [new_game(store) for _ in range(2)]
    start = store.last_position()
    with psycopg.connect(backend_url) as old:
        old.execute("SELECT pg_current_xact_id()")  # the older transaction id
        young = store.append(games[0], [passed()], 1, "young")  # commits first
        assert store.feed(start) == []  # the old transaction may still write below it
        late = append_in(old, games[1], [passed()], 1, "old")
        old.commit()
    seen = [e.position for e in settled(lambda: store.feed(start), 2)]
    assert sorted(seen) == sorted([*young.positions, *late.positions])
    assert seen == [*late.positions, *young.positions]  # the older transaction first
    assert store.feed(seen[-1]) == [] and store.feed(seen[0]) != []


def test_a_checkpoint_ends_the_feed_before_an_open_writer(
    store: EventStore, backend_url: str
) -> None:
    """The anchoring checkpoint's ``last_position`` is the feed's end below the horizon:
    every event before it in the feed is anchored, none can still commit before it."""
    games = [new_game(store) for _ in range(2)]
    start = store.last_position()
    key = Ed25519PrivateKey.generate()
    with psycopg.connect(backend_url) as old:
        old.execute("SELECT pg_current_xact_id()")  # the older transaction
        young = store.append(games[0], [passed()], 1, "young")
        append_in(old, games[1], [passed()], 1, "old")
        with psycopg.connect(backend_url, autocommit=True) as conn:
            assert take(conn, key)[0].last_position == start
        old.commit()
    settled(lambda: store.feed(start), 2)
    with psycopg.connect(backend_url, autocommit=True) as conn:
        assert take(conn, key)[0].last_position == young.positions[-1]


def test_a_game_keeps_its_version_order_when_its_next_writer_is_older(
    store: EventStore, backend_url: str
) -> None:
    """The writer of version 3 took its transaction id before the writer of version 2
    (it waited on the game's row): the feed still says 2 before 3."""
    game = new_game(store)
    start = store.last_position()
    done: list[Any] = []
    with psycopg.connect(backend_url) as older, psycopg.connect(backend_url) as newer:
        older.execute("SELECT pg_current_xact_id()")
        newer.execute("SELECT 1")  # an open transaction: the append below stays uncommitted
        append_in(newer, game, [passed()], 1, "newer")  # holds the game's row
        waiting = threading.Thread(
            target=lambda: done.append(append_in(older, game, [passed("E")], 2, "older"))
        )
        waiting.start()
        time.sleep(0.3)
        assert not done  # waiting on the game's row
        newer.commit()
        waiting.join(10)
        older.commit()
    seen = settled(lambda: store.feed(start), 2)
    assert [(e.game_id, e.version) for e in seen] == [(game, 2), (game, 3)]


def tail(
    store: EventStore, start: int, target: list[int], seen: list[StoredEvent]
) -> Callable[[], None]:
    """A reader following the feed from ``start``, page by page, until the writers are
    done (``target`` then holds how many events they appended) and it has seen that many
    (or 15 s have passed: a skipped event never comes)."""

    def run() -> None:
        cursor, deadline = start, None
        while True:
            if target and deadline is None:
                deadline = time.monotonic() + 15.0
            if deadline is not None and (len(seen) >= target[0] or time.monotonic() > deadline):
                return
            page = store.feed(cursor, limit=50)
            seen.extend(page)
            if page:
                cursor = page[-1].position
            elif deadline is not None:
                time.sleep(0.01)

    return run


def test_tailing_reader_sees_every_event_while_writers_commit_concurrently(
    store: EventStore,
) -> None:
    games = [new_game(store) for _ in range(4)]
    start = store.last_position()
    target: list[int] = []
    tailed: list[StoredEvent] = []

    def writer_with_batches(game: uuid.UUID) -> None:
        version = 1
        for round_ in range(40):
            batch = [passed() for _ in range(1 + round_ % 3)]
            version = store.append(game, batch, version, "w").last_version

    reader = threading.Thread(target=tail(store, start, target, tailed))
    reader.start()
    writers = [threading.Thread(target=writer_with_batches, args=(g,)) for g in games]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    expected = 4 * sum(1 + r % 3 for r in range(40))
    target.append(expected)
    reader.join()
    everything = [e.position for e in settled(lambda: store.feed(start, 100_000), expected)]
    assert [e.position for e in tailed] == everything  # nothing skipped, nothing twice
    assert len(everything) == expected
    for game in games:  # each game's events in version order
        versions = [e.version for e in tailed if e.game_id == game]
        assert versions == sorted(versions)


def test_twelve_writers_committing_out_of_order_are_each_tailed_exactly_once(
    backend_url: str,
) -> None:
    """12 writers, each holding its transaction open a random moment after its insert
    (so later positions often commit first), and one tailer: every event appended is
    seen exactly once, each game's in version order."""
    store = EventStore(make_pool(backend_url, max_size=14))
    try:
        games = [new_game(store) for _ in range(12)]
        start = store.last_position()
        target: list[int] = []
        tailed: list[StoredEvent] = []
        appended: list[uuid.UUID] = []

        def writer(game: uuid.UUID, seed: int) -> None:
            rng = random.Random(seed)
            version = 1
            for round_ in range(25):
                batch = [passed() for _ in range(1 + round_ % 2)]
                with store.pool.connection() as conn, conn.transaction():
                    result = append_in(conn, game, batch, version, "w")
                    time.sleep(rng.random() * 0.004)
                version = result.last_version
                appended.extend(result.event_ids)

        reader = threading.Thread(target=tail(store, start, target, tailed))
        reader.start()
        writers = [threading.Thread(target=writer, args=(g, i)) for i, g in enumerate(games)]
        for t in writers:
            t.start()
        for t in writers:
            t.join()
        target.append(len(appended))
        reader.join()
        counts = Counter(e.event_id for e in tailed)
        assert [i for i, n in counts.items() if n > 1] == []  # nothing twice
        assert set(counts) == set(appended)  # nothing skipped
        assert len(appended) == 12 * sum(1 + r % 2 for r in range(25))
        for game in games:
            versions = [e.version for e in tailed if e.game_id == game]
            assert versions == list(range(2, 2 + len(versions)))
    finally:
        store.pool.close()
