"""The wire form ``{"type": ..., "data": {...}}`` ⇄ typed records.

Table facts map to :mod:`rules.actions` records, log-level events to
:mod:`events.vocabulary.log` records. The payloads reaching :func:`record_of` are
valid and current (read from the store, or checked by
:func:`events.vocabulary.catalog.to_record`), so this module needs no schema.

A stored event is decoded once into its record, never re-parsed on each replay: the
table's facts that are not a deal are drawn from a small vocabulary (4 seats × 32
cards played, the calls of the auction, the belote words), so their records are
built once per process by the rules' own parser (:mod:`rules.notation`, the one
mapping) and a payload in canonical form is looked up (``{"seat": "S", "card":
"JH"}`` → the one ``CardPlayed(S, JH)``; records are frozen, so sharing them is
safe). A payload outside the tables (a bid value no table holds, a deal) goes
through the parser, which also names the field of anything malformed.

>>> record_of("CardPlayed", 1, {"seat": "S", "card": "JH"})
CardPlayed(seat=<Seat.S: 2>, card=20)
>>> to_wire(record_of("BidPlaced", 1, {"seat": "N", "value": "capot", "trump": "TA"}))
('BidPlaced', {'seat': 'N', 'value': 'capot', 'trump': 'TA'})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import partial
from typing import Any

from events.vocabulary import log
from events.vocabulary.notation import BELOTE_WORDS, CARD_NAMES, SEAT_NAMES, TRUMP_NAMES
from events.vocabulary.upcasting import Data
from rules import actions as a
from rules.notation import TABLE_TYPES, action_from_wire, action_to_wire
from rules.seats import Seat, Team

Record = a.Action | log.LogEvent


_LOG_BUILDERS: dict[str, Callable[[Data], log.LogEvent]] = {
    "GameCreated": lambda d: log.GameCreated(
        profile=d["profile"],
        seats={Seat[k]: v for k, v in d["seats"].items()},
        first_dealer=Seat[d["first_dealer"]],
        length=None if d["length"] is None else dict(d["length"]),
        enforcement=d["enforcement"],
        club=d["club"],
        metadata=d["metadata"],
        visibility=d["visibility"],
        roster=d["roster"],
    ),
    "ScoreRecorded": lambda d: log.ScoreRecorded(
        d["deal"], {Team.NS: d["marks"]["NS"], Team.EW: d["marks"]["EW"]}
    ),
    "EventVoided": lambda d: log.EventVoided(d["version"], d["reason"], d["by"]),
    "RulingIssued": lambda d: log.RulingIssued(d["deal"], d["ruling"], d["reason"], d["by"]),
    "GameAbandoned": lambda d: log.GameAbandoned(d["reason"]),
}


_SEAT_ONLY = ("Passed", "Coinched", "Surcoinched", "Misdeal")
_BID_VALUES: tuple[int | str, ...] = (*range(80, 190, 10), 82, 250, 500, "capot")
"""The bids of every profile's usual auction (tripot's 82 included); others are parsed."""


def _records() -> dict[tuple[Any, ...], a.Action]:
    """The table facts of the small vocabulary, each built once by the rules' parser, under
    the key :data:`_KEYS` gives its payload."""
    seats, cards = sorted(SEAT_NAMES), sorted(CARD_NAMES)
    payloads: list[tuple[str, dict[str, Any]]] = []
    payloads += [("CardPlayed", {"seat": s, "card": c}) for s in seats for c in cards]
    payloads += [(kind, {"seat": s}) for kind in _SEAT_ONLY for s in seats]
    payloads += [("BeloteDeclared", {"seat": s, "word": w}) for s in seats for w in BELOTE_WORDS]
    payloads += [
        ("BidPlaced", {"seat": s, "value": v, "trump": t})
        for s in seats
        for v in _BID_VALUES
        for t in sorted(TRUMP_NAMES)
    ]
    return {_KEYS[kind](d): action_from_wire(kind, d) for kind, d in payloads}


def _seat_key(kind: str, data: Data) -> tuple[Any, ...]:
    return (kind, data["seat"])


_KEYS: dict[str, Callable[[Data], tuple[Any, ...]]] = {
    "CardPlayed": lambda d: ("CardPlayed", d["seat"], d["card"]),
    # the value's type too: 80.0 == 80, but only the integer is a bid
    "BidPlaced": lambda d: ("BidPlaced", d["seat"], type(d["value"]), d["value"], d["trump"]),
    "BeloteDeclared": lambda d: ("BeloteDeclared", d["seat"], d["word"]),
    **{kind: partial(_seat_key, kind) for kind in _SEAT_ONLY},
}
_RECORDS = _records()


def record_of(event_type: str, schema_version: int, data: Data) -> Record:
    """The record of a payload already validated and upcast (as read from the store).

    Table facts come from :mod:`rules.notation`, the one mapping of the table's
    vocabulary (looked up when already built, see above); log-level events are built
    here.
    """
    del schema_version  # payloads reaching here are current
    key = _KEYS.get(event_type)
    if key is not None:
        try:
            return _RECORDS[key(data)]
        except (KeyError, TypeError):  # not in the tables (or unhashable): parse it
            pass
    if event_type in TABLE_TYPES:
        return action_from_wire(event_type, data)
    return _LOG_BUILDERS[event_type](data)


def to_wire(record: Record) -> tuple[str, Data]:
    """``(type, data)`` of a record, in the canonical wire form."""
    if not isinstance(record, log.LogEvent):
        return action_to_wire(record)
    data = {f.name: _plain(getattr(record, f.name)) for f in fields(record)}
    return type(record).__name__, data


def _plain(value: Any) -> Any:
    if isinstance(value, Seat | Team):
        return value.name
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    return value
