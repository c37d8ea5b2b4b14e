"""Card order and card points for a contract's trump (RULES.md section 1 and SA/TA tables).

All tables are precomputed per (trump, TA point scheme) as tuples indexed by card,
so the play engine does no arithmetic on ranks at run time.

>>> from rules.cards import parse_card
>>> table(Trump.H).points[parse_card("JH")], table(Trump.H).points[parse_card("JS")]
(20, 2)
>>> table(Trump.SA).points[parse_card("AS")]
19
>>> sum(table(Trump.TA).points), sum(table(Trump.TA, TaPoints.SCALED).points)
(152, 248)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.cards import SUIT_MASKS, CardSet
from rules.contract import Trump
from rules.profiles import TaPoints

# Strength within a suit, indexed by Rank (7 8 9 T J Q K A).
TRUMP_ORDER = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A T K Q 8 7
PLAIN_ORDER = (0, 1, 2, 6, 3, 4, 5, 7)  # A T K Q J 9 8 7
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
SA_POINTS = (0, 0, 0, 10, 2, 3, 4, 19)
TA_POINTS = (0, 0, 9, 5, 13, 2, 3, 6)

LAST_TRICK_BONUS = 10
CAPOT_BONUS = 100


@dataclass(frozen=True, slots=True)
class OrderTable:
    """Per-card tables for one trump: strength, points, and 'cards that beat me'."""

    trump: Trump
    trump_mask: CardSet  # cards that are trump (all of them at TA, none at SA)
    strength: tuple[int, ...]  # order within the card's own suit (0..7)
    points: tuple[int, ...]
    beats: tuple[CardSet, ...]  # cards of the same suit stronger than this card
    deal_points: int  # card points of the whole deck (152, or 248 for scaled TA)


@cache
def table(trump: Trump, ta_points: TaPoints = TaPoints.REDUCED) -> OrderTable:
    strength: list[int] = []
    points: list[int] = []
    for c in range(32):
        suit, rank = divmod(c, 8)
        is_trump = trump == Trump.TA or trump == suit
        strength.append((TRUMP_ORDER if is_trump else PLAIN_ORDER)[rank])
        if trump == Trump.SA:
            points.append(SA_POINTS[rank])
        elif trump == Trump.TA:
            points.append(TA_POINTS[rank] if ta_points is TaPoints.REDUCED else TRUMP_POINTS[rank])
        else:
            points.append((TRUMP_POINTS if is_trump else PLAIN_POINTS)[rank])
    beats = []
    for c in range(32):
        suit = c // 8
        mask = 0
        for other in range(suit * 8, suit * 8 + 8):
            if strength[other] > strength[c]:
                mask |= 1 << other
        beats.append(mask)
    if trump == Trump.TA:
        trump_mask = (1 << 32) - 1
    elif trump == Trump.SA:
        trump_mask = 0
    else:
        trump_mask = SUIT_MASKS[trump]
    return OrderTable(trump, trump_mask, tuple(strength), tuple(points), tuple(beats), sum(points))
