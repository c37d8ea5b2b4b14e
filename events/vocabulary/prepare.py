"""Validation of events before they reach a transaction: shape, size, ids.

Everything that can be decided without the database is decided here, before a
connection is taken, so a bad batch costs no lock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from events.errors import N_, IdempotencyError, InvalidEvent
from events.records import CheckResult, NewEvent, Pending
from events.vocabulary.canonical import canonical_json, normalize
from events.vocabulary.catalog import validate_json
from events.vocabulary.upcasting import upcast

MAX_EVENT_BYTES = 256 * 1024


@dataclass(frozen=True, slots=True)
class Prepared:
    pending: Pending  # what the check hook sees: the payload upcast to the current version
    stored_version: int  # the schema version the row keeps
    data_json: str  # canonical JSON of the payload as stored (hashed and inserted)


def prepare_one(
    event_type: Any, data: Any, schema_version: Any, event_id: UUID, index: int
) -> Prepared:
    version, canonical, data_json = validate_json(event_type, data, schema_version, index)
    if len(data_json) > MAX_EVENT_BYTES // 4 and len(data_json.encode()) > MAX_EVENT_BYTES:
        raise InvalidEvent(event_type, {"data": [f"larger than {MAX_EVENT_BYTES} bytes"]}, index)
    current, upcast_data = upcast(event_type, version, canonical)
    return Prepared(Pending(event_id, event_type, current, upcast_data), version, data_json)


def prepare(events: Sequence[NewEvent]) -> list[Prepared]:
    """Validate a batch; refuse an empty batch and an id repeated within it."""
    if not events:
        raise InvalidEvent("", {"events": ["at least one event is required"]})
    seen: set[UUID] = set()
    out = []
    for index, event in enumerate(events):
        if not isinstance(event.id, UUID):
            raise InvalidEvent(str(event.type), {"id": ["an event id is a UUID"]}, index)
        if event.id in seen:
            raise IdempotencyError(N_("event id {id} appears twice in the batch"), id=event.id)
        seen.add(event.id)
        data = dict(event.data) if isinstance(event.data, Mapping) else event.data
        out.append(prepare_one(event.type, data, event.schema_version, event.id, index))
    return out


def check_recorded_by(recorded_by: Any) -> str:
    """The token or user writing: 1 to 200 characters of valid text."""
    message = "a string of 1 to 200 characters is required"
    if not isinstance(recorded_by, str) or not 1 <= len(recorded_by) <= 200:
        raise InvalidEvent("", {"recorded_by": [message]})
    try:
        return str(normalize(recorded_by))
    except ValueError as error:
        raise InvalidEvent("", {"recorded_by": [str(error)]}) from None


def breaches_column(verdict: CheckResult | None, count: int) -> list[str | None]:
    """The ``breaches`` column (canonical JSON or NULL) of each event, from a check's verdict."""
    if verdict is None or not verdict.breaches:
        return [None] * count
    if len(verdict.breaches) != count:
        given = len(verdict.breaches)
        raise ValueError(f"the check returned breaches for {given} of {count} events")
    return [
        canonical_json(normalize([dict(b) for b in found])) if found else None
        for found in verdict.breaches
    ]
