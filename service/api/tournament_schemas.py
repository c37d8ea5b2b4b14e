"""The tournaments' request bodies and query strings, loaded at the edge (unknown fields
refused, every message naming its field). Whether a command may happen is decided by the
tournament rules after loading (:mod:`projections.tournament.decide`)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields
from marshmallow.validate import OneOf

from events.vocabulary.fields import Document, Int, Text
from service.api.schemas import Club, NoArgs, Strict, Uuid

__all__ = [
    "CorrectionBody", "CreateTournamentBody", "DrawBody", "LinkBody", "ListArgs", "NoArgs",
    "RegisterBody", "ResultBody", "StandingsArgs", "WithdrawBody",
]  # fmt: skip


class FormatField(fields.Field[Any]):
    """A format id (``"concours"``) or a format document (checked by the rules)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return Text(max_length=100)._deserialize(value, attr, data)
        return Document()._deserialize(value, attr, data)


class Points(Strict):
    NS = Int(0, 100000, required=True)
    EW = Int(0, 100000, required=True)


class CreateTournamentBody(Strict):
    name = Text(max_length=100, required=True)
    format = FormatField(load_default="concours")


class RegisterBody(Strict):
    name = Text(max_length=100, required=True)
    players = fields.List(Text(max_length=100), required=True)


class WithdrawBody(Strict):
    reason = Text(max_length=500, load_default=None, allow_none=True)


class DrawBody(Strict):
    seed = Int(0, 2**62, load_default=None, allow_none=True)


class LinkBody(Strict):
    game = Uuid(required=True)


class ResultBody(Strict):
    points = fields.Nested(Points, required=True)
    board = Int(1, 100, load_default=None, allow_none=True)


class CorrectionBody(ResultBody):
    reason = Text(max_length=500, required=True)


class ListArgs(Strict):
    club = Club()


class StandingsArgs(Strict):
    format = fields.String(validate=OneOf(["json", "csv"]))
