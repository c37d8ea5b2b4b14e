"""marshmallow fields for the game's notation: seats, cards, trumps, bid values.

Each field accepts what :mod:`rules` parses (``"jh"``, ``"10H"``, ``" n "``) and
loads the canonical spelling (``"JH"``, ``"N"``), so stored events are uniform.
Numbers are strict: ``true`` or ``"90"`` is not an integer. Text refuses NUL and
lone surrogates, which PostgreSQL cannot store; names (players) are normalized and
refuse every control character.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields

from events.vocabulary.canonical import canonical_json, normalize
from rules.cards import card_name, parse_card
from rules.contract import CAPOT, TRUMP_HINT, parse_trump
from rules.errors import NotationError
from rules.names import IDENTIFIER, clean_name
from rules.seats import parse_seat

MAX_DOCUMENT_BYTES = 64 * 1024  # metadata, a profile document, a ruling
CLUB_ID = IDENTIFIER


def _notation(value: Any, what: str, longest: int = 8) -> None:
    """Refuse long strings before a parser echoes them back in its message."""
    if isinstance(value, str) and len(value) > longest:
        raise ValidationError(f"{value[:longest]!r}… ({len(value)} characters) is not {what}")


class SeatField(fields.Field[str]):
    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        _notation(value, "a seat")
        if not isinstance(value, str):
            raise ValidationError("a seat is one of the strings N, E, S, W")
        try:
            return parse_seat(value).name
        except NotationError as error:
            raise ValidationError(str(error)) from None


class CardField(fields.Field[str]):
    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        _notation(value, "a card")
        try:
            return card_name(parse_card(value))
        except NotationError as error:
            raise ValidationError(str(error)) from None


class TrumpField(fields.Field[str]):
    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        _notation(value, "a trump", longest=16)  # "tout-atouts", "sans atout"
        if not isinstance(value, str):
            raise ValidationError(f"a trump is a string: {TRUMP_HINT}")
        try:
            return parse_trump(value).name
        except NotationError as error:
            raise ValidationError(str(error)) from None


class Choice(fields.Field[str]):
    """One of a few short codes, case-insensitive, loaded upper case (a suit, a rank)."""

    def __init__(self, codes: str, what: str, aliases: Mapping[str, str] | None = None,
                 **kwargs: Any) -> None:  # fmt: skip
        super().__init__(**kwargs)
        self.codes, self.what, self.aliases = codes, what, dict(aliases or {})

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        _notation(value, self.what)
        code = value.strip().upper() if isinstance(value, str) else None
        code = self.aliases.get(code, code) if code is not None else None
        if code is None or len(code) != 1 or code not in self.codes:
            raise ValidationError(f"{self.what} is one of {' '.join(self.codes)}")
        return code


class Int(fields.Field[int]):
    """An integer in ``[low, high]``; booleans and numeric strings are refused."""

    def __init__(self, low: int, high: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.low, self.high = low, high

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValidationError(f"an integer is required, not {_kind(value)}")
        if not self.low <= value <= self.high:
            raise ValidationError(f"must be between {self.low} and {self.high}, not {value}")
        return value


class BidValueField(Int):
    """A bid: a number of points, or the string ``"capot"`` (all eight tricks)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(1, 1000, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if isinstance(value, str) and value.strip().lower() == CAPOT:
            return CAPOT
        if isinstance(value, str):
            raise ValidationError(f'a bid value is an integer or "capot", not {value[:12]!r}')
        return super()._deserialize(value, attr, data, **kwargs)


class Text(fields.Field[str]):
    """A string of 1 (or ``min_length``) to ``max_length`` characters."""

    def __init__(self, max_length: int = 200, min_length: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.min_length, self.max_length = min_length, max_length

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str):
            raise ValidationError(f"a string is required, not {_kind(value)}")
        if not self.min_length <= len(value) <= self.max_length:
            raise ValidationError(
                f"length must be between {self.min_length} and {self.max_length}, not {len(value)}"
            )
        return str(_json(value))


class Name(Text):
    """A person's or a club's chosen name: trimmed, NFC, no control or bidi override
    character (:func:`rules.names.clean_name`), then 1 to ``max_length`` characters."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str):
            raise ValidationError(f"a string is required, not {_kind(value)}")
        try:
            name = clean_name(value)
        except ValueError as error:
            raise ValidationError(str(error)) from None
        return super()._deserialize(name, attr, data, **kwargs)


class ClubId(fields.Field[str]):
    """A club id: lowercase letters, digits, ``.``, ``_`` or ``-`` (at most 63)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str:
        if not isinstance(value, str) or not CLUB_ID.match(value):
            raise ValidationError("a club id is lowercase letters, digits, '.', '_' or '-'")
        return value


class Document(fields.Field[dict[str, Any]]):
    """A free JSON object (metadata, a ruling, a profile document), at most 64 KiB."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise ValidationError(f"a JSON object is required, not {_kind(value)}")
        document: dict[str, Any] = _json(value)
        if len(canonical_json(document).encode()) > MAX_DOCUMENT_BYTES:
            raise ValidationError(f"larger than {MAX_DOCUMENT_BYTES} bytes")
        return document


class ProfileField(fields.Field[Any]):
    """A profile id (``"ffb"``) or a full profile document (checked later by the rules)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if isinstance(value, str):
            return Text(max_length=100)._deserialize(value, attr, data)
        if isinstance(value, dict):
            return Document()._deserialize(value, attr, data)
        raise ValidationError(
            f"a profile id (string) or a profile document (object), not {_kind(value)}"
        )


def _json(value: Any) -> Any:
    try:
        return normalize(value)
    except ValueError as error:
        raise ValidationError(str(error)) from None


def _kind(value: Any) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    names.update({list: "a list", dict: "an object", type(None): "null"})
    return names.get(type(value), type(value).__name__)
