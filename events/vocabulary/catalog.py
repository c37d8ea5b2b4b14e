"""The event types and :func:`validate`, the one check of a wire payload.

``validate`` is the single entry for checking a wire payload, used by the store on
append and import. A payload that is *already canonical* (the usual case) is
accepted by the fast checks of :mod:`events.vocabulary.fast` without going through
marshmallow; anything else goes through its schema, which gives the field-level
messages. The two paths agree (tested by property tests).

>>> validate("CardPlayed", {"seat": "s", "card": "10h"})
(1, {'seat': 'S', 'card': 'TH'})
"""

from __future__ import annotations

from typing import Any

from events.errors import InvalidEvent
from events.vocabulary.canonical import canonical_json
from events.vocabulary.fast import PAYLOAD_CHECKS
from events.vocabulary.upcasting import CURRENT, Data, upcast
from events.vocabulary.wire import Record, record_of

EVENT_TYPES: tuple[str, ...] = tuple(CURRENT)


def validate(
    event_type: Any, data: Any, schema_version: Any = None, index: int = 0
) -> tuple[int, Data]:
    """Check one payload; return ``(schema version, canonical payload)``.

    Raises :class:`~events.errors.InvalidEvent` naming the wrong fields.
    """
    version, loaded, _ = validate_json(event_type, data, schema_version, index)
    return version, loaded


def validate_json(
    event_type: Any, data: Any, schema_version: Any = None, index: int = 0
) -> tuple[int, Data, str]:
    """:func:`validate`, also returning the payload's canonical JSON (hashed and stored)."""
    if not isinstance(event_type, str) or event_type not in CURRENT:
        known = ", ".join(EVENT_TYPES)
        message = f"unknown event type; use {known}"
        raise InvalidEvent(str(event_type)[:100], {"type": [message]}, index)
    current = CURRENT[event_type]
    version = current if schema_version is None else schema_version
    if type(version) is not int or not 1 <= version <= current:
        message = f"schema version of {event_type} is 1 to {current}, not {version!r}"
        raise InvalidEvent(event_type, {"version": [message[:300]]}, index)
    if not isinstance(data, dict):
        raise InvalidEvent(event_type, {"data": ["a JSON object is required"]}, index)
    fast = PAYLOAD_CHECKS.get(event_type) if version == current else None
    checked = fast(data) if fast is not None else None
    if checked is not None:
        text, loaded = checked
        return version, dict(loaded) if loaded is data else loaded, text
    loaded = _load(event_type, version, data, index)
    return version, loaded, canonical_json(loaded)


def _load(event_type: str, version: int, data: dict[str, Any], index: int) -> Data:
    """The schema's reading of a payload the fast checks did not vouch for.

    marshmallow is imported here, on the first such payload, not with the vocabulary:
    the fold, the offline score sheet and audit of a canonical file never need it.
    """
    from marshmallow import ValidationError

    from events.vocabulary.schemas import SCHEMAS

    try:
        loaded: Data = SCHEMAS[(event_type, version)].load(data)
    except ValidationError as error:
        messages = error.messages
        errors = messages if isinstance(messages, dict) else {"_schema": messages}
        raise InvalidEvent(event_type, errors, index) from None
    return loaded


def to_record(event_type: str, data: Data, schema_version: int | None = None) -> Record:
    """Validate a wire payload (upcasting an old schema version) and build its record.

    >>> to_record("CardPlayed", {"seat": "S", "card": "JH"})
    CardPlayed(seat=<Seat.S: 2>, card=20)
    """
    version, canonical = validate(event_type, data, schema_version)
    return record_of(event_type, *upcast(event_type, version, canonical))
