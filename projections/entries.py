"""What the fold reads: one entry per logged event, already typed.

An entry is the game ``version`` (1-based place in the game's stream, the line of
a one-game NDJSON file), the global ``position`` when the event comes from the
store, the typed record (:mod:`rules.actions` or :mod:`events.vocabulary.log`) and the
breaches found when it was appended. Adapters build entries from stored events
(:func:`from_stored`), straight from the store's rows (:func:`from_rows`: each row
decoded once, into its record, with no event object in between) and from NDJSON
lines; the fold never parses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from events.records import StoredEvent
from events.vocabulary.catalog import to_record
from events.vocabulary.upcasting import CURRENT, upcast
from events.vocabulary.wire import Record, record_of


class Entry(NamedTuple):
    version: int
    position: int | None
    type: str
    record: Record
    breaches: tuple[Mapping[str, Any], ...] = ()


_entry = tuple.__new__  # Entry's fields in order, without NamedTuple's slower __new__


def from_stored(events: Iterable[StoredEvent]) -> Iterator[Entry]:
    """Entries of events read from the store (validated and upcast already)."""
    for e in events:
        record = record_of(e.type, e.schema_version, e.data)
        breaches = tuple(e.breaches) if e.breaches else ()
        yield _entry(Entry, (e.version, e.position, e.type, record, breaches))


ROW_COLUMNS = "version, position, type, schema_version, data, breaches, event_id"
"""What a fold reads of an ``events`` row, in the order :func:`from_rows` takes it: no
hash, no recording time or author, no game id (the query names the game)."""


def from_rows(rows: Iterable[Sequence[Any]]) -> Iterator[Entry]:
    """Entries of the store's rows selected as :data:`ROW_COLUMNS`, upcast when written
    under an older schema."""
    current = CURRENT.get
    for version, position, kind, schema, data, breaches, _event_id in rows:
        if schema != current(kind):
            schema, data = upcast(kind, schema, data)
        record = record_of(kind, schema, data)
        yield _entry(Entry, (version, position, kind, record, tuple(breaches) if breaches else ()))


def from_wire(
    version: int, event_type: str, data: Mapping[str, Any], schema_version: int | None = None
) -> Entry:
    """An entry from an unvalidated wire event (raises ``InvalidEvent`` if malformed)."""
    return Entry(version, None, event_type, to_record(event_type, dict(data), schema_version))
