"""The global feed as a reader may see it: events of public games and of its club's games.

One query joins each event to its game, so a page holds only readable events and
paging stays exact: in the feed's ``(tx, position)`` order, below the horizon of running
transactions, the integer cursor ``after`` resolved to its key (see
``events.store.feed_order``).
Each event comes back with what decides whether its hidden fields are shown.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from events.records import StoredEvent
from events.store.feed_order import resolve
from events.store.pool import Pool
from events.store.rows import stored_event

_PAGE = """SELECT e.position, e.game_id, e.version, e.event_id, e.type, e.schema_version, e.data,
    e.recorded_at, e.recorded_by, e.breaches, e.hash, g.club, g.status
FROM events e JOIN games g ON g.game_id = e.game_id
WHERE (e.tx, e.position) > (%(tx)s::xid8, %(position)s)
    AND e.tx < pg_snapshot_xmin(pg_current_snapshot())
    AND (g.visibility = 'public' OR g.club = %(club)s)
ORDER BY e.tx, e.position LIMIT %(limit)s"""


class FeedItem(NamedTuple):
    event: StoredEvent
    club: str | None
    status: str


def feed_page(pool: Pool, after: int, club: str | None, limit: int) -> list[FeedItem]:
    """Up to ``limit`` events after ``after`` readable by a reader of ``club`` (None: public)."""
    with pool.connection() as conn:
        key = resolve(conn, after)
        rows: list[tuple[Any, ...]] = conn.execute(
            _PAGE, {**key.params(), "club": club, "limit": limit}
        ).fetchall()
    return [FeedItem(stored_event(r[:11]), r[11], r[12]) for r in rows]
