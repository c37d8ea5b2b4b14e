"""Trumps and contracts.

A contract names a trump (a suit, ``SA`` no-trump/*sans atout* or ``TA``
all-trump/*tout atout*), a value (a number of points, or capot: all eight tricks),
the taker and the coinche multiplier (1, 2 when coinched, 4 when surcoinched).

>>> Contract(taker=Seat.S, value=90, trump=Trump.H)
Contract(taker=<Seat.S: 2>, value=90, trump=<Trump.H: 2>, coinche=1)
>>> str(Contract(Seat.S, CAPOT, Trump.SA, 2))
'S capot SA coinched'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal

from rules.errors import N_, NotationError
from rules.seats import Seat, Team


class Trump(IntEnum):
    """The trump of a contract: a suit (same number as :class:`rules.cards.Suit`), SA or TA."""

    def __bool__(self) -> bool:
        return True  # N, NS, clubs and the 7 are 0: never let them read as False

    C = 0
    D = 1
    H = 2
    S = 3
    SA = 4  # sans atout, no trump
    TA = 5  # tout atout, all trump

    def __str__(self) -> str:
        return self.name

    @property
    def is_suit(self) -> bool:
        return self <= 3

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", " SA", " TA")[self]


TRUMPS: tuple[Trump, ...] = tuple(Trump)
SUIT_TRUMPS: tuple[Trump, ...] = (Trump.C, Trump.D, Trump.H, Trump.S)

CAPOT: Final = "capot"
BidValue = int | Literal["capot"]


_TRUMP_WORDS: Final[dict[str, Trump]] = {
    # the signs the pages show (white variants too)
    "♣": Trump.C, "♧": Trump.C, "♦": Trump.D, "♢": Trump.D,
    "♥": Trump.H, "♡": Trump.H, "♠": Trump.S, "♤": Trump.S,
    # the French names, with or without accents, singular or plural
    "trèfle": Trump.C, "trefle": Trump.C, "carreau": Trump.D, "carreaux": Trump.D, "cœur": Trump.H,
    "coeur": Trump.H, "pique": Trump.S, "sans-atout": Trump.SA, "tout-atout": Trump.TA,
}  # fmt: skip


def parse_trump(text: str) -> Trump:
    """A trump as a person types it: ``C D H S SA TA`` (any case), a suit sign
    (``♣ ♦ ♥ ♠``) or its French name (``trèfle``/``trefle``, ``carreau``, ``cœur``/``coeur``,
    ``pique``, ``sans-atout``, ``tout-atout``; any case, singular or plural, ``sans atout``
    with a space too). Always read as the one canonical :class:`Trump`.

    >>> parse_trump("♥"), parse_trump("Cœur"), parse_trump("sans atout"), parse_trump("ta")
    (<Trump.H: 2>, <Trump.H: 2>, <Trump.SA: 4>, <Trump.TA: 5>)
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a trump: {TRUMP_HINT}")
    word = unicodedata.normalize("NFC", text).replace("\ufe0f", "").strip()
    if word.upper() in Trump.__members__:
        return Trump[word.upper()]
    word = " ".join(word.casefold().split()).replace(" ", "-")
    found = _TRUMP_WORDS.get(word) or (
        _TRUMP_WORDS.get(word.removesuffix("s")) if len(word) > 2 else None
    )
    if found is None:
        raise NotationError(f"{text!r} is not a trump: {TRUMP_HINT}")
    return found


TRUMP_HINT: Final = N_(
    "use C, D, H, S, SA or TA, a suit sign (♣ ♦ ♥ ♠) or a French name "
    "(trèfle, carreau, cœur, pique, sans-atout, tout-atout)"
)  # the API words it in the reader's language (service/api/field_messages.py)


def bid_label(value: BidValue, trump: Trump) -> str:
    """``'90♥'``, ``'capot SA'``, ``'120 TA'``."""
    head = "capot" if value == CAPOT else str(value)
    return head + (" " + trump.name if not trump.is_suit or value == CAPOT else trump.symbol)


@dataclass(frozen=True, slots=True)
class Contract:
    taker: Seat
    value: BidValue
    trump: Trump
    coinche: int = 1

    @property
    def takers(self) -> Team:
        return self.taker.team

    @property
    def is_capot(self) -> bool:
        return self.value == CAPOT

    def __str__(self) -> str:
        level = {1: "", 2: " coinched", 4: " surcoinched"}[self.coinche]
        trump = self.trump.name
        return f"{self.taker} {self.value} {trump}{level}"
