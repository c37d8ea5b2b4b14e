"""One deal as a frozen value: the auction, then eight tricks.

:meth:`Deal.apply` returns the next deal state; it never judges (see
:mod:`rules.judge`), so a ``record``-mode log that broke a rule still replays. When
the hands were recorded at the start they are checked as cards are played; when
not, a complete deal reveals them (every seat's hand is the cards it played).

>>> from rules.registry import find_profile
>>> d = Deal.start(find_profile("ffb"), number=1, dealer=Seat.N)
>>> d.phase, d.turn
(<Phase.AUCTION: 'auction'>, <Seat.W: 3>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from rules.actions import (
    Action,
    AnnounceDeclared,
    AnnounceKind,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    CardPlayed,
    Coinched,
    Passed,
    Surcoinched,
)
from rules.auction import Auction
from rules.cards import Card, CardSet
from rules.contract import Contract, Trump
from rules.order import LAST_TRICK_BONUS, OrderTable, table
from rules.play import legal_with
from rules.profiles import Profile
from rules.seats import Direction, Seat, next_seat


class Phase(StrEnum):
    AUCTION = "auction"
    PLAY = "play"
    DONE = "done"  # 32 cards played
    VOID = "void"  # all four passed


@dataclass(frozen=True, slots=True)
class Trick:
    leader: Seat
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat
    points: int  # card points, without the last-trick bonus


@dataclass(frozen=True, slots=True)
class Declared:
    """An announce as declared, before any check against the hand."""

    seat: Seat
    kind: AnnounceKind
    cards: tuple[Card, ...]
    trick: int  # index of the trick being played when declared (0: the first)
    in_time: bool  # declared in the first trick, just before the seat's own card


@dataclass(frozen=True, slots=True)
class BeloteSaid:
    seat: Seat
    word: BeloteWord
    card: Card | None  # the card played right after the word (None until played)


class Deal(NamedTuple):
    """The state of one deal (an immutable named tuple: cheap to copy on every event)."""

    profile: Profile
    number: int
    dealer: Seat
    phase: Phase
    turn: Seat
    auction: Auction
    contract: Contract | None = None
    hands: tuple[CardSet, ...] | None = None  # as dealt, when recorded
    played: tuple[CardSet, ...] = (0, 0, 0, 0)  # cards each seat has played
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    declared: tuple[Declared, ...] = ()
    belotes: tuple[BeloteSaid, ...] = ()
    order: OrderTable | None = None  # the contract's card order and points
    nexts: tuple[Seat, ...] = ()  # the seat after each seat, in the profile's direction
    best: int = -1  # index in the trick of the card holding it (-1: no card yet)

    @classmethod
    def start(
        cls,
        profile: Profile,
        number: int,
        dealer: Seat,
        hands: tuple[CardSet, ...] | None = None,
    ) -> Deal:
        auction = Auction.start(profile, dealer)
        nexts = _NEXTS[profile.direction]
        return cls(
            profile, number, dealer, Phase.AUCTION, auction.turn, auction, hands=hands, nexts=nexts
        )

    # -- reading ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase in _OVER

    @property
    def trump(self) -> Trump | None:
        return self.contract.trump if self.contract else None

    @property
    def all_played(self) -> CardSet:
        p = self.played
        return p[0] | p[1] | p[2] | p[3]

    def held(self, seat: Seat) -> CardSet | None:
        """Cards ``seat`` still holds, when the hands are known (recorded, or deal over)."""
        if self.hands is not None:
            return self.hands[seat] & ~self.played[seat]
        if self.phase is Phase.DONE:
            return 0
        return None

    def dealt(self, seat: Seat) -> CardSet | None:
        """The hand as dealt: recorded, or revealed once all 32 cards are played."""
        if self.hands is not None:
            return self.hands[seat]
        if self.phase is Phase.DONE:
            return self.played[seat]
        return None

    def legal_cards(self) -> CardSet | None:
        """Cards the seat to play may play now; None when its hand is unknown."""
        if self.phase is not Phase.PLAY or self.contract is None:
            return 0
        hand = self.held(self.turn)
        if hand is None:
            return None
        assert self.order is not None
        return legal_with(
            hand,
            self.trick_seats,
            self.trick_cards,
            self.turn,
            self.order,
            self.profile,
            self.best,
        )

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (9 once the deal is done)."""
        return len(self.tricks) + 1

    # -- applying -----------------------------------------------------------------------------
    def apply(self, action: Action) -> Deal:
        """The deal after ``action`` (applied even if it broke a rule)."""
        kind = type(action)
        if kind is CardPlayed:
            return self._play(action.seat, action.card)  # type: ignore[union-attr]
        if kind in _CALLS:
            return self._call(action)  # type: ignore[arg-type]
        if isinstance(action, AnnounceDeclared):
            in_time = (
                not self.tricks
                and action.seat == self.turn
                and self.phase is Phase.PLAY
                and action.seat not in self.trick_seats
            )
            item = Declared(action.seat, action.kind, action.cards, len(self.tricks), in_time)
            return self._replace(declared=(*self.declared, item))
        if isinstance(action, BeloteDeclared):
            said = BeloteSaid(action.seat, action.word, None)
            return self._replace(belotes=(*self.belotes, said))
        raise TypeError(f"a deal does not apply {type(action).__name__}")

    def _call(self, call: Passed | BidPlaced | Coinched | Surcoinched) -> Deal:
        auction = self.auction.apply(call)
        if not auction.closed:
            return Deal(
                self.profile,
                self.number,
                self.dealer,
                self.phase,
                auction.turn,
                auction,
                None,
                self.hands,
                self.played,
                (),
                (),
                (),
                (),
                (),
                None,
                self.nexts,
            )
        if auction.bid is None:
            return self._replace(auction=auction, phase=Phase.VOID)
        contract = auction.contract()
        assert contract is not None
        return self._replace(
            auction=auction,
            phase=Phase.PLAY,
            contract=contract,
            turn=self.nexts[self.dealer],
            order=table(contract.trump, self.profile.ta_points),
        )

    def _play(self, seat: Seat, card: Card) -> Deal:
        p0, p1, p2, p3 = self.played
        bit = 1 << card
        if seat == 0:
            played = (p0 | bit, p1, p2, p3)
        elif seat == 1:
            played = (p0, p1 | bit, p2, p3)
        elif seat == 2:
            played = (p0, p1, p2 | bit, p3)
        else:
            played = (p0, p1, p2, p3 | bit)
        belotes = self.belotes
        if belotes and belotes[-1].seat == seat and belotes[-1].card is None:
            last = belotes[-1]
            belotes = (*belotes[:-1], BeloteSaid(last.seat, last.word, card))
        seats = (*self.trick_seats, seat)
        cards = (*self.trick_cards, card)
        best = self.best
        tab = self.order
        assert tab is not None
        if best < 0:
            best = 0
        else:  # does the new card take the trick from the best one so far?
            top = cards[best]
            if (card >> 3 == top >> 3 and tab.strength[card] > tab.strength[top]) or (
                card >> 3 == tab.trump and top >> 3 != tab.trump
            ):
                best = len(cards) - 1
        if len(cards) < 4:
            # tuple.__new__ skips the named tuple's Python-level __new__: this is the
            # hottest line of a replay.
            return _new(
                Deal,
                (
                    self.profile,
                    self.number,
                    self.dealer,
                    self.phase,
                    self.nexts[seat],
                    self.auction,
                    self.contract,
                    self.hands,
                    played,
                    seats,
                    cards,
                    self.tricks,
                    self.declared,
                    belotes,
                    tab,
                    self.nexts,
                    best,
                ),
            )
        winner = seats[best]
        points = tab.points
        trick = Trick(
            seats[0],
            seats,
            cards,
            winner,
            points[cards[0]] + points[cards[1]] + points[cards[2]] + points[cards[3]],
        )
        tricks = (*self.tricks, trick)
        phase = Phase.DONE if len(tricks) == 8 else Phase.PLAY
        return Deal(
            self.profile,
            self.number,
            self.dealer,
            phase,
            winner,
            self.auction,
            self.contract,
            self.hands,
            played,
            (),
            (),
            tricks,
            self.declared,
            belotes,
            tab,
            self.nexts,
            -1,
        )

    def card_points(self) -> tuple[int, int]:
        """Card points won by NS and EW, with the last-trick bonus (no capot bonus)."""
        won = [0, 0]
        for t in self.tricks:
            won[t.winner & 1] += t.points
        if len(self.tricks) == 8:
            won[self.tricks[-1].winner & 1] += LAST_TRICK_BONUS
        return won[0], won[1]


_CALLS = (Passed, BidPlaced, Coinched, Surcoinched)
_OVER = frozenset((Phase.DONE, Phase.VOID))
_new = tuple.__new__
_NEXTS = {d: tuple(next_seat(s, d) for s in Seat) for d in Direction}
