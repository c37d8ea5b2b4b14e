"""A rough estimate of what a hand can bid in a given trump (used by the generator).

>>> from rules.cards import parse_cards, mask_of
>>> strong = mask_of(parse_cards(["JH", "9H", "AH", "TH", "AS", "AC", "7D", "8D"]))
>>> estimate(strong, Trump.H) > estimate(strong, Trump.S)
True
"""

from __future__ import annotations

from rules.cards import SUIT_MASKS, CardSet
from rules.contract import Trump

_TRUMP_WORTH = (2, 3, 14, 8, 20, 5, 6, 11)  # 7 8 9 T J Q K A as trumps
_PLAIN_WORTH = (0, 0, 0, 3, 1, 1, 2, 11)
_SA_WORTH = (0, 0, 0, 6, 1, 2, 3, 19)


def estimate(hand: CardSet, trump: Trump) -> float:
    """Expected contract value for the hand's team (partner's help included)."""
    worth = 0.0
    if trump == Trump.SA:
        for suit in range(4):
            bits = (hand & SUIT_MASKS[suit]) >> (8 * suit)
            worth += sum(_SA_WORTH[r] for r in range(8) if bits >> r & 1)
        return 40 + worth * 1.2
    if trump == Trump.TA:
        for suit in range(4):
            bits = (hand & SUIT_MASKS[suit]) >> (8 * suit)
            worth += sum(_TRUMP_WORTH[r] for r in range(8) if bits >> r & 1) * 0.6
        return 45 + worth * 1.1
    trumps = (hand & SUIT_MASKS[trump]) >> (8 * trump)
    length = trumps.bit_count()
    worth = sum(_TRUMP_WORTH[r] for r in range(8) if trumps >> r & 1) + 9 * max(0, length - 2)
    for suit in range(4):
        if suit != trump:
            bits = (hand & SUIT_MASKS[suit]) >> (8 * suit)
            worth += sum(_PLAIN_WORTH[r] for r in range(8) if bits >> r & 1)
    return 35 + worth * 1.1
