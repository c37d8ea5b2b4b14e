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
from rules.cards import Card, card_name, parse_card
from rules.contract import Trump
from rules.seats import SEATS, Seat, Team

Record = a.Action | log.LogEvent


def _cards(names: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(n) for n in names)


def _deal_started(d: Data) -> a.DealStarted:
    hands = d.get("hands")
    return a.DealStarted(
        dealer=Seat[d["dealer"]],
        hands=None if hands is None else tuple(_cards(hands[s.name]) for s in SEATS),
        deck=None if d.get("deck") is None else _cards(d["deck"]),
        cut=d.get("cut"),
        packets=None if d.get("packets") is None else tuple(d["packets"]),
    )


_BUILDERS: dict[str, Callable[[Data], Record]] = {
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
    "DealStarted": _deal_started,
    "Passed": lambda d: a.Passed(Seat[d["seat"]]),
    "BidPlaced": lambda d: a.BidPlaced(Seat[d["seat"]], d["value"], Trump[d["trump"]]),
    "Coinched": lambda d: a.Coinched(Seat[d["seat"]]),
    "Surcoinched": lambda d: a.Surcoinched(Seat[d["seat"]]),
    "AnnounceDeclared": lambda d: a.AnnounceDeclared(
        Seat[d["seat"]], a.AnnounceKind(d["kind"]), _cards(d["cards"])
    ),
    "BeloteDeclared": lambda d: a.BeloteDeclared(Seat[d["seat"]], a.BeloteWord(d["word"])),
    "CardPlayed": lambda d: a.CardPlayed(Seat[d["seat"]], parse_card(d["card"])),
    "Misdeal": lambda d: a.Misdeal(Seat[d["seat"]]),
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
    """The record of a payload already validated and upcast (as read from the store)."""
    del schema_version  # payloads reaching here are current
    return _BUILDERS[event_type](data)


def to_wire(record: Record) -> tuple[str, Data]:
    """``(type, data)`` of a record, in the canonical wire form."""
    event_type = type(record).__name__
    data: dict[str, Any] = {}
    for f in fields(record):
        data[f.name] = _plain(f.name, getattr(record, f.name))
    if isinstance(record, a.DealStarted) and record.hands is not None:
        data["hands"] = {s.name: [card_name(c) for c in record.hands[s]] for s in SEATS}
    return event_type, data


def _plain(name: str, value: Any) -> Any:
    if name in ("card",):
        return card_name(value)
    if name in ("cards", "deck") and value is not None:
        return [card_name(c) for c in value]
    if isinstance(value, Seat | Trump | Team):
        return value.name
    if isinstance(value, a.AnnounceKind | a.BeloteWord):
        return value.value
    if isinstance(value, dict):
        return {_plain("", k): _plain("", v) for k, v in value.items()}
    if isinstance(value, tuple):
        return list(value)
    return value
