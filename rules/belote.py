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
from rules.cards import CardSet, card_name
from rules.contract import Trump
from rules.seats import Seat
from rules.verdict import Facts, facts

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
    facts: Facts


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
    opened: set[tuple[Seat, int]] = set()
    scored: list[tuple[Seat, int]] = []
    for seat, word, card in said:
        rule, found = _problem(seat, word, card, trump, suits, dealt, opened)
        checks.append(BeloteCheck(seat, word, card, rule, found))
        if rule or card is None:
            continue
        key = (seat, card >> 3)
        if word is BeloteWord.BELOTE:
            opened.add(key)
        else:
            scored.append(key)
    return checks, scored


def _problem(
    seat: Seat,
    word: BeloteWord,
    card: int | None,
    trump: Trump,
    suits: tuple[int, ...],
    dealt: Sequence[CardSet],
    opened: set[tuple[Seat, int]],
) -> tuple[str, Facts]:
    """(rule, facts) of what is wrong with one word, ("", ()) when it is right."""
    said = facts(seat=seat.name, word=word.value, trump=trump.name)
    if not suits:
        return "no-belote-here", said
    if card is None:
        return "belote-wrong-card", said
    suit = card >> 3
    if suit not in suits or not (1 << card) & pair(suit):
        return "belote-wrong-card", (*said, ("card", card_name(card)))
    if dealt[seat] & pair(suit) != pair(suit):
        return "belote-without-pair", (*said, ("suit", "CDHS"[suit]))
    if word is BeloteWord.BELOTE and (seat, suit) in opened:
        return "belote-order", (*said, ("suit", "CDHS"[suit]))
    if word is BeloteWord.REBELOTE and (seat, suit) not in opened:
        return "belote-order", said
    return "", ()
