"""The facts of the table that the rules judge and apply, one frozen record each.

They carry the names of the public event vocabulary (``BidPlaced``,
``CardPlayed``…); :mod:`events` maps the wire form and log-level events
(game creation, voids, rulings) onto them. Values are typed (``Seat``, card ints,
``Trump``), never strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.cards import Card
from rules.contract import BidValue, Trump
from rules.seats import Seat


class AnnounceKind(StrEnum):
    """Ordinary announces (*annonces*): runs of 3/4/5+ cards and four of a kind."""

    TIERCE = "tierce"  # run of 3
    CINQUANTE = "cinquante"  # run of 4
    CENT = "cent"  # run of 5 or more
    CARRE = "carre"  # four of a kind (carré)


class BeloteWord(StrEnum):
    BELOTE = "belote"
    REBELOTE = "rebelote"


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A new deal. ``hands`` (seat → 8 cards) and the dealing procedure are optional."""

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...] | None = None  # indexed by Seat
    deck: tuple[Card, ...] | None = None  # 32 cards, top first, before the cut
    cut: int | None = None  # number of cards lifted
    packets: tuple[int, ...] | None = None  # e.g. (3, 2, 3)


@dataclass(frozen=True, slots=True)
class Passed:
    seat: Seat


@dataclass(frozen=True, slots=True)
class BidPlaced:
    seat: Seat
    value: BidValue
    trump: Trump


@dataclass(frozen=True, slots=True)
class Coinched:
    """Double (*coinche*, *contre*)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Surcoinched:
    """Redouble (*surcoinche*, *surcontre*)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AnnounceDeclared:
    seat: Seat
    kind: AnnounceKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BeloteDeclared:
    seat: Seat
    word: BeloteWord


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Misdeal:
    """A misdeal (*maldonne*) by ``seat``, the dealer at fault, instead of the auction."""

    seat: Seat


Call = Passed | BidPlaced | Coinched | Surcoinched
Action = DealStarted | Call | AnnounceDeclared | BeloteDeclared | CardPlayed | Misdeal
