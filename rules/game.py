"""A whole game: deals one after another, running totals, the target and the winner.

>>> from rules.registry import find_profile
>>> g = Game.start(find_profile("ffb"), first_dealer=Seat.N)
>>> g.next_dealer, g.target, g.over
(<Seat.N: 0>, 2000, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rules.actions import (
    Action,
    BidPlaced,
    CardPlayed,
    Coinched,
    DealStarted,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.cards import mask_of
from rules.deal import Deal, Phase
from rules.profiles import Profile, Redealer
from rules.scoring import DealResult, misdeal_result, score_deal
from rules.seats import Seat, Team, next_seat

_PLAY, _DONE, _AUCTION = Phase.PLAY, Phase.DONE, Phase.AUCTION  # bound once: hot paths


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal as the score sheet shows it."""

    number: int
    dealer: Seat
    result: DealResult
    misdeal: Seat | None = None  # the dealer at fault


_MID_DEAL = (Passed, BidPlaced, Coinched, Surcoinched)
_new = tuple.__new__


class Game(NamedTuple):
    """The state of a game between deals and during one (an immutable named tuple)."""

    profile: Profile
    target: int
    next_dealer: Seat
    deal: Deal | None = None  # the deal in progress (or the last one, once over)
    records: tuple[DealRecord, ...] = ()
    totals: tuple[int, int] = (0, 0)
    pending: tuple[bool, bool] = (False, False)  # ffb: reached the target by belote only
    winner: Team | None = None

    @classmethod
    def start(cls, profile: Profile, first_dealer: Seat, target: int | None = None) -> Game:
        return cls(profile, target if target is not None else profile.target, first_dealer)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def in_deal(self) -> bool:
        return self.deal is not None and not self.deal.over

    @property
    def deal_number(self) -> int:
        return len(self.records) + (1 if self.in_deal else 0)

    def apply(self, action: Action) -> Game:
        """The game after ``action`` (judge it first; breaches are applied as they happened)."""
        deal = self.deal
        kind = type(action)
        if deal is not None and deal.phase is _PLAY and kind is CardPlayed:
            deal = deal._play(action.seat, action.card)  # type: ignore[union-attr]  # hot path
            return self._deal_over(deal) if deal.phase is _DONE else self._in_deal(deal)
        if deal is not None and kind in _MID_DEAL and deal.phase is _AUCTION:
            deal = deal.apply(action)
            return self._deal_over(deal) if deal.over else self._in_deal(deal)
        if isinstance(action, DealStarted):
            hands = None
            if action.hands is not None:
                hands = tuple(mask_of(h) for h in action.hands)
            number = len(self.records) + 1
            deal = Deal.start(self.profile, number, action.dealer, hands)
            return self._replace(deal=deal, next_dealer=action.dealer)
        if isinstance(action, Misdeal):
            assert self.deal is not None
            result = misdeal_result(self.profile, action.seat)
            redeal = self.profile.misdeal_redealer is Redealer.SAME
            dealer = (
                self.deal.dealer if redeal else next_seat(self.deal.dealer, self.profile.direction)
            )
            record = DealRecord(self.deal.number, self.deal.dealer, result, action.seat)
            return self._finish(record, dealer, deal=None)
        if self.deal is None:
            raise ValueError("no deal in progress: a DealStarted must come first")
        deal = self.deal.apply(action)
        return self._deal_over(deal) if deal.over else self._in_deal(deal)

    def _in_deal(self, deal: Deal) -> Game:
        """This game with ``deal`` in progress (tuple.__new__: the hot path of a replay)."""
        return _new(
            Game,
            (
                self.profile,
                self.target,
                self.next_dealer,
                deal,
                self.records,
                self.totals,
                self.pending,
                self.winner,
            ),
        )

    def _deal_over(self, deal: Deal) -> Game:
        record = DealRecord(deal.number, deal.dealer, score_deal(deal))
        return self._finish(record, next_seat(deal.dealer, self.profile.direction), deal=deal)

    def _finish(self, record: DealRecord, dealer: Seat, deal: Deal | None) -> Game:
        marks = record.result.marks
        before = self.totals
        totals = (before[0] + marks[0], before[1] + marks[1])
        pending = list(self.pending)
        result = record.result
        for team in (0, 1):
            if pending[team] and result.tricks[team] > 0:
                pending[team] = False
            if (
                self.profile.belote_needs_trick
                and totals[team] >= self.target > before[team]
                and totals[team] - result.belote[team] < self.target
                and (result.tricks[team] == 0 or (result.takers == team and result.made is False))
            ):
                pending[team] = True
        game = self._replace(
            deal=deal,
            next_dealer=dealer,
            records=(*self.records, record),
            totals=totals,
            pending=(pending[0], pending[1]),
        )
        return game._replace(winner=game.decide())

    def decide(self) -> Team | None:
        """The winner given the totals: over the target and not pending; both over: the
        higher total; equal totals: nobody yet (one more deal)."""
        ok = [self.totals[t] >= self.target and not self.pending[t] for t in (0, 1)]
        if ok[0] and ok[1]:
            if self.totals[0] == self.totals[1]:
                return None
            return Team.NS if self.totals[0] > self.totals[1] else Team.EW
        if ok[0]:
            return Team.NS
        if ok[1]:
            return Team.EW
        return None

    def adjusted(self, ns: int, ew: int) -> Game:
        """The game after an arbiter's score adjustment (a ruling)."""
        game = self._replace(totals=(self.totals[0] + ns, self.totals[1] + ew))
        return game._replace(winner=game.decide())
