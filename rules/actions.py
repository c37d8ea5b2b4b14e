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
from rules.contract import BidValue, Contract, Trump
from rules.seats import Seat


class AnnounceKind(StrEnum):
    """Ordinary announces (*annonces*): runs of 3/4/5+ cards and four of a kind."""

    TIERCE = "tierce"  # run of 3
    CINQUANTE = "cinquante"  # run of 4
    CENT = "cent"  # run of 5 or more
    CARRE = "carre"  # four of a kind (carré)


class ClaimTakes(StrEnum):
    ALL = "all"  # the claimer's side takes every remaining trick
    NONE = "none"  # the claimer's side concedes them all


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


@dataclass(frozen=True, slots=True)
class SummaryAnnounce:
    """An announce as a score sheet writes it: its kind and, for a suite, its suit and top
    card, for a carré its rank (ranks 0 to 7: 7 8 9 T J Q K A)."""

    seat: Seat
    kind: AnnounceKind
    height: int  # a suite's top card's rank; a carré's rank
    suit: int | None = None  # a suite's suit; None for a carré


@dataclass(frozen=True, slots=True)
class DealSummarized:
    """A whole deal as a paper score sheet holds it, instead of its auction and cards.

    ``contract`` None: all four passed. ``card_points`` are the points each team took in
    cards, the last trick's 10 included (162 in all; 252 for a capot, the last trick then
    worth 100; at tripot's TA the trump values, before scaling). ``belote`` lists the seat
    of each belote said; ``generale`` the player who took all 8 tricks alone."""

    dealer: Seat
    contract: Contract | None
    card_points: tuple[int, int]
    tricks: tuple[int, int] | None = None
    belote: tuple[Seat, ...] = ()
    announces: tuple[SummaryAnnounce, ...] = ()
    generale: Seat | None = None


@dataclass(frozen=True, slots=True)
class Claimed:
    """During the play, ``seat`` claims the remaining tricks for its side (``ALL``) or
    concedes them (``NONE``); ``belote`` names the seat of each belote declared at the
    claim (its king and queen both unplayed). See :mod:`rules.claims`."""

    seat: Seat
    takes: ClaimTakes
    belote: tuple[Seat, ...] = ()


Call = Passed | BidPlaced | Coinched | Surcoinched
Action = (
    DealStarted
    | Call
    | AnnounceDeclared
    | BeloteDeclared
    | CardPlayed
    | Misdeal
    | DealSummarized
    | Claimed
)
