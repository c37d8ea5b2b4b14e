"""What the fold reads: one entry per logged event, already typed.

An entry is the game ``version`` (1-based place in the game's stream, the line of
a one-game NDJSON file), the global ``position`` when the event comes from the
store, the typed record (:mod:`rules.actions` or :mod:`events.log`) and the
breaches found when it was appended. Adapters build entries from stored events
and from NDJSON lines; the fold never parses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from events.records import StoredEvent
from events.wire import Record, record_of, to_record


class Entry(NamedTuple):
    version: int
    position: int | None
    type: str
    record: Record
    breaches: tuple[Mapping[str, Any], ...] = ()


def from_stored(events: Iterable[StoredEvent]) -> Iterator[Entry]:
    """Entries of events read from the store (validated and upcast already)."""
    for e in events:
        yield Entry(
            e.version,
            e.position,
            e.type,
            record_of(e.type, e.schema_version, e.data),
            tuple(e.breaches or ()),
        )


def from_wire(
    version: int, event_type: str, data: Mapping[str, Any], schema_version: int | None = None
) -> Entry:
    """An entry from an unvalidated wire event (raises ``InvalidEvent`` if malformed)."""
    return Entry(version, None, event_type, to_record(event_type, dict(data), schema_version))
