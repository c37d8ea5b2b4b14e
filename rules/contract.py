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

from dataclasses import dataclass
from enum import IntEnum
from typing import Final, Literal

from rules.errors import NotationError
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


def parse_trump(text: str) -> Trump:
    try:
        return Trump[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(f"{text!r} is not a trump: use C, D, H, S, SA or TA") from None


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
