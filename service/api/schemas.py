"""marshmallow schemas of the API's edge: request bodies and query strings.

Every schema refuses unknown fields (``RAISE``), bodies and query strings alike,
so a misspelt parameter is an error rather than silently ignored. Event payloads
themselves are checked by the event vocabulary (``events.vocabulary.catalog``), which names
the field at fault; the body of ``POST /games`` reuses its ``GameCreated`` schema.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import And, Length, OneOf, Range, Regexp, Validator

from events.vocabulary.fields import Int, Text
from events.vocabulary.schemas import GameCreatedSchema

STATUSES = ("live", "finished", "abandoned")
VIEWS = ("arbiter", "seat", "public")
CLUB_PATTERN = r"^[a-z0-9][a-z0-9._-]{0,62}$"
MAX_EVENTS = 500
MAX_VERSION = 2**31 - 1
MAX_POSITION = 2**63 - 1
UUID_TEXT = re.compile(r"^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")


class Strict(Schema):
    class Meta:
        unknown = RAISE


class Moment(fields.Field[datetime]):
    """An ISO 8601 date or time; without a zone it is UTC."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> datetime:
        try:
            if not isinstance(value, str) or len(value) > 40:
                raise ValueError
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise ValidationError("an ISO 8601 date or time, e.g. 2024-03-01T20:00:00Z") from None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Uuid(fields.UUID):
    """A UUID in its canonical 36-character form only (as the contract says)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if not isinstance(value, str) or not UUID_TEXT.match(value):
            raise ValidationError("a UUID like 123e4567-e89b-42d3-a456-426614174000")
        return super()._deserialize(value, attr, data, **kwargs)


def Count(low: int, high: int, **kwargs: Any) -> fields.Integer:
    """An integer query parameter in ``[low, high]``."""
    return fields.Integer(validate=Range(low, high), **kwargs)


def Club(**kwargs: Any) -> fields.String:
    return fields.String(validate=Regexp(CLUB_PATTERN, error="not a club id"), **kwargs)


def text(high: int) -> Validator:
    """1 to ``high`` characters, no NUL (PostgreSQL's text refuses it)."""
    no_nul = Regexp(r"^[^\x00]*$", error="must not contain the NUL character")
    return And(Length(1, high), no_nul)


class CreateGameBody(GameCreatedSchema):
    """``POST /games``: the ``GameCreated`` fields but ``roster`` (each seat a player's
    roster id or a name, which the service turns into a roster id), an optional game
    ``id`` and ``event_id``."""

    class Meta:
        exclude = ("roster",)

    id = Uuid()
    event_id = Uuid()


class EventIn(Strict):
    id = Uuid()
    type = fields.String(required=True, validate=Length(1, 100))
    data = fields.Dict(required=True)


class AppendBody(Strict):
    expected_version = Int(0, MAX_VERSION, required=True)
    events = fields.List(fields.Nested(EventIn), required=True, validate=Length(1, MAX_EVENTS))


class PenaltyBody(Strict):
    """``POST /games/{id}/penalties``: rule the standard penalty of the audit finding at
    game version ``position``; ``reason`` and ``by`` default to words naming it."""

    expected_version = Int(0, MAX_VERSION, required=True)
    position = Int(1, MAX_VERSION, required=True)
    reason = Text(max_length=2000)
    by = Text()
    id = Uuid()


class GameFilterArgs(Strict):
    club = Club()
    player = fields.String(validate=Length(1, 200))
    profile = fields.String(validate=Length(1, 100))
    status = fields.String(validate=OneOf(STATUSES))
    from_ = Moment(data_key="from")
    to = Moment()


class ListGamesArgs(GameFilterArgs):
    after = fields.String(validate=Length(1, 200))
    limit = Count(1, 500, load_default=50)


class ExportArgs(GameFilterArgs):
    game = fields.List(Uuid(), validate=Length(1, 1000))


class EventsArgs(Strict):
    after = Count(0, MAX_VERSION, load_default=0)
    limit = Count(1, 1000, load_default=200)


class StateArgs(Strict):
    at = fields.String(validate=Length(1, 40))
    view = fields.String(validate=OneOf(VIEWS), load_default="public")
    seat = fields.String(validate=OneOf(("N", "E", "S", "W")))


class TimelineArgs(Strict):
    deal = Count(1, 10_000)


class FeedArgs(Strict):
    after = Count(0, MAX_POSITION, load_default=0)
    limit = Count(1, 1000, load_default=200)


class StreamArgs(Strict):
    after = Count(0, MAX_POSITION, load_default=0)
    timeout = Count(1, 300, load_default=30)


class NoArgs(Strict):
    """For endpoints without parameters: any parameter is refused."""


class Selection(Strict):
    """``POST /audits`` and ``POST /stats``: which games (every criterion optional, ANDed)."""

    games = fields.List(fields.UUID(), validate=Length(min=1, max=100_000))
    club = Club()
    players = fields.List(fields.String(validate=text(200)), validate=Length(min=1, max=100))
    profile = fields.String(validate=text(100))
    from_ = Moment(data_key="from")
    to = Moment()
    chunk_size = fields.Integer(validate=Range(1, 10_000))

    @validates_schema
    def _range(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "from_" in data and "to" in data and data["from_"] >= data["to"]:
            raise ValidationError("the date range is empty: 'to' must be after 'from'", "to")


class FindingArgs(Strict):
    game = fields.UUID()
    rule = fields.String(validate=text(100))
    player = fields.String(validate=text(200))
    severity = fields.String(validate=text(40))
    limit = Count(1, 1000, load_default=100)
    after = fields.String(validate=lambda cursor: _findings_cursor(cursor))


def _findings_cursor(cursor: str) -> None:
    """A findings cursor is ``<game id>:<seq>``, as the previous page's ``next`` gives."""
    game, _, seq = cursor.partition(":")
    try:
        UUID(game)
    except ValueError:
        raise ValidationError("not a cursor: use the 'next' link of the previous page") from None
    if not (seq.isascii() and seq.isdigit() and len(seq) <= 9):
        raise ValidationError("not a cursor: use the 'next' link of the previous page")


class StatsArgs(Strict):
    period = fields.String(load_default="all", validate=OneOf(["month", "year", "all"]))
    format = fields.String(load_default=None, validate=OneOf(["json", "csv"]))
    club = Club()
    profile = fields.String(validate=text(100))
    player = fields.String(validate=text(200))
    from_ = Moment(data_key="from")
    to = Moment()
    job = fields.UUID()
