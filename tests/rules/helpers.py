"""Small builders shared by the rules tests: hands and tricks from card names."""

from __future__ import annotations

from rules.actions import BidPlaced, Passed
from rules.cards import CardSet, mask_of, parse_card
from rules.contract import BidValue, Trump
from rules.deal import Deal
from rules.profiles import Profile
from rules.seats import Seat, next_seat


def hand(*names: str) -> CardSet:
    return mask_of(parse_card(n) for n in names)


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def contract_deal(
    profile: Profile,
    taker: Seat,
    value: BidValue,
    trump: Trump,
    dealer: Seat = Seat.N,
    hands: tuple[CardSet, ...] | None = None,
) -> Deal:
    """A deal whose auction is over: ``taker`` bid, the three others passed."""
    deal = Deal.start(profile, 1, dealer, hands)
    seat = deal.turn
    while seat != taker:
        deal = deal.apply(Passed(seat))
        seat = next_seat(seat, profile.direction)
    deal = deal.apply(BidPlaced(taker, value, trump))
    for _ in range(3):
        seat = next_seat(seat, profile.direction)
        deal = deal.apply(Passed(seat))
    return deal
