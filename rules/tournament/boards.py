"""Duplicate boards: the deals every table of a round plays, dealt once from the round's seed.

Board ``b`` of a round is the 32-card deck shuffled by ``random.Random(f"{seed}:{b}")``,
its 8-card quarters going to the seats from the dealer's next one in the direction of
play (a hand record does not depend on the packets). The dealer turns with the board
number the way the deal passes in the format's profile, so that a game played under it
deals board ``b`` at its deal ``b``: N, E, S, W clockwise (as on bridge boards), N, W, S,
E counter-clockwise (``ffb``). Board 1 is always dealt by North. The same seed and
direction always give the same boards, so a printed hand record can be checked against
the recorded seed.

>>> b = deal_boards(42, 2)
>>> [x.dealer for x in b], sorted(len(h) for h in b[0].hands.values())
(['N', 'E'], [8, 8, 8, 8])
>>> [x.dealer for x in deal_boards(42, 4, clockwise=False)]
['N', 'W', 'S', 'E']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.cards import DECK, card_name

SEATS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class DealtBoard:
    number: int
    dealer: str
    hands: dict[str, list[str]]


def deal_boards(seed: int, count: int, clockwise: bool = True) -> list[DealtBoard]:
    """``count`` boards from ``seed``; each hand sorted by suit then rank. ``clockwise``
    is the direction the deal passes in (False: counter-clockwise, N then W)."""
    step = 1 if clockwise else 3
    boards = []
    for number in range(1, count + 1):
        deck = list(DECK)
        random.Random(f"{seed}:{number}").shuffle(deck)
        dealer = step * (number - 1) % 4
        hands: dict[str, list[str]] = {}
        for i in range(4):
            seat = SEATS[(dealer + step * (1 + i)) % 4]
            hands[seat] = [card_name(c) for c in sorted(deck[8 * i : 8 * i + 8])]
        boards.append(DealtBoard(number, SEATS[dealer], {s: hands[s] for s in SEATS}))
    return boards
