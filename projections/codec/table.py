"""The table's values as data: a deal in progress or over, its auction, tricks and calls.

Seats, teams and trumps are their numbers (``N`` = 0, ``NS`` = 0, ``C`` = 0 … ``TA`` =
5), cards their numbers 0-31 and sets of cards their 32-bit masks, as in
:mod:`rules.cards`. Derived tables (the contract's card order, the seat after each
seat) are not stored: they are rebuilt from the profile.

>>> from rules.registry import find_profile
>>> from rules.actions import BidPlaced
>>> from rules.contract import Trump
>>> ffb = find_profile("ffb")
>>> deal = Deal.start(ffb, 1, Seat.N).apply(BidPlaced(Seat.W, 80, Trump.H))
>>> decode_deal(encode_deal(deal), ffb, "deal") == deal
True
"""

from __future__ import annotations

from typing import Any

from projections.codec import read as r
from rules.actions import (
    AnnounceKind,
    BeloteWord,
    BidPlaced,
    Call,
    Coinched,
    Passed,
    Surcoinched,
)
from rules.auction import Auction
from rules.cards import Card
from rules.contract import CAPOT, BidValue, Contract
from rules.deal import BeloteSaid, Deal, Declared, Phase, Trick
from rules.order import table
from rules.profiles import Profile
from rules.seats import SEATS, Seat, next_seat

_AUCTION_KEYS = frozenset(
    ("turn", "calls", "bid", "coinche", "coincher", "passes", "speeches", "closed")
)
_DEAL_KEYS = frozenset(
    ("number", "dealer", "phase", "turn", "auction", "contract", "hands", "played", "trick",
     "tricks", "declared", "belotes", "best")
)  # fmt: skip
_SIMPLE_CALLS: dict[str, type[Passed | Coinched | Surcoinched]] = {
    "pass": Passed,
    "coinche": Coinched,
    "surcoinche": Surcoinched,
}
_CALL_NAMES = {Passed: "pass", Coinched: "coinche", Surcoinched: "surcoinche"}


def bid_value(value: Any, where: str) -> BidValue:
    if value == CAPOT:
        return CAPOT
    return r.integer(value, where, 0)


def encode_bid(bid: BidPlaced) -> list[Any]:
    return [int(bid.seat), bid.value, int(bid.trump)]


def decode_bid(value: Any, where: str) -> BidPlaced:
    s, v, t = r.array(value, where, 3)
    return BidPlaced(r.seat(s, where), bid_value(v, where), r.trump(t, where))


def encode_call(call: Call) -> list[Any]:
    if isinstance(call, BidPlaced):
        return ["bid", *encode_bid(call)]
    return [_CALL_NAMES[type(call)], int(call.seat)]


def decode_call(value: Any, where: str) -> Call:
    parts = r.array(value, where)
    kind = parts[0] if parts else None
    if kind == "bid":
        return decode_bid(parts[1:], where)
    if type(kind) is not str or kind not in _SIMPLE_CALLS or len(parts) != 2:
        raise r.fail(where, f"{kind!r} is not a call")
    return _SIMPLE_CALLS[kind](r.seat(parts[1], where))


def encode_contract(c: Contract | None) -> list[Any] | None:
    return None if c is None else [int(c.taker), c.value, int(c.trump), c.coinche]


def decode_contract(value: Any, where: str) -> Contract | None:
    if value is None:
        return None
    taker, v, t, coinche = r.array(value, where, 4)
    if coinche not in (1, 2, 4) or type(coinche) is not int:
        raise r.fail(where, f"{coinche!r} is not a coinche multiplier")
    return Contract(r.seat(taker, where), bid_value(v, where), r.trump(t, where), coinche)


def encode_auction(a: Auction) -> dict[str, Any]:
    return {
        "turn": int(a.turn),
        "calls": [encode_call(c) for c in a.calls],
        "bid": None if a.bid is None else encode_bid(a.bid),
        "coinche": a.coinche,
        "coincher": None if a.coincher is None else int(a.coincher),
        "passes": a.passes,
        "speeches": a.speeches,
        "closed": a.closed,
    }


