"""A whole game: deals one after another, running totals, the game's length and the winner.

A game's length is a target (the profile's by default: the first team over it wins) or
a number of deals (``deals``: the game ends after that many deals, the higher total
wins and equal totals are a tie). A misdeal is dealt again and does not count as a
deal; a deal that all four passed does.

>>> from rules.registry import find_profile
>>> g = Game.start(find_profile("ffb"), first_dealer=Seat.N)
>>> g.next_dealer, g.target, g.over
(<Seat.N: 0>, 2000, False)
>>> Game.start(find_profile("ffb"), Seat.N, deals=12).deals
12
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from rules.actions import (
    Action,
    BidPlaced,
    CardPlayed,
    Claimed,
    Coinched,
    DealStarted,
    DealSummarized,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.cards import mask_of
from rules.claims import claim_result
from rules.deal import Deal, Phase
from rules.profiles import Profile, Redealer
from rules.scoring import DealResult, misdeal_result, score_deal
from rules.seats import Seat, Team, next_seat
from rules.summary import score_summary

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
    deals: int | None = None  # a fixed-length game: the number of deals (None: to the target)

    @classmethod
    def start(
        cls,
        profile: Profile,
        first_dealer: Seat,
        target: int | None = None,
        deals: int | None = None,
    ) -> Game:
        chosen = target if target is not None else profile.target
        return cls(profile, chosen, first_dealer, deals=deals)

    @property
    def over(self) -> bool:
        """Won, or (a fixed-length game) all its deals played, a tie included."""
        return self.winner is not None or (
            self.deals is not None and self.deals_played >= self.deals
        )

    @property
    def deals_played(self) -> int:
        """Deals that count toward a fixed length: every finished deal but misdeals."""
        return sum(1 for r in self.records if r.misdeal is None)

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
        if isinstance(action, DealSummarized):
            number = len(self.records) + 1
            record = DealRecord(number, action.dealer, score_summary(self.profile, action))
            return self._finish(record, next_seat(action.dealer, self.profile.direction), deal=None)
        if isinstance(action, Claimed):
            deal = self.deal
            assert deal is not None and deal.phase is _PLAY
            record = DealRecord(deal.number, deal.dealer, claim_result(deal, action))
            return self._finish(record, next_seat(deal.dealer, self.profile.direction), None)
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
                self.deals,
            ),
        )

    def _deal_over(self, deal: Deal) -> Game:
        record = DealRecord(deal.number, deal.dealer, score_deal(deal))
        return self._finish(record, next_seat(deal.dealer, self.profile.direction), deal=deal)

    def _finish(self, record: DealRecord, dealer: Seat, deal: Deal | None) -> Game:
        totals, pending = self._count(self.totals, self.pending, record, record.result.marks)
        game = self._replace(
            deal=deal,
            next_dealer=dealer,
            records=(*self.records, record),
            totals=totals,
            pending=pending,
        )
        return game._replace(winner=game.decide())

    def _count(
        self,
        before: tuple[int, int],
        pending_before: tuple[bool, bool],
        record: DealRecord,
        marks: tuple[int, int],
    ) -> tuple[tuple[int, int], tuple[bool, bool]]:
        """Totals and pending flags after one more deal scoring ``marks``."""
        totals = (before[0] + marks[0], before[1] + marks[1])
        pending = list(pending_before)
        result = record.result
        for team in (0, 1):
            if pending[team] and result.took_a_trick(team):
                pending[team] = False
            if (
                self.profile.belote_needs_trick
                and totals[team] >= self.target > before[team]
                and totals[team] - result.belote[team] < self.target
                and (
                    not result.took_a_trick(team)
                    or (result.takers == team and result.made is False)
                )
            ):
                pending[team] = True
        return totals, (pending[0], pending[1])

    def decide(self) -> Team | None:
        """The winner given the totals: over the target and not pending; both over: the
        higher total; equal totals: nobody yet (one more deal). A fixed-length game: the
        higher total once its deals are played; equal totals: nobody (a tie)."""
        if self.deals is not None:
            if self.deals_played < self.deals or self.totals[0] == self.totals[1]:
                return None
            return Team.NS if self.totals[0] > self.totals[1] else Team.EW
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

    def rescored(self, ruled: Mapping[int, tuple[int, int]]) -> Game:
        """The game with the marks of some finished deals replaced (an arbiter's rulings,
        by deal number): totals counted again from the first deal, and the end of the game
        decided again on them, so a finished game may go on (nobody over the target any
        more) and a live one may end with its winner."""
        totals, pending = (0, 0), (False, False)
        for record in self.records:
            marks = ruled.get(record.number, record.result.marks)
            totals, pending = self._count(totals, pending, record, marks)
        game = self._replace(totals=totals, pending=pending)
        return game._replace(winner=game.decide())
