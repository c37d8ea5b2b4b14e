"""The generator's players: bid from hand strength, coinche, play a plausible card.

Simple heuristics, not strategy: enough for varied, believable games (suit, SA and
TA contracts, coinches, capots) in tests, benchmarks and demo data.
"""

from __future__ import annotations

import random

from rules.actions import BidPlaced, Call, Coinched, Passed, Surcoinched
from rules.cards import CardSet, iter_cards
from rules.contract import CAPOT
from rules.deal import Deal
from rules.order import table
from rules.play import winning_index
from rules.seats import Seat
from rules.simulation.strength import estimate


def choose_call(deal: Deal, hands: list[CardSet], rng: random.Random) -> Call:
    auction = deal.auction
    seat = auction.turn
    p = deal.profile
    standing = auction.bid
    if standing is not None and standing.seat.team != seat.team and auction.coinche == 1:
        mine = max(estimate(hands[seat], t) for t in p.trumps)
        value = 250 if standing.value == CAPOT else int(standing.value)
        if mine >= 90 and rng.random() < 0.08 + (value - 80) / 600:
            coinche = Coinched(seat)
            if auction.judge(coinche).legal:
                return coinche
    takers_turn = standing is not None and standing.seat.team == seat.team
    if auction.coinche == 2 and takers_turn and rng.random() < 0.15:
        return Surcoinched(seat)
    if auction.coinche == 1:
        bid = choose_bid(deal, hands[seat], seat, rng)
        if bid is not None and auction.judge(bid).legal:
            return bid
    return Passed(seat)


def choose_bid(deal: Deal, hand: CardSet, seat: Seat, rng: random.Random) -> BidPlaced | None:
    p = deal.profile
    scored = sorted(((estimate(hand, t) + rng.randint(-12, 12), t) for t in p.trumps), reverse=True)
    strength, trump = scored[0]
    standing = deal.auction.bid
    if standing is not None and standing.seat == seat.partner and standing.value != CAPOT:
        strength += 15
    if strength >= 150 and p.capot_bid and rng.random() < 0.3:
        return BidPlaced(seat, CAPOT, trump)
    value = int(strength) // 10 * 10
    if value < p.min_bid:
        if not (value + 10 >= p.min_bid and rng.random() < 0.3):
            return None
        value = p.min_bid
    if p.max_bid is not None:
        value = min(value, p.max_bid)
    if standing is not None:
        if standing.value == CAPOT:
            return None
        need = int(standing.value) + (
            0
            if p.same_value_higher_suit
            and trump.is_suit
            and standing.trump.is_suit
            and trump > standing.trump
            else 1
        )
        if value < need:
            return None
        value = max(
            need, (standing.value // p.bid_step + 1) * p.bid_step if need > standing.value else need
        )
    if not deal.auction.valid_value(value):
        value = max(p.min_bid, (value // p.bid_step + 1) * p.bid_step)
        if not deal.auction.valid_value(value):
            return None
    return BidPlaced(seat, value, trump)


def choose_card(deal: Deal, legal: CardSet, rng: random.Random) -> int:
    """A card among ``legal``: win cheaply, feed a partner who holds the trick."""
    options = list(iter_cards(legal))
    if len(options) == 1 or rng.random() < 0.25:
        return rng.choice(options)
    assert deal.contract is not None
    tab = table(deal.contract.trump, deal.profile.ta_points)
    if not deal.trick_cards:
        return max(options, key=lambda c: (tab.strength[c], rng.random()))
    seat = deal.turn
    win = winning_index(deal.trick_cards, tab)
    if deal.trick_seats[win] == seat.partner:
        return max(
            options,
            key=lambda c: (
                tab.points[c] if not tab.trump_mask >> c & 1 else -tab.points[c],
                rng.random(),
            ),
        )
    winners = [
        c for c in options if winning_index((*deal.trick_cards, c), tab) == len(deal.trick_cards)
    ]
    if winners:
        return min(
            winners,
            key=lambda c: (tab.strength[c] + (8 if tab.trump_mask >> c & 1 else 0), rng.random()),
        )
    return min(options, key=lambda c: (tab.points[c], tab.strength[c], rng.random()))