def decode_auction(value: Any, profile: Profile, where: str) -> Auction:
    d = r.obj(value, where, _AUCTION_KEYS)
    return Auction(
        profile,
        r.seat(d["turn"], f"{where}.turn"),
        r.items(d["calls"], f"{where}.calls", decode_call),
        None if d["bid"] is None else decode_bid(d["bid"], f"{where}.bid"),
        r.integer(d["coinche"], f"{where}.coinche", 1, 4),
        r.optional_seat(d["coincher"], f"{where}.coincher"),
        r.integer(d["passes"], f"{where}.passes", 0),
        r.integer(d["speeches"], f"{where}.speeches", 0),
        r.boolean(d["closed"], f"{where}.closed"),
    )


def encode_trick(t: Trick) -> list[Any]:
    return [int(t.leader), [int(s) for s in t.seats], list(t.cards), int(t.winner), t.points]


def decode_trick(value: Any, where: str) -> Trick:
    leader, seats, cards, winner, points = r.array(value, where, 5)
    return Trick(
        r.seat(leader, where),
        r.items(seats, where, r.seat),
        r.cards(cards, where),
        r.seat(winner, where),
        r.integer(points, where, 0),
    )


def encode_declared(d: Declared) -> list[Any]:
    return [int(d.seat), d.kind.value, list(d.cards), d.trick, d.in_time]


def decode_declared(value: Any, where: str) -> Declared:
    seat, kind, cards, trick, in_time = r.array(value, where, 5)
    return Declared(
        r.seat(seat, where),
        r.choice(AnnounceKind, kind, where),
        r.cards(cards, where),
        r.integer(trick, where, 0, 8),
        r.boolean(in_time, where),
    )


def _encode_belote(b: BeloteSaid) -> list[Any]:
    return [int(b.seat), b.word.value, b.card]


def _decode_belote(value: Any, where: str) -> BeloteSaid:
    seat, word, card = r.array(value, where, 3)
    return BeloteSaid(
        r.seat(seat, where), r.choice(BeloteWord, word, where), r.optional_card(card, where)
    )


def encode_deal(deal: Deal) -> dict[str, Any]:
    return {
        "number": deal.number,
        "dealer": int(deal.dealer),
        "phase": deal.phase.value,
        "turn": int(deal.turn),
        "auction": encode_auction(deal.auction),
        "contract": encode_contract(deal.contract),
        "hands": None if deal.hands is None else list(deal.hands),
        "played": list(deal.played),
        "trick": [[int(s), c] for s, c in zip(deal.trick_seats, deal.trick_cards, strict=True)],
        "tricks": [encode_trick(t) for t in deal.tricks],
        "declared": [encode_declared(d) for d in deal.declared],
        "belotes": [_encode_belote(b) for b in deal.belotes],
        "best": deal.best,
    }


def decode_deal(value: Any, profile: Profile, where: str) -> Deal:
    d = r.obj(value, where, _DEAL_KEYS)
    contract = decode_contract(d["contract"], f"{where}.contract")
    trick = r.items(d["trick"], f"{where}.trick", _seat_card)
    if len(trick) > 3:
        raise r.fail(f"{where}.trick", "a trick in progress holds at most 3 cards")
    best = r.integer(d["best"], f"{where}.best", -1, len(trick) - 1)
    hands = None if d["hands"] is None else _masks(d["hands"], f"{where}.hands")
    tricks = r.items(d["tricks"], f"{where}.tricks", decode_trick)
    if len(tricks) > 8:
        raise r.fail(f"{where}.tricks", "a deal has 8 tricks")
    return Deal(
        profile,
        r.integer(d["number"], f"{where}.number", 1),
        r.seat(d["dealer"], f"{where}.dealer"),
        r.choice(Phase, d["phase"], f"{where}.phase"),
        r.seat(d["turn"], f"{where}.turn"),
        decode_auction(d["auction"], profile, f"{where}.auction"),
        contract,
        hands,
        _masks(d["played"], f"{where}.played"),
        tuple(s for s, _ in trick),
        tuple(c for _, c in trick),
        tricks,
        r.items(d["declared"], f"{where}.declared", decode_declared),
        r.items(d["belotes"], f"{where}.belotes", _decode_belote),
        None if contract is None else table(contract.trump, profile.ta_points),
        tuple(next_seat(s, profile.direction) for s in SEATS),
        best,
    )


def _seat_card(value: Any, where: str) -> tuple[Seat, Card]:
    s, c = r.array(value, where, 2)
    return r.seat(s, where), r.card(c, where)


def _masks(value: Any, where: str) -> tuple[int, ...]:
    return tuple(r.card_set(v, where) for v in r.array(value, where, 4))
