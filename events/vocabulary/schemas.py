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
from marshmallow.validate import Length, OneOf

from events.vocabulary.fields import (
    BidValueField,
    CardField,
    Choice,
    ClubId,
    Document,
    Int,
    Name,
    ProfileField,
    SeatField,
    Text,
    TrumpField,
)
from events.vocabulary.notation import ANNOUNCE_SIZES
from rules.names import IDENTIFIER, PLAYER_ID


class Payload(Schema):
    class Meta:
        unknown = RAISE


class SeatsSchema(Payload):
    N = Name(required=True)
    E = Name(required=True)
    S = Name(required=True)
    W = Name(required=True)

    @validates_schema
    def _distinct(self, data: dict[str, str], **kwargs: Any) -> None:
        if len(set(data.values())) != 4:
            raise ValidationError("the four seats need four different players")


class StrictBool(fields.Field[bool]):
    """``true`` or ``false`` only (marshmallow's Boolean also takes ``"yes"`` or ``1``)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise ValidationError("must be true or false")
        return value


class LengthSchema(Payload):
    """A game's length: ``{"target": N}`` (points) or ``{"deals": N}`` (a fixed number of
    deals), exactly one of them."""

    target = Int(1, 100_000)
    deals = Int(1, 1_000)

    @validates_schema
    def _one(self, data: dict[str, int], **kwargs: Any) -> None:
        if len(data) != 1:
            raise ValidationError('give either {"target": points} or {"deals": number}')


class GameCreatedSchema(Payload):
    """``GameCreated`` version 3 (current): the game's ``length`` is a target or a number of
    deals (``null``: the profile's target), and ``roster`` says what ``seats`` hold.
    ``true``: the ids of players of the club's roster (``pl_`` and 32 hex digits), so that
    the log holds no name and a player can be erased without touching it; ``false``: names
    as written at the table (games recorded before the roster, or without the service)."""

    profile = ProfileField(required=True)
    seats = fields.Nested(SeatsSchema, required=True)
    first_dealer = SeatField(required=True)
    length = fields.Nested(LengthSchema, load_default=None, allow_none=True)
    enforcement = fields.String(
        load_default="strict",
        validate=OneOf(("strict", "record"), error="must be 'strict' or 'record'"),
    )
    club = ClubId(load_default=None, allow_none=True)
    metadata = Document(load_default=dict)
    visibility = fields.String(
        load_default="private",
        validate=OneOf(("private", "public"), error="must be 'private' or 'public'"),
    )
    roster = StrictBool(load_default=False)

    @validates_schema
    def _ids(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("roster"):
            wrong = {s: ["a roster game's seat holds a player id (pl_ and 32 hex digits)"]
                     for s, p in data["seats"].items() if not PLAYER_ID.match(p)}  # fmt: skip
            if wrong:
                raise ValidationError({"seats": wrong})


class GameCreatedV2Schema(Payload):
    """``GameCreated`` version 2 (archives only): ``seats`` is an object, ``enforcement``
    explicit, an optional ``target`` (no fixed-length games)."""

    profile = ProfileField(required=True)
    seats = fields.Nested(SeatsSchema, required=True)
    first_dealer = SeatField(required=True)
    target = Int(1, 100_000, load_default=None, allow_none=True)
    enforcement = fields.String(
        load_default="strict",
        validate=OneOf(("strict", "record"), error="must be 'strict' or 'record'"),
    )
    club = ClubId(load_default=None, allow_none=True)
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
        validate=OneOf(tuple(ANNOUNCE_SIZES), error="must be tierce, cinquante, cent or carre"),
    )
    cards = fields.List(CardField(), required=True)

    @validates_schema
    def _sizes(self, data: dict[str, Any], **kwargs: Any) -> None:
        low, high = ANNOUNCE_SIZES[data["kind"]]
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


class ContractSchema(Payload):
    taker = SeatField(required=True)
    value = BidValueField(required=True)
    trump = TrumpField(required=True)
    coinche = fields.Integer(
        load_default=1,
        strict=True,
        validate=OneOf((1, 2, 4), error="must be 1, 2 (coinched) or 4 (surcoinched)"),
    )


class CardPointsSchema(Payload):
    NS = Int(0, 1_000, required=True)
    EW = Int(0, 1_000, required=True)


class TricksSchema(Payload):
    NS = Int(0, 8, required=True)
    EW = Int(0, 8, required=True)


class SummaryAnnounceSchema(Payload):
    seat = SeatField(required=True)
    kind = fields.String(
        required=True,
        validate=OneOf(tuple(ANNOUNCE_SIZES), error="must be tierce, cinquante, cent or carre"),
    )
    height = Choice("789TJQKA", "a rank", {"10": "T"}, required=True)
    suit = Choice("CDHS", "a suit", load_default=None, allow_none=True)


class DealSummarizedSchema(Payload):
    """A score-only deal: the facts of a paper score sheet (see :mod:`rules.summary`)."""

    dealer = SeatField(required=True)
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    card_points = fields.Nested(CardPointsSchema, required=True)
    tricks = fields.Nested(TricksSchema, load_default=None, allow_none=True)
    belote = fields.List(SeatField(), load_default=list, validate=Length(max=4))
    announces = fields.List(
        fields.Nested(SummaryAnnounceSchema), load_default=list, validate=Length(max=16)
    )
    generale = SeatField(load_default=None, allow_none=True)


class ClaimedSchema(Payload):
    """A claim of the remaining tricks (``all``) or a concession (``none``), with the
    belotes declared at it (see :mod:`rules.claims`)."""

    seat = SeatField(required=True)
    takes = fields.String(
        required=True, validate=OneOf(("all", "none"), error="must be 'all' or 'none'")
    )
    belote = fields.List(SeatField(), load_default=list, validate=Length(max=4))


class MarksSchema(Payload):
    NS = Int(-100_000, 100_000, required=True)
    EW = Int(-100_000, 100_000, required=True)


class ScoreRecordedSchema(Payload):
    deal = Int(1, 10_000, required=True)
    marks = fields.Nested(MarksSchema, required=True)


class EventVoidedSchema(Payload):
    """``EventVoided`` version 2 (current): ``version`` is the voided event's game version."""

    version = Int(1, 2**31 - 1, required=True)
    reason = Text(max_length=2000, required=True)
    by = Text(required=True)


class EventVoidedV1Schema(Payload):
    """``EventVoided`` version 1 (archives only): the same game version, named ``position``."""

    position = Int(1, 2**31 - 1, required=True)
    reason = Text(max_length=2000, required=True)
    by = Text(required=True)


class RulingIssuedSchema(Payload):
    """``ruling`` is a document; its known members are checked here, each error naming
    its member: ``adjustment`` ``{"NS": n, "EW": m}``, or a standard ``penalty`` with
    its ``offender`` seat and optional ``finding`` ``{"deal", "trick", "seat"}`` (then
    nothing else). Whether the profile has that penalty is the judgement's business."""

    deal = Int(1, 10_000, required=True)
    ruling = Document(required=True)
    reason = Text(max_length=2000, required=True)
    by = Text(required=True)

    @validates_schema
    def _ruling(self, data: dict[str, Any], **kwargs: Any) -> None:
        ruling = data.get("ruling")
        if isinstance(ruling, dict):
            errors = ruling_errors(ruling, data.get("deal"))
            if errors:
                raise ValidationError({"ruling": errors})


def ruling_errors(ruling: dict[str, Any], deal: Any) -> dict[str, list[str]]:
    """Messages by member of a ruling document (empty when it is well formed)."""
    errors: dict[str, list[str]] = {}
    adjustment = ruling.get("adjustment")
    if "adjustment" in ruling and not (
        isinstance(adjustment, dict)
        and set(adjustment) <= {"NS", "EW"}
        and all(_whole(v) and abs(v) <= 100_000 for v in adjustment.values())
    ):
        errors["adjustment"] = ['{"NS": points, "EW": points}, whole numbers']
    if "penalty" not in ruling:
        for key in ("offender", "finding"):
            if key in ruling:
                errors[key] = ["only with a penalty"]
        return errors
    if "adjustment" in ruling:
        errors["adjustment"] = ["a ruling has an adjustment or a penalty, not both"]
    for key in sorted(set(ruling) - {"penalty", "offender", "finding", "adjustment"}):
        errors[key] = ["unknown member of a penalty ruling (penalty, offender, finding)"]
    penalty = ruling["penalty"]
    if not isinstance(penalty, str) or not IDENTIFIER.match(penalty):
        errors["penalty"] = ["the name of one of the profile's penalties, e.g. 'revoke'"]
    if ruling.get("offender") not in SEATS:
        errors["offender"] = ["the seat of the offending player: N, E, S or W"]
    finding = ruling.get("finding")
    if finding is not None:
        problems = _finding_errors(finding, deal)
        if problems:
            errors["finding"] = problems
    return errors


def _finding_errors(finding: Any, deal: Any) -> list[str]:
    if not isinstance(finding, dict) or set(finding) - {"deal", "trick", "seat"}:
        return ['{"deal": n, "trick": n or null, "seat": seat or null}']
    out = []
    if not _whole(finding.get("deal")) or finding.get("deal") != deal:
        out.append("deal: the ruling's deal")
    trick = finding.get("trick")
    if trick is not None and not (_whole(trick) and 0 <= trick <= 8):
        out.append("trick: 1 to 8 (0: the auction), or null")
    if finding.get("seat") not in (*SEATS, None):
        out.append("seat: N, E, S, W or null")
    return out


def _whole(value: Any) -> bool:
    return type(value) is int


SEATS = ("N", "E", "S", "W")


class GameAbandonedSchema(Payload):
    reason = Text(max_length=2000, min_length=0, required=True)


class SeatListField(fields.List[Any]):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Name(), **kwargs)

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
    club = ClubId(load_default=None, allow_none=True)
    metadata = Document(load_default=dict)
    visibility = fields.String(
        load_default="private",
        validate=OneOf(("private", "public"), error="must be 'private' or 'public'"),
    )


