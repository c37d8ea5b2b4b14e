"""Events stored before the feed's ``tx`` column (written under the old table lock, in
position order) keep their place: first, in position order, and the integer cursors
handed out then still resume exactly after their event."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest
from storekit import archive_line, passed

from events.store.config import with_database
from events.store.embedded import drop_database, ensure_database
from events.store.event_store import EventStore
from events.store.migrate import load_migrations, migrate
from events.store.pool import make_pool
from tests.conftest import EMBEDDED, admin_url


@pytest.fixture
def fresh_url() -> Iterator[str]:
    admin = admin_url(EMBEDDED)
    name = f"coinche_feed_{uuid.uuid4().hex[:10]}"
    ensure_database(admin, name)
    try:
        yield with_database(admin, name)
    finally:
        drop_database(admin, name)


def test_events_stored_before_the_tx_column_come_first_and_old_cursors_resume(
    fresh_url: str,
) -> None:
    migrate(fresh_url, [m for m in load_migrations() if m.version < 70])
    store = EventStore(make_pool(fresh_url, max_size=2))
    try:
        lines = [archive_line(seed, events=5) for seed in range(3)]
        assert store.import_ndjson(lines, progress=False, batch_games=1).imported == 3
        with psycopg.connect(fresh_url) as conn:
            old = [r[0] for r in conn.execute("SELECT position FROM events ORDER BY position")]
        assert len(old) == 15
        assert 70 in migrate(fresh_url)
        game = next(e.game_id for e in store.feed(0) if e.position == old[-1])
        store.append(game, [passed()], 5, "after the migration")
        with psycopg.connect(fresh_url) as conn:
            txs = dict(conn.execute("SELECT position, tx::text FROM events").fetchall())
        assert {txs[p] for p in old} == {"0"} and len(txs) == 16
        feed = [e.position for e in store.feed(0)]
        assert feed[:15] == old and len(feed) == 16
        assert [e.position for e in store.feed(old[6])] == feed[7:]  # a cursor handed out then
        assert store.feed(feed[-1]) == [] and store.last_position() == feed[-1]
    finally:
        store.pool.close()
