"""Checked readers for decoding: each returns a typed value or raises :class:`CodecError`.

Decoded data comes from a table that anyone with write access could change, so
nothing is trusted: every field's type and range is checked before a value is
built (``bool`` is never taken for an ``int``), and the error names the place.

>>> seat(2, "dealer")
<Seat.S: 2>
>>> card(32, "card")
Traceback (most recent call last):
...
projections.codec.read.CodecError: card: 32 is not a card (0-31)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from rules.cards import Card
from rules.contract import TRUMPS, Trump
from rules.seats import SEATS, TEAMS, Seat, Team
from rules.verdict import Fact, Facts

T = TypeVar("T")
E = TypeVar("E", bound=Enum)
_CARDS = tuple(Card(c) for c in range(32))


class CodecError(ValueError):
    """Data that is not a valid encoding of a state (corrupt, foreign or of another format)."""


def fail(where: str, message: str) -> CodecError:
    return CodecError(f"{where}: {message}")


def integer(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise fail(where, f"expected an integer, got {type(value).__name__}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise fail(where, f"{value} is out of range")
    return value


def optional_int(value: Any, where: str, low: int | None = None) -> int | None:
    return None if value is None else integer(value, where, low)


def boolean(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise fail(where, f"expected true or false, got {type(value).__name__}")
    return value


def optional_bool(value: Any, where: str) -> bool | None:
    return None if value is None else boolean(value, where)


def text(value: Any, where: str) -> str:
    if type(value) is not str:
        raise fail(where, f"expected a string, got {type(value).__name__}")
    return value


def optional_text(value: Any, where: str) -> str | None:
    return None if value is None else text(value, where)


def facts(value: Any, where: str) -> Facts:
    """A rule's facts, encoded as ``[[name, value], ...]`` (a value is a string, a whole
    number or a list of strings)."""
    found: list[tuple[str, Fact]] = []
    for item in array(value, where):
        name, v = array(item, where, 2)
        if type(v) is list:
            found.append((text(name, where), tuple(text(x, where) for x in v)))
        elif type(v) is int:
            found.append((text(name, where), v))
        else:
            found.append((text(name, where), text(v, where)))
    return tuple(found)


def encode_facts(found: Facts) -> list[list[Any]]:
    return [[k, list(v) if isinstance(v, tuple) else v] for k, v in found]


def array(value: Any, where: str, length: int | None = None) -> list[Any]:
    if type(value) is not list:
        raise fail(where, f"expected an array, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise fail(where, f"expected {length} items, got {len(value)}")
    return value


def obj(value: Any, where: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    if type(value) is not dict:
        raise fail(where, f"expected an object, got {type(value).__name__}")
    if keys is not None and value.keys() != keys:
        extra, missing = sorted(value.keys() - keys), sorted(keys - value.keys())
        raise fail(where, f"unexpected keys {extra}, missing keys {missing}")
    return value


def items(value: Any, where: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
    """A tuple of the array's items, each read by ``read(item, where)``."""
    return tuple([read(v, where) for v in array(value, where)])


def pair(value: Any, where: str) -> tuple[int, int]:
    """A (NS, EW) pair of integers."""
    if type(value) is list and len(value) == 2:
        a, b = value
        if type(a) is int and type(b) is int:
            return a, b
    raise fail(where, f"{value!r} is not a pair of integers")


def seat(value: Any, where: str) -> Seat:
    if type(value) is int and 0 <= value <= 3:
        return SEATS[value]
    raise fail(where, f"{value!r} is not a seat (0-3)")


def optional_seat(value: Any, where: str) -> Seat | None:
    return None if value is None else seat(value, where)


def team(value: Any, where: str) -> Team | None:
    return None if value is None else TEAMS[integer(value, where, 0, 1)]


def card(value: Any, where: str) -> Card:
    if type(value) is not int or not 0 <= value < 32:
        raise fail(where, f"{value!r} is not a card (0-31)")
    return _CARDS[value]


def optional_card(value: Any, where: str) -> Card | None:
    return None if value is None else card(value, where)


def cards(value: Any, where: str) -> tuple[Card, ...]:
    return items(value, where, card)


def card_set(value: Any, where: str) -> int:
    return integer(value, where, 0, (1 << 32) - 1)


def choice(kind: type[E], value: Any, where: str) -> E:
    """A member of ``kind`` by its value."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise fail(where, f"{value!r} is not a {kind.__name__}") from None


def trump(value: Any, where: str) -> Trump:
    return TRUMPS[integer(value, where, 0, len(TRUMPS) - 1)]
