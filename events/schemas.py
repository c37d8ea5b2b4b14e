"""marshmallow schemas of the wire payloads (the ``data`` of ``{"type", "data"}``).

One schema per event type and schema version. Unknown fields are refused
(marshmallow's ``RAISE``), every message names its field, and loading returns the
canonical, complete payload that is stored: cards and seats in canonical
spelling, optional fields present (``null`` when absent).

>>> CardPlayedSchema().load({"seat": "s", "card": "10h"})
{'seat': 'S', 'card': 'TH'}
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import OneOf

from events.fields import (
    BidValueField,
    CardField,
    Document,
    Int,
    ProfileField,
    SeatField,
    Text,
    TrumpField,
)

_ANNOUNCE_SIZES = {"tierce": (3, 3), "cinquante": (4, 4), "cent": (5, 8), "carre": (4, 4)}


class Payload(Schema):
    class Meta:
        unknown = RAISE


class SeatsSchema(Payload):
    N = Text(required=True)
    E = Text(required=True)
    S = Text(required=True)
    W = Text(required=True)

    @validates_schema
    def _distinct(self, data: dict[str, str], **kwargs: Any) -> None:
        if len(set(data.values())) != 4:
            raise ValidationError("the four seats need four different players")


class GameCreatedSchema(Payload):
    """``GameCreated`` version 2 (current): ``seats`` is an object, ``enforcement`` explicit."""

    profile = ProfileField(required=True)
    seats = fields.Nested(SeatsSchema, required=True)
    first_dealer = SeatField(required=True)
    target = Int(1, 100_000, load_default=None, allow_none=True)
    enforcement = fields.String(
        load_default="strict",
        validate=OneOf(("strict", "record"), error="must be 'strict' or 'record'"),
    )
    club = Text(load_default=None, allow_none=True)
    metadata = Document(load_default=dict)
    visibility = fields.String(
        load_default="private",
        validate=OneOf(("private", "public"), error="must be 'private' or 'public'"),
    )


class HandsSchema(Payload):
    N = fields.List(CardField(), required=True)
    E = fields.List(CardField(), required=True)
    S = fields.List(CardField(), required=True)
    W = fields.List(CardField(), required=True)

    @validates_schema
    def _eight_each(self, data: dict[str, list[str]], **kwargs: Any) -> None:
        errors = {s: ["a hand has 8 cards"] for s, cards in data.items() if len(cards) != 8}
        if errors:
            raise ValidationError(errors)
        if len({c for cards in data.values() for c in cards}) != 32:
            raise ValidationError("the four hands must hold the 32 different cards")


class DealStartedSchema(Payload):
    dealer = SeatField(required=True)
    hands = fields.Nested(HandsSchema, load_default=None, allow_none=True)
    deck = fields.List(CardField(), load_default=None, allow_none=True)
    cut = Int(1, 31, load_default=None, allow_none=True)
    packets = fields.List(Int(1, 8), load_default=None, allow_none=True)

    @validates_schema
    def _shapes(self, data: dict[str, Any], **kwargs: Any) -> None:
        deck, packets = data.get("deck"), data.get("packets")
        if deck is not None and (len(deck) != 32 or len(set(deck)) != 32):
            raise ValidationError("a deck lists the 32 different cards", "deck")
        if packets is not None and sum(packets) != 8:
            raise ValidationError(f"packets must add up to 8 cards, not {sum(packets)}", "packets")


class SeatOnlySchema(Payload):
    """``Passed``, ``Coinched``, ``Surcoinched``, ``Misdeal``."""

    seat = SeatField(required=True)


class BidPlacedSchema(Payload):
    seat = SeatField(required=True)
    value = BidValueField(required=True)
    trump = TrumpField(required=True)


class AnnounceDeclaredSchema(Payload):
    seat = SeatField(required=True)
    kind = fields.String(
        required=True,
        validate=OneOf(tuple(_ANNOUNCE_SIZES), error="must be tierce, cinquante, cent or carre"),
    )
    cards = fields.List(CardField(), required=True)

    @validates_schema
    def _sizes(self, data: dict[str, Any], **kwargs: Any) -> None:
        low, high = _ANNOUNCE_SIZES[data["kind"]]
        cards = data["cards"]
        if len(set(cards)) != len(cards) or not low <= len(cards) <= high:
            size = str(low) if low == high else f"{low} to {high}"
            raise ValidationError(f"a {data['kind']} shows {size} different cards", "cards")


class BeloteDeclaredSchema(Payload):
    seat = SeatField(required=True)
    word = fields.String(
        required=True,
        validate=OneOf(("belote", "rebelote"), error="must be 'belote' or 'rebelote'"),
    )


class CardPlayedSchema(Payload):
    seat = SeatField(required=True)
    card = CardField(required=True)


class MarksSchema(Payload):
    NS = Int(-100_000, 100_000, required=True)
    EW = Int(-100_000, 100_000, required=True)


class ScoreRecordedSchema(Payload):
    deal = Int(1, 10_000, required=True)
    marks = fields.Nested(MarksSchema, required=True)


class EventVoidedSchema(Payload):
    position = Int(1, 2**31 - 1, required=True)
    reason = Text(max_length=2000, required=True)
    by = Text(required=True)


class RulingIssuedSchema(Payload):
    deal = Int(1, 10_000, required=True)
    ruling = Document(required=True)
    reason = Text(max_length=2000, required=True)
    by = Text(required=True)


class GameAbandonedSchema(Payload):
    reason = Text(max_length=2000, min_length=0, required=True)


class SeatListField(fields.List[Any]):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Text(), **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> list[Any]:
        players = super()._deserialize(value, attr, data, **kwargs)
        if len(players) != 4 or len(set(players)) != 4:
            raise ValidationError("four different player ids, in seat order N, E, S, W")
        return players


class GameCreatedV1Schema(Payload):
    """``GameCreated`` version 1 (archives only): ``seats`` a list in N, E, S, W order,
    no ``enforcement`` (it was always strict)."""

    profile = ProfileField(required=True)
    seats = SeatListField(required=True)
    first_dealer = SeatField(required=True)
    target = Int(1, 100_000, load_default=None, allow_none=True)
    club = Text(load_default=None, allow_none=True)
    metadata = Document(load_default=dict)
    visibility = fields.String(
        load_default="private",
        validate=OneOf(("private", "public"), error="must be 'private' or 'public'"),
    )
