"""A seeded generator of plausible, legal games under any profile.

Players bid from hand strength (suit, SA and TA contracts where allowed), coinche
when the defence looks strong, sometimes try a capot, declare their announces and
belotes, and play with a simple heuristic (win cheaply, feed a partner who holds
the trick). Used by tests, benchmarks and the demo data.

>>> from rules.registry import find_profile
>>> g = generate_game(find_profile("ffb"), seed=7)
>>> g.final.over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.actions import (
    Action,
    AnnounceDeclared,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    Call,
    CardPlayed,
    Coinched,
    DealStarted,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.announces import best_announces
from rules.belote import belote_suits, pair
from rules.cards import SUIT_MASKS, Card, CardSet, iter_cards, mask_of
from rules.contract import CAPOT
from rules.deal import Deal, Phase
from rules.dealing import deal_hands
from rules.game import Game
from rules.order import table
from rules.play import winning_index
from rules.profiles import Profile
from rules.seats import Seat, seats_from
from rules.strength import estimate


@dataclass(frozen=True, slots=True)
class GeneratedGame:
    profile: Profile
    first_dealer: Seat
    target: int
    actions: tuple[Action, ...]
    final: Game


def generate_game(
    profile: Profile,
    seed: int,
    *,
    target: int | None = None,
    max_deals: int = 60,
    record_hands: bool | None = None,
    misdeal_rate: float = 0.01,
) -> GeneratedGame:
    """Play a whole game (until a team wins, or ``max_deals`` deals)."""
    rng = random.Random(seed)
    first = Seat(rng.randrange(4))
    game = Game.start(profile, first, target)
    actions: list[Action] = []
    deck = list(range(32))
    rng.shuffle(deck)
    while not game.over and len(game.records) < max_deals:
        deck = _next_deck(game, deck, rng)
        start = _deal_start(game, deck, rng, record_hands)
        actions.append(start)
        game = game.apply(start)
        hands = [mask_of(h) for h in start.hands or _hands_of(start, profile)]
        if rng.random() < misdeal_rate:
            misdeal = Misdeal(start.dealer)
            actions.append(misdeal)
            game = game.apply(misdeal)
            continue
        game = _play_deal(game, hands, rng, actions)
    return GeneratedGame(profile, first, game.target, tuple(actions), game)


def _next_deck(game: Game, deck: list[int], rng: random.Random) -> list[int]:
    if game.profile.shuffle:
        deck = deck[:]
        rng.shuffle(deck)
        return deck
    last = game.deal
    if last is not None and len(last.tricks) == 8:
        return [c for t in last.tricks for c in t.cards]
    return deck


def _deal_start(
    game: Game, deck: list[int], rng: random.Random, record_hands: bool | None
) -> DealStarted:
    p = game.profile
    dealer = game.next_dealer
    cut = rng.randint(p.cut_min_packet, 32 - p.cut_min_packet)
    packets = rng.choice(p.packets)
    order = (*seats_from(dealer, p.direction)[1:], dealer)
    hands = deal_hands(tuple(deck), cut, packets, order)
    keep = rng.random() < 0.5 if record_hands is None else record_hands
    return DealStarted(
        dealer,
        tuple(tuple(Card(c) for c in h) for h in hands),
        tuple(Card(c) for c in deck) if keep else None,
        cut if keep else None,
        packets if keep else None,
    )


def _hands_of(start: DealStarted, profile: Profile) -> list[tuple[Card, ...]]:
    raise AssertionError("the generator always deals hands")


def _play_deal(game: Game, hands: list[CardSet], rng: random.Random, actions: list[Action]) -> Game:
    while game.deal is not None and game.deal.phase is Phase.AUCTION:
        call = _choose_call(game.deal, hands, rng)
        actions.append(call)
        game = game.apply(call)
    deal = game.deal
    if deal is None or deal.phase is not Phase.PLAY:
        return game
    held = list(hands)
    while game.deal is not None and game.deal.phase is Phase.PLAY:
        deal = game.deal
        seat = deal.turn
        for extra in _declarations(deal, seat, hands[seat], held[seat], rng):
            actions.append(extra)
            game = game.apply(extra)
        deal = game.deal
        assert deal is not None
        card = _choose_card(deal, held[seat], rng)
        suits = (
            belote_suits(deal.contract.trump, deal.profile.belote_at_ta) if deal.contract else ()
        )
        for s in suits:
            if hands[seat] & pair(s) == pair(s) and pair(s) >> card & 1 and rng.random() < 0.95:
                word = BeloteWord.BELOTE if held[seat] & pair(s) == pair(s) else BeloteWord.REBELOTE
                said = BeloteDeclared(seat, word)
                actions.append(said)
                game = game.apply(said)
        play = CardPlayed(seat, Card(card))
        actions.append(play)
        held[seat] &= ~(1 << card)
        game = game.apply(play)
    return game


def _declarations(
    deal: Deal, seat: Seat, dealt: CardSet, held: CardSet, rng: random.Random
) -> list[Action]:
    if deal.tricks or not deal.profile.announces or deal.contract is None:
        return []
    if seat in deal.trick_seats or rng.random() < 0.1:
        return []
    found = best_announces(dealt, deal.contract.trump)
    return [AnnounceDeclared(seat, a.kind, tuple(iter_cards(a.cards))) for a in found]


def _choose_call(deal: Deal, hands: list[CardSet], rng: random.Random) -> Call:
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
        bid = _choose_bid(deal, hands[seat], seat, rng)
        if bid is not None and auction.judge(bid).legal:
            return bid
    return Passed(seat)


def _choose_bid(deal: Deal, hand: CardSet, seat: Seat, rng: random.Random) -> BidPlaced | None:
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


def _choose_card(deal: Deal, held: CardSet, rng: random.Random) -> int:
    legal = deal.legal_cards()
    assert legal, "the generator always knows the hands"
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


def suit_length(hand: CardSet, suit: int) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()
