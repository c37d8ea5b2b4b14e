"""Store contract: a reader tailing the global feed never skips a row.

Positions come from a sequence; what makes tailing safe is that they are taken
under ``LOCK TABLE events IN EXCLUSIVE MODE`` (see ``events/store/event_store.py``). The first
test shows the hazard on a bare table, so we know the harness can see a skip.
"""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import psycopg
import pytest
from psycopg import sql
from storekit import created, new_game, passed

from events.store.event_store import EventStore, append_in

pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def waiting_on_lock(raw: psycopg.Connection[Any], pid: int) -> bool:
    row = raw.execute(
        "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)
    ).fetchone()
    return row is not None and row[0] == "Lock"


def wait_until(condition: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_without_the_lock_a_tailing_reader_skips_a_late_commit(
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


def test_a_writer_holding_positions_blocks_later_writers_until_it_commits(
    store: EventStore, backend_url: str, raw: psycopg.Connection[Any]
) -> None:
    first_game, second_game = uuid.uuid4(), new_game(store)
    start = store.last_position()
    done: list[Any] = []
    with psycopg.connect(backend_url, autocommit=True) as slow:
        with slow.transaction():
            held = append_in(slow, first_game, [created()], 0, "slow")  # positions taken
            second = threading.Thread(
                target=lambda: done.append(store.append(second_game, [passed()], 1, "fast"))
            )
            second.start()
            wait_until(lambda: any(waiting_on_lock(raw, pid) for pid in backend_pids(raw)))
            assert store.feed(start) == [] and not done  # nothing visible, nobody overtook
        second.join(10)
    (fast,) = done
    seen = store.feed(start)
    assert [e.position for e in seen] == [*held.positions, *fast.positions]
    assert held.positions[0] < fast.positions[0]


def backend_pids(raw: psycopg.Connection[Any]) -> list[int]:
    rows = raw.execute(
        "SELECT pid FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ).fetchall()
    return [int(r[0]) for r in rows]


def test_tailing_reader_sees_every_event_while_writers_commit_concurrently(
    store: EventStore,
) -> None:
    games = [new_game(store) for _ in range(4)]
    start = store.last_position()
    stop = threading.Event()
    tailed: list[int] = []
    problems: list[str] = []

    def reader() -> None:
        cursor = start
        while True:
            last_round = stop.is_set()
            for event in store.feed(cursor, limit=50):
                if event.position <= cursor:
                    problems.append(f"{event.position} after {cursor}")
                cursor = event.position
                tailed.append(event.position)
            if last_round:
                return

    def writer_with_batches(game: uuid.UUID) -> None:
        version = 1
        for round_ in range(40):
            batch = [passed() for _ in range(1 + round_ % 3)]
            version = store.append(game, batch, version, "w").last_version

    tail = threading.Thread(target=reader)
    tail.start()
    writers = [threading.Thread(target=writer_with_batches, args=(g,)) for g in games]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    tail.join()
    everything = [e.position for e in store.feed(start, limit=100_000)]
    assert problems == []
    assert tailed == everything  # nothing skipped, nothing seen twice, commit order
    assert len(everything) == 4 * sum(1 + r % 3 for r in range(40))
