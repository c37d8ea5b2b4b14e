"""Standard penalties: what a deal scores once an arbiter rules a penalty on it.

A profile names its standard penalties (``Profile.penalties``); the built-in profiles
have one, ``revoke`` (*renonce*), ruled for a card that failed to follow suit, to
trump, to overtrump, to undertrump or to beat when the player could. It is never
applied by itself: the audit offers it, an arbiter rules it (``RulingIssued``).

``deal-lost`` scores the deal by the profile's own mark formula as if the offending
side's contract went down (offending takers) or the other side's contract was made
(offending defence), the other side holding every card point, counted announce and
belote of the deal; that side scores at least (160 + bid) × coinche, the offending
side nothing, and false-announce points stay where they were. ``fixed`` gives the
other side a set number of points.

>>> from rules.registry import find_profile
>>> PENALTY_FOR_RULE["must-overtrump"], find_profile("ffb").penalty("revoke").score.value
('revoke', 'deal-lost')
"""

from __future__ import annotations

from rules.contract import CAPOT
from rules.formulas import FALL, Inputs, marks_for
from rules.profiles import Penalty, PenaltyScore, Profile, Rounding
from rules.scoring import DealResult, round_mark
from rules.seats import Team

PENALTY_FOR_RULE: dict[str, str] = {
    "must-follow-suit": "revoke",
    "must-trump": "revoke",
    "must-overtrump": "revoke",
    "must-undertrump": "revoke",
    "must-beat": "revoke",
}
"""The standard penalty an audit finding calls for, by the finding's rule."""

ALL_CARDS = 162  # every card point of a deal with the last-trick bonus


class PenaltyError(ValueError):
    """A penalty that cannot be scored on this deal (stable ``rule`` id, then why)."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(detail)
        self.rule = rule


def penalty_marks(
    profile: Profile, result: DealResult, offender: Team, penalty: Penalty
) -> tuple[tuple[int, int], bool | None]:
    """The deal's marks (NS, EW) under ``penalty`` against ``offender``, and whether the
    contract counts as made."""
    other = Team(1 - offender)
    contract = result.contract
    if penalty.score is PenaltyScore.FIXED:
        marks = [0, 0]
        marks[other] = penalty.points
        made = None if contract is None else contract.takers == other
        return (marks[0], marks[1]), made
    if contract is None:
        raise PenaltyError("penalty-needs-contract", "the deal had no contract to lose")
    takers = contract.takers
    made = takers == other
    capot_bid = contract.value == CAPOT
    bid = profile.capot_value if capot_bid else int(contract.value)
    capot = other if result.capot == other or (made and capot_bid) else None
    generale = capot is not None and result.generale is not None
    generale = generale and profile.generale_points is not None
    cards = ALL_CARDS
    if capot is not None:
        cards = profile.capot_points
        if generale and profile.generale_points is not None:
            cards = profile.generale_points
    announces, belote = [0, 0], [0, 0]
    announces[other] = sum(result.announces)
    belote[other] = sum(result.belote)
    points = [0, 0]
    points[other] = cards + announces[other] + belote[other]
    raw = marks_for(
        Inputs(
            profile=profile,
            takers=takers,
            made=made,
            m=contract.coinche,
            bid=bid,
            capot_bid=capot_bid,
            capot=capot,
            generale=generale,
            points=(points[0], points[1]),
            announces=(announces[0], announces[1]),
            belote=(belote[0], belote[1]),
        )
    )
    marks = [0, 0]
    marks[other] = max(raw[other], (FALL + bid) * contract.coinche)
    if profile.rounding is not Rounding.NONE:
        marks[other] = round_mark(marks[other])
    marks = [marks[0] + result.penalties[0], marks[1] + result.penalties[1]]
    return (marks[0], marks[1]), made
