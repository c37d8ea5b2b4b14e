"""A rough estimate of what a hand can bid in a given trump (used by the generator).

>>> from rules.cards import parse_cards, mask_of
>>> strong = mask_of(parse_cards(["JH", "9H", "AH", "TH", "AS", "AC", "7D", "8D"]))
>>> estimate(strong, Trump.H) > estimate(strong, Trump.S)
True
"""

from __future__ import annotations

from functools import lru_cache

from rules.cards import CardSet
from rules.contract import Trump

_TRUMP_WORTH = (2, 3, 14, 8, 20, 5, 6, 11)  # 7 8 9 T J Q K A as trumps
_PLAIN_WORTH = (0, 0, 0, 3, 1, 1, 2, 11)
_SA_WORTH = (0, 0, 0, 6, 1, 2, 3, 19)


def _by_pattern(worth: tuple[int, ...]) -> tuple[int, ...]:
    """The worth of each of the 256 sets of one suit's ranks (bit r: rank r held)."""
    return tuple(sum(worth[r] for r in range(8) if bits >> r & 1) for bits in range(256))


_TRUMP_SUIT, _PLAIN_SUIT, _SA_SUIT = map(_by_pattern, (_TRUMP_WORTH, _PLAIN_WORTH, _SA_WORTH))


@lru_cache(maxsize=4096)  # a hand is weighed again at each of its seat's calls
def estimate(hand: CardSet, trump: Trump) -> float:
    """Expected contract value for the hand's team (partner's help included)."""
    suits = [(hand >> (8 * suit)) & 0xFF for suit in range(4)]
    worth = 0.0
    if trump == Trump.SA:
        for bits in suits:
            worth += _SA_SUIT[bits]
        return 40 + worth * 1.2
    if trump == Trump.TA:
        for bits in suits:
            worth += _TRUMP_SUIT[bits] * 0.6
        return 45 + worth * 1.1
    trumps = suits[trump]
    worth = _TRUMP_SUIT[trumps] + 9 * max(0, trumps.bit_count() - 2)
    for suit, bits in enumerate(suits):
        if suit != trump:
            worth += _PLAIN_SUIT[bits]
    return 35 + worth * 1.1
