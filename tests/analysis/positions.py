"""Generated positions of the card play: a deal's last tricks, at any card of a trick."""

from __future__ import annotations

import random

from analysis.position import Position
from rules.cards import iter_cards
from rules.contract import Trump
from rules.profiles import Profile
from rules.seats import Seat


def endgame(
    rng: random.Random, profile: Profile, tricks: int, trump: Trump | None = None
) -> Position:
    """``tricks`` cards in each hand from a shuffled deck, then 0 to 3 legal cards
    played on the first of those tricks."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i in range(4):
        for c in deck[i * tricks : (i + 1) * tricks]:
            hands[i] |= 1 << c
    pos = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        (),
        Seat(rng.randrange(4)),
        trump if trump is not None else rng.choice(profile.trumps),
        profile,
    )
    for _ in range(rng.randrange(4)):
        pos = pos.play(rng.choice(list(iter_cards(pos.legal()))))[0]
    return pos


def full_deal(rng: random.Random, profile: Profile, trump: Trump, leader: Seat) -> Position:
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[8 * i : 8 * i + 8]) for i in range(4)]
    return Position((hands[0], hands[1], hands[2], hands[3]), (), leader, trump, profile)