SCHEMAS: dict[tuple[str, int], Schema] = {
    ("GameCreated", 1): GameCreatedV1Schema(),
    ("GameCreated", 2): GameCreatedV2Schema(),
    ("GameCreated", 3): GameCreatedSchema(),
    ("DealStarted", 1): DealStartedSchema(),
    ("Passed", 1): SeatOnlySchema(),
    ("BidPlaced", 1): BidPlacedSchema(),
    ("Coinched", 1): SeatOnlySchema(),
    ("Surcoinched", 1): SeatOnlySchema(),
    ("AnnounceDeclared", 1): AnnounceDeclaredSchema(),
    ("BeloteDeclared", 1): BeloteDeclaredSchema(),
    ("CardPlayed", 1): CardPlayedSchema(),
    ("ScoreRecorded", 1): ScoreRecordedSchema(),
    ("Misdeal", 1): SeatOnlySchema(),
    ("DealSummarized", 1): DealSummarizedSchema(),
    ("Claimed", 1): ClaimedSchema(),
    ("EventVoided", 1): EventVoidedV1Schema(),
    ("EventVoided", 2): EventVoidedSchema(),
    ("RulingIssued", 1): RulingIssuedSchema(),
    ("GameAbandoned", 1): GameAbandonedSchema(),
}
"""The schema of each (event type, schema version)."""
