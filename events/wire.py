"""The wire form ``{"type": ..., "data": {...}}`` ⇄ typed records.

Table facts map to :mod:`rules.actions` records, log-level events to
:mod:`events.log` records. :func:`to_record` validates first (see
:func:`events.catalog.validate`), so a record is always well-formed; old schema
versions are upcast.

>>> to_record("CardPlayed", {"seat": "S", "card": "JH"})
CardPlayed(seat=<Seat.S: 2>, card=20)
>>> to_wire(to_record("BidPlaced", {"seat": "n", "value": "capot", "trump": "ta"}))
('BidPlaced', {'seat': 'N', 'value': 'capot', 'trump': 'TA'})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from events import log
from events.catalog import validate
from events.upcasting import Data, upcast
from rules import actions as a
from rules.notation import TABLE_TYPES, action_from_wire, action_to_wire
from rules.seats import Seat, Team

Record = a.Action | log.LogEvent


_LOG_BUILDERS: dict[str, Callable[[Data], log.LogEvent]] = {
    "GameCreated": lambda d: log.GameCreated(
        profile=d["profile"],
        seats={Seat[k]: v for k, v in d["seats"].items()},
        first_dealer=Seat[d["first_dealer"]],
        target=d["target"],
        enforcement=d["enforcement"],
        club=d["club"],
        metadata=d["metadata"],
        visibility=d["visibility"],
    ),
    "ScoreRecorded": lambda d: log.ScoreRecorded(
        d["deal"], {Team.NS: d["marks"]["NS"], Team.EW: d["marks"]["EW"]}
    ),
    "EventVoided": lambda d: log.EventVoided(d["position"], d["reason"], d["by"]),
    "RulingIssued": lambda d: log.RulingIssued(d["deal"], d["ruling"], d["reason"], d["by"]),
    "GameAbandoned": lambda d: log.GameAbandoned(d["reason"]),
}


def to_record(event_type: str, data: Data, schema_version: int | None = None) -> Record:
    """Validate a wire payload (upcasting an old schema version) and build its record."""
    version, canonical = validate(event_type, data, schema_version)
    return record_of(event_type, *upcast(event_type, version, canonical))


def record_of(event_type: str, schema_version: int, data: Data) -> Record:
    """The record of a payload already validated and upcast (as read from the store).

    Table facts are built by :mod:`rules.notation`, the one mapping of the table's
    vocabulary; log-level events here.
    """
    del schema_version  # payloads reaching here are current
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
