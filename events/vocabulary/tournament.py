"""The tournament stream's vocabulary: one marshmallow schema per event type.

A tournament (concours or duplicate session) is its own stream, apart from the games:
its events say who registered, how each round was drawn, which game each table played
and what it scored. Whether an event may happen (a team registered twice, a draw
before the round's results are in) is the tournament rules' business
(:mod:`projections.tournament.decide`); these schemas check the shape, refuse unknown
fields and load the canonical payload that is stored and hashed.

>>> validate_tournament_event("TeamWithdrew", {"team": "3", "reason": "train"})
{'team': '3', 'reason': 'train'}
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf

from events.errors import InvalidEvent
from events.vocabulary.fields import CardField, ClubId, Document, Int, Name, SeatField, Text

TEAM_ID = r"^[1-9][0-9]{0,3}$"
SCHEMA_VERSION = 1


class _Payload(Schema):
    class Meta:
        unknown = RAISE


class TeamId(fields.String):
    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str) or not value.isdigit() or not 1 <= len(value) <= 4:
            raise ValidationError("a team id is its registration number, as a string")
        return value


class Points(_Payload):
    NS = Int(-100000, 100000, required=True)
    EW = Int(-100000, 100000, required=True)


class TournamentCreated(_Payload):
    name = Name(max_length=100, required=True)
    club = ClubId(required=True)
    format = Document(required=True)


class TeamRegistered(_Payload):
    team = TeamId(required=True)
    name = Name(max_length=100, required=True)
    players = fields.List(Name(max_length=100), required=True, validate=Length(equal=2))
    first_round = Int(1, 100, required=True)


class TeamWithdrew(_Payload):
    team = TeamId(required=True)
    reason = Text(max_length=500, load_default=None, allow_none=True)


class TablePlan(_Payload):
    table = Int(1, 1000, required=True)
    ns = TeamId(required=True)
    ew = TeamId(required=True)
    first_dealer = SeatField(required=True)


class Hands(_Payload):
    N = fields.List(CardField(), required=True)
    E = fields.List(CardField(), required=True)
    S = fields.List(CardField(), required=True)
    W = fields.List(CardField(), required=True)


class Board(_Payload):
    board = Int(1, 100, required=True)
    dealer = SeatField(required=True)
    hands = fields.Nested(Hands, required=True)


class RoundDrawn(_Payload):
    round = Int(1, 100, required=True)
    seed = Int(0, 2**63 - 1, required=True)
    method = fields.String(required=True, validate=OneOf(["random", "swiss", "swiss-fallback"]))
    tables = fields.List(fields.Nested(TablePlan), required=True)
    bye = TeamId(load_default=None, allow_none=True)
    rematches = fields.List(fields.List(TeamId()), load_default=list)
    boards = fields.List(fields.Nested(Board), load_default=list)

    @validates_schema
    def _one_seat_per_team(self, data: dict[str, Any], **kwargs: Any) -> None:
        seated = [t for table in data["tables"] for t in (table["ns"], table["ew"])]
        seated += [data["bye"]] if data.get("bye") else []
        if len(set(seated)) != len(seated):
            raise ValidationError("a team sits at one table of a round, or has its bye", "tables")
        numbers = [table["table"] for table in data["tables"]]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValidationError("tables are numbered 1, 2, 3…", "tables")


class GameLinked(_Payload):
    round = Int(1, 100, required=True)
    table = Int(1, 1000, required=True)
    game = fields.UUID(required=True)


class ResultRecorded(_Payload):
    round = Int(1, 100, required=True)
    table = Int(1, 1000, required=True)
    board = Int(1, 100, load_default=None, allow_none=True)
    points = fields.Nested(Points, required=True)
    source = fields.String(required=True, validate=OneOf(["entered", "game"]))


class ResultCorrected(_Payload):
    round = Int(1, 100, required=True)
    table = Int(1, 1000, required=True)
    board = Int(1, 100, load_default=None, allow_none=True)
    points = fields.Nested(Points, required=True)
    reason = Text(max_length=500, required=True)


SCHEMAS: dict[str, type[Schema]] = {
    s.__name__: s
    for s in (
        TournamentCreated,
        TeamRegistered,
        TeamWithdrew,
        RoundDrawn,
        GameLinked,
        ResultRecorded,
        ResultCorrected,
    )
}
TOURNAMENT_EVENT_TYPES = tuple(SCHEMAS)


def validate_tournament_event(event_type: str, data: Any, index: int = 0) -> dict[str, Any]:
    """The canonical payload of one tournament event; :class:`InvalidEvent` names the fields."""
    schema = SCHEMAS.get(event_type)
    if schema is None:
        known = ", ".join(TOURNAMENT_EVENT_TYPES)
        raise InvalidEvent(str(event_type)[:100], {"type": [f"unknown; use {known}"]}, index)
    if not isinstance(data, dict):
        raise InvalidEvent(event_type, {"data": ["a JSON object is required"]}, index)
    try:
        loaded: dict[str, Any] = schema().load(data)
    except ValidationError as error:
        messages = error.messages
        errors = messages if isinstance(messages, dict) else {"_schema": messages}
        raise InvalidEvent(event_type, errors, index) from None
    for key in ("game",):
        if key in loaded:
            loaded[key] = str(loaded[key])
    return loaded
