"""A stored row as the event it holds: shared by every reader of the ``events`` table.

Reading a row needs no driver: the store (:mod:`events.store.reads`), the
projections' snapshot reads and the API's feed run their own queries and hand the
rows here, so this module imports nothing from psycopg.
"""

from __future__ import annotations

from typing import Any

from events.records import StoredEvent
from events.vocabulary.upcasting import CURRENT, upcast

COLUMNS = """position, game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash"""


def stored_event(row: tuple[Any, ...]) -> StoredEvent:
    """A row of ``COLUMNS`` as a :class:`StoredEvent`, its payload upcast."""
    if row[5] == CURRENT.get(row[4]):
        return _event(StoredEvent, row)  # the row is the event's fields, in order
    version, data = upcast(row[4], row[5], row[6])
    return StoredEvent(row[0], row[1], row[2], row[3], row[4], version, data, *row[7:])


_event = tuple.__new__
