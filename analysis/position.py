"""A point of the card play with every hand known: what the solver is asked about.

A :class:`Position` holds the cards each seat still holds, the cards on the table
(in the order they were played), the seat to play, the trump and the profile. It
plays a card (:meth:`Position.play`) the way :class:`rules.deal.Deal` does, with the
legal cards of :func:`rules.play.legal_cards`, so the solver and the rules share one
definition of a legal card.

>>> from rules.cards import mask_of, parse_cards
>>> from rules.registry import find_profile
>>> hands = tuple(mask_of(parse_cards(h)) for h in (["JH"], ["7S"], ["AS"], ["8S"]))
>>> p = Position(hands, (), Seat.N, Trump.H, find_profile("ffb"))
>>> p.remaining_points()
41
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.cards import Card, CardSet, iter_cards
from rules.contract import Trump
from rules.deal import Deal
from rules.order import LAST_TRICK_BONUS, OrderTable, table
from rules.play import legal_cards, winning_index
from rules.profiles import Profile, TaPoints
from rules.seats import Seat, next_seat


class PositionError(ValueError):
    """The cards given do not make a position of a deal (a card twice, uneven hands...)."""


@dataclass(frozen=True, slots=True)
class Encoding:
    """The solver's card encoding for one trump: ``suit * 8 + strength``."""

    inner: tuple[int, ...]  # rules card -> solver card
    outer: tuple[int, ...]  # solver card -> rules card
    points: tuple[int, ...]  # card points, by solver card


@cache
def encoding(trump: Trump, ta_points: TaPoints) -> Encoding:
    tab = table(trump, ta_points)
    inner = tuple((c >> 3) * 8 + tab.strength[c] for c in range(32))
    outer = [0] * 32
    for c, i in enumerate(inner):
        outer[i] = c
    return Encoding(inner, tuple(outer), tuple(tab.points[c] for c in outer))


def inner_mask(mask: CardSet, enc: Encoding) -> int:
    out = 0
    for c in iter_cards(mask):
        out |= 1 << enc.inner[c]
    return out


def outer_mask(mask: int, enc: Encoding) -> CardSet:
    out = 0
    for i in iter_cards(mask):
        out |= 1 << enc.outer[i]
    return out


@dataclass(frozen=True, slots=True)
class Position:
    hands: tuple[CardSet, CardSet, CardSet, CardSet]  # cards still held, N E S W
    trick: tuple[tuple[Seat, Card], ...]  # the cards on the table, in playing order
    turn: Seat
    trump: Trump
    profile: Profile

    def __post_init__(self) -> None:
        seen = 0
        for h in self.hands:
            if h & seen or not 0 <= h < 1 << 32:
                raise PositionError("a card is held twice, or is not a card")
            seen |= h
        for _s, c in self.trick:
            if seen >> c & 1:
                raise PositionError("a card on the table is still in a hand")
            seen |= 1 << c
        if len(self.trick) > 3:
            raise PositionError("a trick on the table has at most three cards")
        if self.trump not in self.profile.trumps:
            raise PositionError(f"{self.profile.id} does not play {self.trump.name} contracts")
        order = [self.turn]
        for _ in range(3):
            order.append(next_seat(order[-1], self.profile.direction))
        on_table = [s for s, _c in self.trick]
        played_before = order[4 - len(on_table) :] if on_table else []
        if on_table != played_before:
            raise PositionError("the cards on the table are not in playing order before the turn")
        counts = [
            h.bit_count() + (1 if s in on_table else 0)
            for s, h in zip(Seat, self.hands, strict=True)
        ]
        if len(set(counts)) != 1:
            raise PositionError("the hands do not hold the same number of cards for the trick")

    @classmethod
    def of_deal(cls, deal: Deal) -> Position:
        """The position of a deal in play whose hands are known (recorded, or deal over)."""
        if deal.contract is None or deal.over:
            raise PositionError("the deal is not in its card play")
        held = [deal.held(s) for s in Seat]
        if any(h is None for h in held):
            raise PositionError("the hands of this deal were not recorded")
        hands = (held[0] or 0, held[1] or 0, held[2] or 0, held[3] or 0)
        trick = tuple(zip(deal.trick_seats, deal.trick_cards, strict=True))
        return cls(hands, trick, deal.turn, deal.contract.trump, deal.profile)

    @property
    def order(self) -> OrderTable:
        return table(self.trump, self.profile.ta_points)

    @property
    def done(self) -> bool:
        return not any(self.hands) and not self.trick

    def remaining_points(self) -> int:
        """Card points still to be won: the hands, the table, and the last-trick bonus."""
        pts = self.order.points
        total = sum(pts[c] for h in self.hands for c in iter_cards(h))
        total += sum(pts[c] for _s, c in self.trick)
        return total + (LAST_TRICK_BONUS if not self.done else 0)

    def remaining_tricks(self) -> int:
        return self.hands[self.turn].bit_count()

    def legal(self) -> CardSet:
        seats = [s for s, _c in self.trick]
        cards = [c for _s, c in self.trick]
        hand = self.hands[self.turn]
        return legal_cards(hand, seats, cards, self.turn, self.trump, self.profile)

    def play(self, card: Card) -> tuple[Position, tuple[int, int], tuple[int, int]]:
        """The position after ``card``, with the points and tricks each team won by it
        (non-zero when it ends a trick)."""
        if not self.legal() >> card & 1:
            raise PositionError(f"card {card} is not a legal card of {self.turn} here")
        hands = list(self.hands)
        hands[self.turn] &= ~(1 << card)
        trick = (*self.trick, (self.turn, card))
        h4 = (hands[0], hands[1], hands[2], hands[3])
        if len(trick) < 4:
            nxt = next_seat(self.turn, self.profile.direction)
            return Position(h4, trick, nxt, self.trump, self.profile), (0, 0), (0, 0)
        tab = self.order
        cards = [c for _s, c in trick]
        winner = trick[winning_index(cards, tab)][0]
        won = sum(tab.points[c] for c in cards)
        if not any(hands):
            won += LAST_TRICK_BONUS
        points = (won, 0) if winner.team == 0 else (0, won)
        tricks = (1, 0) if winner.team == 0 else (0, 1)
        return Position(h4, (), winner, self.trump, self.profile), points, tricks
