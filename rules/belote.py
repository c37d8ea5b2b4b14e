"""Belote and rebelote: K and Q of trump in one hand, said in order as they are played.

A player holding the king and queen of trump says "belote" when playing the first
and "rebelote" when playing the second: 20 points to their team. Not said = not
scored. At TA up to four belotes (one per suit) where the profile allows; none at SA.

>>> from rules.cards import parse_card
>>> belote_suits(Trump.H, belote_at_ta=True)
(2,)
>>> pair(2) == (1 << parse_card("KH")) | (1 << parse_card("QH"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.actions import BeloteWord
from rules.cards import CardSet, card_label
from rules.contract import Trump
from rules.seats import Seat

BELOTE_POINTS = 20
KING, QUEEN = 6, 5


def pair(suit: int) -> CardSet:
    return (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN))


def belote_suits(trump: Trump, belote_at_ta: bool) -> tuple[int, ...]:
    """The suits whose K+Q make a belote under this contract."""
    if trump == Trump.SA:
        return ()
    if trump == Trump.TA:
        return (0, 1, 2, 3) if belote_at_ta else ()
    return (int(trump),)


@dataclass(frozen=True, slots=True)
class BeloteCheck:
    """Each word said, judged once the deal's hands are known."""

    seat: Seat
    word: BeloteWord
    card: int | None
    rule: str  # "" when the word is right
    detail: str


def judge_words(
    said: Sequence[tuple[Seat, BeloteWord, int | None]],
    dealt: Sequence[CardSet],
    trump: Trump,
    belote_at_ta: bool,
) -> tuple[list[BeloteCheck], list[tuple[Seat, int]]]:
    """Check every belote word of a deal; return the checks and the scored (seat, suit).

    ``said`` lists (seat, word, card played right after). A belote scores when the
    seat was dealt K and Q of a belote suit, said "belote" with the first of them and
    "rebelote" with the second.
    """
    suits = belote_suits(trump, belote_at_ta)
    checks: list[BeloteCheck] = []
    opened: dict[tuple[Seat, int], bool] = {}
    scored: list[tuple[Seat, int]] = []
    for seat, word, card in said:
        if not suits:
            why = "no belote at SA" if trump == Trump.SA else "no belote at TA here"
            checks.append(BeloteCheck(seat, word, card, "no-belote-here", why))
            continue
        if card is None:
            checks.append(
                BeloteCheck(
                    seat,
                    word,
                    card,
                    "belote-wrong-card",
                    f"{seat} said {word.value} and played no card after it",
                )
            )
            continue
        suit = card >> 3
        if suit not in suits or not (1 << card) & pair(suit):
            checks.append(
                BeloteCheck(
                    seat,
                    word,
                    card,
                    "belote-wrong-card",
                    f"{seat} said {word.value} with {card_label(card)}, "
                    "not the king or queen of trump",
                )
            )
            continue
        if dealt[seat] & pair(suit) != pair(suit):
            checks.append(
                BeloteCheck(
                    seat,
                    word,
                    card,
                    "belote-without-pair",
                    f"{seat} said {word.value} without holding both king and queen "
                    f"of {'♣♦♥♠'[suit]}",
                )
            )
            continue
        key = (seat, suit)
        if word is BeloteWord.BELOTE:
            if key in opened:
                checks.append(
                    BeloteCheck(
                        seat,
                        word,
                        card,
                        "belote-order",
                        f"{seat} said belote twice in {'♣♦♥♠'[suit]}",
                    )
                )
                continue
            opened[key] = True
        else:
            if key not in opened:
                checks.append(
                    BeloteCheck(
                        seat,
                        word,
                        card,
                        "belote-order",
                        f"{seat} said rebelote without belote first",
                    )
                )
                continue
            scored.append(key)
        checks.append(BeloteCheck(seat, word, card, "", ""))
    return checks, scored
