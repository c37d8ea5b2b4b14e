"""The auction (*enchères*): whose turn, which calls are legal, when it ends.

An :class:`Auction` is a frozen value; :meth:`Auction.apply` returns the next one.
The switches read are those of RULES.md's "Auction" table.

>>> from rules.registry import find_profile
>>> a = Auction.start(find_profile("ffb"), dealer=Seat.N)
>>> a.turn                                  # counterclockwise: N's next seat is W
<Seat.W: 3>
>>> a = a.apply(BidPlaced(Seat.W, 80, Trump.H))
>>> a.judge(Coinched(Seat.S)).legal, a.judge(BidPlaced(Seat.S, 80, Trump.S)).rule
(True, 'bid-too-low')
>>> a.judge(Passed(Seat.E)).rule                # E is W's partner, S speaks now
'out-of-turn'
>>> a = a.apply(Passed(Seat.S)).apply(Passed(Seat.E)).apply(Passed(Seat.N))
>>> a.closed, a.contract()
(True, Contract(taker=<Seat.W: 3>, value=80, trump=<Trump.H: 2>, coinche=1))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rules.actions import BidPlaced, Call, Coinched, Passed, Surcoinched
from rules.contract import CAPOT, BidValue, Contract, Trump
from rules.profiles import Profile, Speeches
from rules.seats import _NEXT, Seat, next_seat
from rules.verdict import LEGAL, Fact, Verdict, breach, impossible


class Auction(NamedTuple):
    """The state of an auction (an immutable named tuple)."""

    profile: Profile
    turn: Seat
    calls: tuple[Call, ...] = ()
    bid: BidPlaced | None = None  # the standing bid
    coinche: int = 1  # 1, 2 (coinched) or 4 (surcoinched)
    coincher: Seat | None = None
    passes: int = 0  # consecutive passes since the last bid or coinche
    speeches: int = 0  # calls made in turn (yeeqia allows bids in the first four only)
    closed: bool = False

    @classmethod
    def start(cls, profile: Profile, dealer: Seat) -> Auction:
        return cls(profile, next_seat(dealer, profile.direction))

    @property
    def void(self) -> bool:
        """All four passed: no contract, the deal is redealt by the next dealer."""
        return self.closed and self.bid is None

    def contract(self) -> Contract | None:
        if not self.closed or self.bid is None:
            return None
        return Contract(self.bid.seat, self.bid.value, self.bid.trump, self.coinche)

    # -- judging ---------------------------------------------------------------------------
    def judge(self, call: Call) -> Verdict:
        """Legal, or the rule the call breaks (impossible: out of turn, after the close)."""
        if self.closed:
            return impossible("auction-closed", seat=call.seat.name)
        p = self.profile
        in_turn = call.seat == self.turn
        if isinstance(call, Coinched):
            if not in_turn and not p.coinche_out_of_turn:
                return _out_of_turn(call.seat, self.turn, "coinche")
            return self._judge_coinche(call.seat)
        if isinstance(call, Surcoinched):
            if not in_turn and not p.surcoinche_out_of_turn:
                return _out_of_turn(call.seat, self.turn, "surcoinche")
            return self._judge_surcoinche(call.seat)
        if not in_turn:
            return _out_of_turn(call.seat, self.turn, "speak")
        if isinstance(call, Passed):
            return LEGAL
        return self._judge_bid(call)

    def _judge_bid(self, bid: BidPlaced) -> Verdict:
        p, standing = self.profile, self.bid
        if self.coinche > 1 and not (
            p.capot_over_coinche and bid.value == CAPOT and self.coinche == 2
        ):
            return breach("contract-frozen", seat=bid.seat.name, **_bid(bid.value, bid.trump))
        if p.speeches is Speeches.ONE_ROUND and self.speeches >= 4:
            return breach("one-speech", seat=bid.seat.name, **_bid(bid.value, bid.trump))
        if bid.trump not in p.trumps:
            allowed = tuple(t.name for t in p.trumps)
            return breach(
                "trump-not-allowed", seat=bid.seat.name, trump=bid.trump.name, allowed=allowed
            )
        if standing is not None and standing.seat == bid.seat:
            return breach("raise-own-bid", seat=bid.seat.name, **_bid(bid.value, bid.trump))
        if bid.value == CAPOT:
            if not p.capot_bid:
                return breach("capot-not-allowed", seat=bid.seat.name)
            if standing is not None and standing.value == CAPOT:
                return breach(
                    "bid-too-low",
                    seat=bid.seat.name,
                    **_bid(bid.value, bid.trump),
                    **_bid(standing.value, standing.trump, "standing_"),
                )
            return LEGAL
        value = bid.value
        if not isinstance(value, int) or not self.valid_value(value):
            return breach(
                "bid-value",
                seat=bid.seat.name,
                value=str(value),
                min=p.min_bid,
                step=p.bid_step,
                max=p.max_bid if p.max_bid is not None else 0,
            )
        if standing is not None:
            if standing.value == CAPOT:
                return breach(
                    "bid-too-low",
                    seat=bid.seat.name,
                    **_bid(bid.value, bid.trump),
                    **_bid(standing.value, standing.trump, "standing_"),
                )
            assert isinstance(standing.value, int)
            higher = value > standing.value or (
                p.same_value_higher_suit
                and value == standing.value
                and bid.trump.is_suit
                and standing.trump.is_suit
                and bid.trump > standing.trump
            )
            if not higher:
                return breach(
                    "bid-too-low",
                    seat=bid.seat.name,
                    **_bid(bid.value, bid.trump),
                    **_bid(standing.value, standing.trump, "standing_"),
                )
        return LEGAL

    def _judge_coinche(self, seat: Seat) -> Verdict:
        if self.bid is None:
            return breach("nothing-to-coinche", seat=seat.name)
        if self.coinche > 1:
            return breach("already-coinched", seat=seat.name)
        if seat.team == self.bid.seat.team:
            return breach("coinche-own-bid", seat=seat.name)
        return LEGAL

    def _judge_surcoinche(self, seat: Seat) -> Verdict:
        if self.coinche != 2 or self.bid is None:
            return breach("surcoinche-without-coinche", seat=seat.name)
        if seat.team != self.bid.seat.team:
            return breach("surcoinche-by-defence", seat=seat.name)
        return LEGAL

    def valid_value(self, value: int) -> bool:
        p = self.profile
        if p.max_bid is not None and value > p.max_bid:
            return False
        return value == p.min_bid or (value > p.min_bid and value % p.bid_step == 0)

    def legal_calls(self, seat: Seat) -> Iterator[Call]:
        """Every legal call of ``seat`` now (bids of every value and trump)."""
        p = self.profile
        candidates: list[Call] = [Passed(seat), Coinched(seat), Surcoinched(seat)]
        values: list[BidValue] = []
        v = p.min_bid
        top = p.max_bid if p.max_bid is not None else max(p.min_bid, 160) + 100
        while v <= top:
            values.append(v)
            v = (v // p.bid_step + 1) * p.bid_step
        values.append(CAPOT)
        candidates += [BidPlaced(seat, val, t) for val in values for t in p.trumps]
        return (c for c in candidates if self.judge(c).legal)

    # -- applying ---------------------------------------------------------------------------
    def apply(self, call: Call) -> Auction:
        """The auction after ``call``. Assumes the call was judged not impossible;
        a breach (``record`` mode) is applied as if it were legal."""
        p = self.profile
        calls = (*self.calls, call)
        in_turn = call.seat == self.turn
        turn = _NEXT[p.direction][self.turn] if in_turn else self.turn
        speeches = self.speeches + 1 if in_turn else self.speeches
        if isinstance(call, Passed):
            passes = self.passes + 1
            closed = passes >= (3 if self.bid is not None else 4)
            return Auction(
                p, turn, calls, self.bid, self.coinche, self.coincher, passes, speeches, closed
            )
        if isinstance(call, BidPlaced):
            closed = call.value == CAPOT and p.capot_ends_auction
            return Auction(p, turn, calls, call, 1, None, 0, speeches, closed)
        if isinstance(call, Coinched):
            return Auction(p, turn, calls, self.bid, 2, call.seat, 0, speeches, False)
        return Auction(p, turn, calls, self.bid, 4, self.coincher, 0, speeches, True)


def _out_of_turn(seat: Seat, turn: Seat, what: str) -> Verdict:
    return impossible("out-of-turn", seat=seat.name, turn=turn.name, call=what)


def _bid(value: BidValue, trump: Trump, prefix: str = "") -> dict[str, Fact]:
    """A bid's facts: its value (a number, or ``"capot"``) and its trump (``"H"``, ``"SA"``)."""
    return {prefix + "value": value, prefix + "trump": trump.name}
