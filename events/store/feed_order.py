"""The global feed's order, and the horizon below which a tailing reader may pass.

Positions come from a sequence, taken when a row is inserted, while writers commit
in any order: transaction A may take position 10, B position 11, and B commit first.
A reader that tails with ``position > last`` would then see 11, move past 10, and
never see A's row when it commits. Writers do not serialise (no table lock); instead
every event carries ``tx``, the id of the transaction that wrote it (``xid8``, never
lower than the previous event of its game), and readers read in ``(tx, position)``
order, only the rows whose ``tx`` is below the **horizon**: the ``xmin`` of the
statement's own snapshot, the oldest transaction still running on the server. Every
transaction below it has ended, so every row below it is committed and visible in
that snapshot, and any row still to commit will have a ``tx`` at or above it: a
reader never passes an event that commits later.

The price is on the readers' side: a transaction that stays open on the server once
it holds a transaction id (it wrote or locked a row, in whichever database of that
server; a read-only one holds none) holds the horizon back, and the feed shows
nothing written after that until it ends. Nothing is lost, only delayed.

The cursors readers keep stay integer positions (those the API has always handed
out): :func:`resolve` turns a position into its ``(tx, position)`` key. Rows stored
before the ``tx`` column existed have ``tx`` 0: they were written under a table lock,
in position order, and come first.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from psycopg import Connection

# Every reader of the feed writes the same two conditions, keyed by Key.params():
#   (tx, position) > (%(tx)s::xid8, %(position)s)       after the cursor
#   tx < pg_snapshot_xmin(pg_current_snapshot())         below the horizon
# and orders by (tx, position): reads.py, workers/stats_store.py, service/api/feed_query.py.

_AT = "SELECT tx::text FROM events WHERE position = %s"
_BELOW = (
    "SELECT tx::text, position FROM events WHERE position < %s"
    " ORDER BY tx DESC, position DESC LIMIT 1"
)
_END = """SELECT position FROM events WHERE tx < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY tx DESC, position DESC LIMIT 1"""


class Key(NamedTuple):
    """A place in the feed: after the event ``(tx, position)``."""

    tx: str  # an xid8, as text
    position: int

    def params(self) -> dict[str, Any]:
        return {"tx": self.tx, "position": self.position}


START = Key("0", 0)


def resolve(conn: Connection[Any], after: int) -> Key:
    """The key of the integer cursor ``after``: the event at that position (every
    cursor the service hands out names one); for a position that names no event, the
    greatest key among the events below it (the start when there is none)."""
    if after <= 0:
        return START
    row = conn.execute(_AT, (after,)).fetchone()
    if row is not None:
        return Key(str(row[0]), after)
    row = conn.execute(_BELOW, (after,)).fetchone()
    return START if row is None else Key(str(row[0]), int(row[1]))


def feed_end(conn: Connection[Any]) -> int:
    """The cursor of the feed's end: the last event below the horizon (0 when none)."""
    row = conn.execute(_END).fetchone()
    return int(row[0]) if row else 0
