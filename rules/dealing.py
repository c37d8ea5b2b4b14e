"""The dealing procedure: dealer rotation, the cut, the packets, the deck.

Recording the deck order, the cut and the packets is optional; when they are
recorded they are checked: the cut leaves at least ``cut_min_packet`` cards in each
packet, the packets follow one of the profile's patterns, and the hands are what
dealing the cut deck in those packets gives, starting at the dealer's next seat.
"""

from __future__ import annotations

from rules.actions import DealStarted
from rules.cards import card_name
from rules.game import Game
from rules.seats import Direction, seats_from
from rules.verdict import LEGAL, Verdict, breach


def deal_hands(
    deck: tuple[int, ...], cut: int, packets: tuple[int, ...], order: tuple[int, ...]
) -> list[list[int]]:
    """Hands (indexed by seat) from dealing ``deck`` after lifting ``cut`` cards, each
    round of ``packets`` going to the seats in ``order``."""
    cards = list(deck[cut:] + deck[:cut])
    hands: list[list[int]] = [[], [], [], []]
    i = 0
    for size in packets:
        for seat in order:
            hands[seat].extend(cards[i : i + size])
            i += size
    return hands


def judge_dealing(game: Game, action: DealStarted) -> Verdict:
    p = game.profile
    if action.dealer != game.next_dealer:
        return breach("wrong-dealer", seat=action.dealer.name, turn=game.next_dealer.name)
    if action.packets is not None and action.packets not in p.packets:
        allowed = tuple("-".join(map(str, x)) for x in p.packets)
        got = "-".join(map(str, action.packets))
        return breach("deal-packets", seat=action.dealer.name, packets=got, allowed=allowed)
    if action.cut is not None and not p.cut_min_packet <= action.cut <= 32 - p.cut_min_packet:
        return breach("cut-too-small", cut=action.cut, min=p.cut_min_packet)
    mismatch = _mismatch(action, p.direction)
    if mismatch:
        return breach("deal-mismatch", seat=action.dealer.name, cards=mismatch)
    if not p.shuffle and action.deck is not None and game.deal is not None:
        previous = game.deal.tricks
        if len(previous) == 8:
            blocks = {frozenset(action.deck[i : i + 4]) for i in range(0, 32, 4)}
            if blocks != {frozenset(t.cards) for t in previous}:
                return breach("deck-shuffled", seat=action.dealer.name)
    return LEGAL


def _mismatch(action: DealStarted, direction: Direction) -> tuple[str, ...]:
    """A few cards that are not where the recorded deck, cut and packets put them."""
    deck, hands, cut, packets = action.deck, action.hands, action.cut, action.packets
    if deck is None or hands is None or cut is None or packets is None:
        return ()
    order = (*seats_from(action.dealer, direction)[1:], action.dealer)
    dealt = deal_hands(deck, cut, packets, order)
    for seat, hand in enumerate(hands):
        extra = sorted(set(hand) - set(dealt[seat]))
        if extra:
            return tuple(card_name(c) for c in extra[:3])
    return ()
