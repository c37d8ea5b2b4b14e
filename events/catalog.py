"""The event types, their schemas per version, and :func:`validate`.

``validate`` is the single entry for checking a wire payload, used by the store on
append and import. For the high-volume table facts (a card played, a bid, a pass)
a payload that is *already canonical* is accepted by a plain set-membership test
without going through marshmallow; anything else goes through its schema, which
gives the field-level messages. The two paths agree (tested by property tests).

>>> validate("CardPlayed", {"seat": "s", "card": "10h"})
(1, {'seat': 'S', 'card': 'TH'})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError

from events import schemas as s
from events.canonical import canonical_json
from events.errors import InvalidEvent
from events.upcasting import CURRENT, Data
from rules.cards import RANK_LETTERS, SUIT_LETTERS

EVENT_TYPES: tuple[str, ...] = tuple(CURRENT)

SCHEMAS: dict[tuple[str, int], Schema] = {
    ("GameCreated", 1): s.GameCreatedV1Schema(),
    ("GameCreated", 2): s.GameCreatedSchema(),
    ("DealStarted", 1): s.DealStartedSchema(),
    ("Passed", 1): s.SeatOnlySchema(),
    ("BidPlaced", 1): s.BidPlacedSchema(),
    ("Coinched", 1): s.SeatOnlySchema(),
    ("Surcoinched", 1): s.SeatOnlySchema(),
    ("AnnounceDeclared", 1): s.AnnounceDeclaredSchema(),
    ("BeloteDeclared", 1): s.BeloteDeclaredSchema(),
    ("CardPlayed", 1): s.CardPlayedSchema(),
    ("ScoreRecorded", 1): s.ScoreRecordedSchema(),
    ("Misdeal", 1): s.SeatOnlySchema(),
    ("EventVoided", 1): s.EventVoidedSchema(),
    ("RulingIssued", 1): s.RulingIssuedSchema(),
    ("GameAbandoned", 1): s.GameAbandonedSchema(),
}

_SEATS = frozenset("NESW")
_CARDS = frozenset(r + u for u in SUIT_LETTERS for r in RANK_LETTERS)
_TRUMPS = frozenset(("C", "D", "H", "S", "SA", "TA"))
_WORDS = frozenset(("belote", "rebelote"))


def _is(value: Any, allowed: frozenset[str]) -> bool:
    """``value in allowed``, false for anything but a string (a list would raise TypeError)."""
    return type(value) is str and value in allowed


def _seat_only(d: Data) -> str | None:
    if len(d) == 1 and _is(d.get("seat"), _SEATS):
        return f'{{"seat":"{d["seat"]}"}}'
    return None


def _card_played(d: Data) -> str | None:
    if len(d) == 2 and _is(d.get("seat"), _SEATS) and _is(d.get("card"), _CARDS):
        return f'{{"card":"{d["card"]}","seat":"{d["seat"]}"}}'
    return None


def _bid_placed(d: Data) -> str | None:
    value = d.get("value")
    if len(d) == 3 and _is(d.get("seat"), _SEATS) and _is(d.get("trump"), _TRUMPS):
        if type(value) is int and 1 <= value <= 1000:
            return f'{{"seat":"{d["seat"]}","trump":"{d["trump"]}","value":{value}}}'
        if value == "capot":
            return f'{{"seat":"{d["seat"]}","trump":"{d["trump"]}","value":"capot"}}'
    return None


def _belote(d: Data) -> str | None:
    if len(d) == 2 and _is(d.get("seat"), _SEATS) and _is(d.get("word"), _WORDS):
        return f'{{"seat":"{d["seat"]}","word":"{d["word"]}"}}'
    return None


FAST_PATHS: dict[str, Callable[[Data], str | None]] = {
    "CardPlayed": _card_played,
    "Passed": _seat_only,
    "Coinched": _seat_only,
    "Surcoinched": _seat_only,
    "Misdeal": _seat_only,
    "BidPlaced": _bid_placed,
    "BeloteDeclared": _belote,
}
"""Per type, a test that a payload is already canonical; it returns its canonical JSON."""


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
    fast = FAST_PATHS.get(event_type)
    text = fast(data) if fast is not None else None
    if text is not None:
        return version, dict(data), text
    try:
        loaded: Data = SCHEMAS[(event_type, version)].load(data)
    except ValidationError as error:
        raise InvalidEvent(event_type, _messages(error), index) from None
    return version, loaded, canonical_json(loaded)


def _messages(error: ValidationError) -> dict[str, Any]:
    messages = error.messages
    return messages if isinstance(messages, dict) else {"_schema": messages}
