"""A seeded generator of plausible, legal games under any profile.

Players bid from hand strength (suit, SA and TA contracts where allowed), coinche
when the defence looks strong, sometimes try a capot, declare their announces and
belotes, and play with a simple heuristic (:mod:`rules.simulation.players`). Hands
are always dealt from a deck (cut and packets); whether the log records them is a
choice, as at a real table. ``breaches`` makes players revoke now and then (an illegal card
whenever one is in hand), for audit tests; each one is listed in ``injected``.

>>> from rules.registry import find_profile
>>> g = generate_game(find_profile("ffb"), seed=7)
>>> g.final.over, g.injected
(True, ())
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.actions import (
    Action,
    AnnounceDeclared,
    BeloteDeclared,
    BeloteWord,
    CardPlayed,
    Claimed,
    ClaimTakes,
    DealStarted,
    Misdeal,
)
from rules.announces import best_announces
from rules.belote import belote_suits, pair
from rules.cards import Card, CardSet, iter_cards, mask_of
from rules.deal import Deal, Phase
from rules.dealing import deal_hands
from rules.game import Game
from rules.play import legal_with, why_required
from rules.profiles import Profile
from rules.scoring import score_deal
from rules.seats import Seat, seats_from
from rules.simulation.players import choose_call, choose_card
from rules.summary import summarize


@dataclass(frozen=True, slots=True)
class GeneratedGame:
    profile: Profile
    first_dealer: Seat
    target: int
    actions: tuple[Action, ...]
    final: Game
    injected: tuple[tuple[int, str], ...] = ()  # (index in actions, rule) of each revoke
    deals: int | None = None  # a fixed-length game's number of deals


def generate_game(
    profile: Profile,
    seed: int,
    *,
    target: int | None = None,
    deals: int | None = None,
    max_deals: int = 60,
    record_hands: bool | None = None,
    misdeal_rate: float = 0.01,
    breaches: float = 0.0,
    summaries: float = 0.0,
    claims: float = 0.0,
) -> GeneratedGame:
    """Play a whole game (until a team wins, or ``max_deals`` deals; with ``deals``, a
    fixed-length game of that many deals).

    ``record_hands``: True/False to always/never record the hands in ``DealStarted``,
    None to choose at random per deal. ``summaries``: the chance that a deal, once played,
    is recorded as a score-only ``DealSummarized`` instead of its auction and cards.
    ``claims``: the chance that a deal whose last tricks all went to one side is cut short
    by a ``Claimed`` of that side at the first trick from which it took them all.
    """
    table = _Table(profile, random.Random(seed), record_hands, misdeal_rate, breaches)
    table.summaries, table.claims = summaries, claims
    first = Seat(table.rng.randrange(4))
    table.game = Game.start(profile, first, target, deals)
    while not table.game.over and len(table.game.records) < max_deals:
        table.deal()
    game = table.game
    return GeneratedGame(
        profile, first, game.target, tuple(table.actions), game, tuple(table.injected), deals
    )


class _Table:
    """The generator's table: the real hands, the log being written, the game so far."""

    def __init__(
        self,
        profile: Profile,
        rng: random.Random,
        record_hands: bool | None,
        misdeal_rate: float,
        breaches: float,
    ) -> None:
        self.profile, self.rng = profile, rng
        self.record_hands, self.misdeal_rate, self.breaches = record_hands, misdeal_rate, breaches
        self.actions: list[Action] = []
        self.injected: list[tuple[int, str]] = []
        self.deck = list(range(32))
        rng.shuffle(self.deck)
        self.game: Game = Game.start(profile, Seat.N)
        self.hands: list[CardSet] = [0, 0, 0, 0]
        self.held: list[CardSet] = [0, 0, 0, 0]
        self.summaries = 0.0
        self.claims = 0.0

    def record(self, action: Action) -> None:
        self.actions.append(action)
        self.game = self.game.apply(action)

    def deal(self) -> None:
        self._shuffle()
        before, first, injected = self.game, len(self.actions), len(self.injected)
        self.record(self._start())
        if self.rng.random() < self.misdeal_rate:
            self.record(Misdeal(self.game.next_dealer))
            return
        while self._deal.phase is Phase.AUCTION:
            self.record(choose_call(self._deal, self.hands, self.rng))
        while self._deal.phase is Phase.PLAY:
            self._turn()
        # (no draw at all without summaries or claims: the seeded games stay what they were)
        if self.summaries and len(self.injected) == injected and self.rng.random() < self.summaries:
            summary = summarize(self._deal)
            del self.actions[first:]
            self.game = before
            self.record(summary)
        elif self.claims and len(self.injected) == injected and self.rng.random() < self.claims:
            self._claim(before, first)

    def _claim(self, before: Game, first: int) -> None:
        """Replay the deal up to the first trick boundary after which one side took every
        trick, and claim the rest there for that side (with the belotes still whole)."""
        done = self._deal
        played = [t.winner.team for t in done.tricks]
        cut = next((k for k in range(1, 8) if len(set(played[k:])) == 1), None)
        if cut is None:
            return
        kept = self.actions[first:]
        del self.actions[first:]
        self.game = before
        for action in kept:
            deal = self.game.deal
            if deal is not None and len(deal.tricks) == cut and not deal.trick_cards:
                break
            self.record(action)
        deal = self._deal
        team = played[cut]
        decl = score_deal(done).declarations
        scored = decl.belote_seats if decl is not None else ()
        whole = [seat for seat, suit in scored if not deal.all_played & pair(suit)]
        claimer = next(s for s in Seat if s.team == team)
        self.record(Claimed(claimer, ClaimTakes.ALL, tuple(whole)))

    @property
    def _deal(self) -> Deal:
        assert self.game.deal is not None
        return self.game.deal

    def _shuffle(self) -> None:
        last = self.game.deal
        if self.profile.shuffle:
            self.rng.shuffle(self.deck)
        elif last is not None and len(last.tricks) == 8:
            self.deck = [c for t in last.tricks for c in t.cards]  # the gathered tricks

    def _start(self) -> DealStarted:
        p, rng = self.profile, self.rng
        dealer = self.game.next_dealer
        cut = rng.randint(p.cut_min_packet, 32 - p.cut_min_packet)
        packets = rng.choice(p.packets)
        order = (*seats_from(dealer, p.direction)[1:], dealer)
        hands = deal_hands(tuple(self.deck), cut, packets, order)
        self.hands = [mask_of(h) for h in hands]
        self.held = list(self.hands)
        keep = rng.random() < 0.5 if self.record_hands is None else self.record_hands
        procedure = rng.random() < 0.5
        return DealStarted(
            dealer,
            tuple(tuple(Card(c) for c in h) for h in hands) if keep else None,
            tuple(Card(c) for c in self.deck) if keep and procedure else None,
            cut if keep and procedure else None,
            packets if keep and procedure else None,
        )

    def _turn(self) -> None:
        deal, seat, rng = self._deal, self._deal.turn, self.rng
        contract = deal.contract
        assert contract is not None and deal.order is not None
        first_card = not deal.tricks and seat not in deal.trick_seats
        if first_card and self.profile.announces and rng.random() < 0.9:
            for a in best_announces(self.hands[seat], contract.trump):
                self.record(AnnounceDeclared(seat, a.kind, tuple(iter_cards(a.cards))))
        held = self.held[seat]
        legal = legal_with(held, deal.trick_seats, deal.trick_cards, seat, deal.order, self.profile)
        illegal = held & ~legal
        revoke = ""
        if illegal and rng.random() < self.breaches:
            card = rng.choice(list(iter_cards(illegal)))
            revoke, _why = why_required(
                held, deal.trick_seats, deal.trick_cards, seat, contract.trump, self.profile, card
            )
        else:
            card = Card(choose_card(deal, legal, rng))
        for s in belote_suits(contract.trump, self.profile.belote_at_ta):
            mine = self.hands[seat] & pair(s) == pair(s) and pair(s) >> card & 1
            if mine and rng.random() < 0.95:
                whole = held & pair(s) == pair(s)
                word = BeloteWord.BELOTE if whole else BeloteWord.REBELOTE
                self.record(BeloteDeclared(seat, word))
        if revoke:
            self.injected.append((len(self.actions), revoke))
        self.held[seat] &= ~(1 << card)
        self.record(CardPlayed(seat, card))
