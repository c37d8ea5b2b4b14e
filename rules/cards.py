"""Cards, suits and ranks of the 32-card deck, and sets of cards as bit masks.

A card is an ``int`` from 0 to 31 (``suit * 8 + rank``), written ``rank + suit``
as in ``JH`` (jack of hearts), ``TS`` (ten of spades), ``7C`` (seven of clubs).
A set of cards (a hand, the cards played) is an ``int`` bit mask, the python-chess
way: membership, union and "cards of this suit" are single integer operations,
which keeps legality checks fast enough to replay archives.

>>> parse_card("JH")
20
>>> card_name(parse_card("th"))
'TH'
>>> [card_name(c) for c in cards_of(mask_of([parse_card("7C"), parse_card("AS")]))]
['7C', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import NewType

from rules.errors import CardError, NotationError

Card = NewType("Card", int)
CardSet = int
"""A bit mask of cards: bit ``c`` is set when card ``c`` is in the set."""


class Suit(IntEnum):
    """The four suits, in the order of yeeqia's tie-break: clubs < diamonds < hearts < spades."""

    def __bool__(self) -> bool:
        return True  # N, NS, clubs and the 7 are 0: never let them read as False

    C = 0  # trèfle, clubs
    D = 1  # carreau, diamonds
    H = 2  # cœur, hearts
    S = 3  # pique, spades

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def english(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """The eight ranks in their natural sequence order (used for suites/runs)."""

    def __bool__(self) -> bool:
        return True  # N, NS, clubs and the 7 are 0: never let them read as False

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def letter(self) -> str:
        return RANK_LETTERS[self]

    @property
    def english(self) -> str:
        return ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")[self]


RANK_LETTERS = "789TJQKA"
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")

DECK: tuple[Card, ...] = tuple(Card(c) for c in range(32))
FULL_DECK: CardSet = (1 << 32) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(0xFF << (8 * s) for s in range(4))

_NAMES: tuple[str, ...] = tuple(RANK_LETTERS[c % 8] + SUIT_LETTERS[c // 8] for c in range(32))
_BY_NAME: dict[str, Card] = {name: Card(i) for i, name in enumerate(_NAMES)}
# Accept "10H" as well as "TH": paper sheets often write the ten that way.
_BY_NAME.update({"10" + name[1]: Card(i) for i, name in enumerate(_NAMES) if name[0] == "T"})


def card(rank: Rank, suit: Suit) -> Card:
    return Card(suit * 8 + rank)


def parse_card(text: str) -> Card:
    """Parse ``"JH"`` (case-insensitive; ``"10H"`` accepted) into a card.

    Raises :class:`~rules.errors.CardError` for anything else.
    """
    if not isinstance(text, str):
        raise CardError(f"a card is written as a string like 'JH', not {type(text).__name__}")
    found = _BY_NAME.get(text)  # the canonical form first: the fast path of a replay
    if found is None:
        found = _BY_NAME.get(text.strip().upper())
    if found is None:
        raise CardError(
            f"{text!r} is not a card: write rank then suit, ranks 7 8 9 T J Q K A, "
            "suits C D H S (e.g. 'JH', 'TS', '7C')"
        )
    return found


def card_name(c: int) -> str:
    """The project's notation of a card: ``'JH'``."""
    return _NAMES[c]


def card_label(c: int) -> str:
    """A human label with the suit symbol: ``'J♥'``, ``'10♠'``."""
    letter = RANK_LETTERS[c % 8]
    return ("10" if letter == "T" else letter) + SUIT_SYMBOLS[c // 8]


def card_words(c: int) -> str:
    """The card in words, for screen readers and arbiters: ``'jack of hearts'``."""
    return f"{Rank(c % 8).english} of {Suit(c // 8).english}"


def suit_of(c: int) -> Suit:
    return _SUITS[c >> 3]


def rank_of(c: int) -> Rank:
    return _RANKS[c & 7]


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)


def parse_suit(text: str) -> Suit:
    try:
        return Suit[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(f"{text!r} is not a suit: use C, D, H or S") from None


def mask_of(cards: Iterable[int]) -> CardSet:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: CardSet) -> list[Card]:
    """The cards of a mask, in deck order (clubs first, 7 to ace within a suit)."""
    return list(iter_cards(mask))


def iter_cards(mask: CardSet) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield Card(low.bit_length() - 1)
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def names(mask_or_cards: CardSet | Iterable[int]) -> list[str]:
    """Card names of a mask or of a sequence of cards (sequence order kept)."""
    if isinstance(mask_or_cards, int):
        return [_NAMES[c] for c in iter_cards(mask_or_cards)]
    return [_NAMES[c] for c in mask_or_cards]
