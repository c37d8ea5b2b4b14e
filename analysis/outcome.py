"""A deal's marks from the card points each team took: the profile's own formulas.

The solver speaks in card points; a mistake is measured in the deal's marks, because
around the contract's threshold one card point is worth the whole contract. This is
:func:`rules.scoring.score_deal` for a deal that exists only as numbers: the card
points (and capot) of a line of play, the announces and belotes the hands hold.

>>> from rules.registry import find_profile
>>> ffb = find_profile("ffb")
>>> deal_marks(ffb, Terms(Team.NS, 90, Trump.H, 1, (0, 0), (0, 0)), (100, 62), None)
(190, 60)
>>> deal_marks(ffb, Terms(Team.NS, 90, Trump.H, 1, (0, 0), (0, 0)), (80, 82), None)
(0, 250)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.announces import best_announces, resolve
from rules.belote import BELOTE_POINTS, pair
from rules.belote import belote_suits as _belote_suits
from rules.cards import CardSet
from rules.contract import CAPOT, BidValue, Trump
from rules.formulas import Inputs, marks_for
from rules.profiles import Profile, Rounding, TaPoints
from rules.scoring import contract_made, round_mark, scale_ta
from rules.seats import Seat, Team


@dataclass(frozen=True, slots=True)
class Terms:
    """What a deal is played for, card play apart."""

    takers: Team
    value: BidValue
    trump: Trump
    coinche: int  # 1, 2, 4
    announces: tuple[int, int]  # counted announce points, NS and EW
    belote: tuple[int, int]


def held_extras(
    profile: Profile, hands: tuple[CardSet, ...], trump: Trump
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The announces that would count and the belotes, per team, that the dealt
    hands hold under ``trump`` (every player declaring all it holds)."""
    belote = [0, 0]
    for suit in _belote_suits(trump, profile.belote_at_ta):
        for s in Seat:
            if hands[s] & pair(suit) == pair(suit):
                belote[s.team] += BELOTE_POINTS
    counted = (0, 0)
    if profile.announces:
        found = [(s.team, a) for s in Seat for a in best_announces(hands[s], trump)]
        counted = resolve(found, trump).counted
    return counted, (belote[0], belote[1])


def counted_points(profile: Profile, trump: Trump, raw: tuple[int, int]) -> tuple[int, int]:
    """Card points as the profile counts them (tripot scales all-trump points)."""
    if trump == Trump.TA and profile.ta_points is TaPoints.SCALED:
        return scale_ta(raw[0]), scale_ta(raw[1])
    return raw


def deal_marks(
    profile: Profile, terms: Terms, cards: tuple[int, int], capot: Team | None
) -> tuple[int, int]:
    """The marks (NS, EW) of a deal played for ``terms`` in which the teams took
    ``cards`` card points (counted, last trick included) and ``capot`` took every trick."""
    points = _points(profile, terms, cards, capot)
    t = terms.takers
    capot_bid = terms.value == CAPOT
    bid = profile.capot_value if capot_bid else int(terms.value)
    made = contract_made(profile, terms.value, t, points, capot)
    raw = marks_for(
        Inputs(
            profile=profile,
            takers=t,
            made=made,
            m=terms.coinche,
            bid=bid,
            capot_bid=capot_bid,
            capot=capot,
            generale=False,
            points=(points[0], points[1]),
            announces=terms.announces,
            belote=terms.belote,
        )
    )
    if profile.rounding is Rounding.NONE:
        return raw
    return round_mark(raw[0]), round_mark(raw[1])


def is_made(profile: Profile, terms: Terms, cards: tuple[int, int], capot: Team | None) -> bool:
    points = _points(profile, terms, cards, capot)
    return contract_made(profile, terms.value, terms.takers, points, capot)


def _points(
    profile: Profile, terms: Terms, cards: tuple[int, int], capot: Team | None
) -> tuple[int, int]:
    """Each team's points: the card points it won (the capot's value to a capot), its
    counted announces and belote."""
    won = list(cards)
    if capot is not None:
        won[capot], won[1 - capot] = profile.capot_points, 0
    return (
        won[0] + terms.announces[0] + terms.belote[0],
        won[1] + terms.announces[1] + terms.belote[1],
    )
