"""Rule profiles: a frozen set of switches per rule system (RULES.md section 2).

A profile is data. The engine reads switches and never branches on a profile's
id, so a club can combine switches into its own profile (see
:mod:`rules.registry`). Switch values that RULES.md marks *(conv.)* are this
project's conventions; each profile lists them in ``conventions`` so the profile
document shows them to a club.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.contract import Trump
from rules.seats import Direction


class Speeches(StrEnum):
    UNLIMITED = "unlimited"  # passing does not forbid a later bid
    ONE_ROUND = "one-round"  # yeeqia: each seat speaks once, then only pass/coinche/surcoinche


class Undertrump(StrEnum):
    """What a player must do when an opponent trumped and they cannot overtrump."""

    MAY_DISCARD = "may-discard"  # ffb: discard instead of undertrumping allowed
    MUST_UNDERTRUMP = "must-undertrump"  # "pisser": must play a lower trump


class TaPoints(StrEnum):
    """Card values in all-trump (TA)."""

    REDUCED = "reduced"  # J13 9:9 A6 T5 K3 Q2: 152 + 10 = 162
    SCALED = "scaled"  # tripot: trump values (258 in all), then × 162/258 rounded half up


class MadeRule(StrEnum):
    REACH_AND_BEAT = "reach-and-beat"  # T ≥ bid and T > D
    REACH = "reach"  # T ≥ bid only


class Marks(StrEnum):
    """The family of mark formulas (RULES.md, 'Making the contract and the mark')."""

    FFB = "ffb"  # ffb, ffb-sata, funbelote-coinche
    CONTREE = "contree"  # points faits + annoncés
    POINTS_FAITS = "points-faits"
    POINTS_ANNONCES = "points-annonces"
    YEEQIA = "yeeqia"
    TRIPOT = "tripot"


class Rounding(StrEnum):
    NEAREST_10 = "nearest-10"  # 85 → 90, 84 → 80
    NONE = "none"


class Redealer(StrEnum):
    SAME = "same"  # the same dealer deals again after a misdeal
    NEXT = "next"  # the next seat deals


class PenaltyScore(StrEnum):
    """How a standard penalty scores the deal it is ruled on (see :mod:`rules.penalties`)."""

    # the offending side loses the deal: scored by the profile's formula as if its contract
    # went down (offending takers) or the other side's contract was made (offending
    # defence), every card, announce and belote to the other side, which scores at least
    # (160 + bid) x coinche; the offending side scores nothing
    DEAL_LOST = "deal-lost"
    FIXED = "fixed"  # the other side scores ``points``, the offending side nothing


@dataclass(frozen=True, slots=True)
class Penalty:
    """One standard penalty of a profile: how the deal is scored once it is ruled."""

    score: PenaltyScore
    points: int = 0  # FIXED only: what the non-offending side scores


STANDARD_PENALTIES: tuple[tuple[str, Penalty], ...] = (("revoke", Penalty(PenaltyScore.DEAL_LOST)),)
"""The built-in profiles' penalties: a revoke (*renonce*: failing to follow suit, to
trump, to overtrump, to undertrump or to beat when able) loses the deal (conv.)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """Every switch of a rule system. Field docs name the RULES.md row."""

    id: str
    name: str
    source: str
    # Deal
    direction: Direction
    cut_min_packet: int  # each packet of the cut holds at least this many cards
    packets: tuple[tuple[int, ...], ...]  # allowed deal packet patterns
    shuffle: bool  # False: the deck is the gathered tricks, cut only
    misdeal_penalty: int  # points to the opponents of the dealer at fault
    misdeal_redealer: Redealer
    # Auction
    trumps: tuple[Trump, ...]
    min_bid: int
    bid_step: int  # numbered bids above the minimum are multiples of this
    max_bid: int | None  # highest numbered bid; None: no maximum
    capot_bid: bool
    capot_ends_auction: bool
    same_value_higher_suit: bool  # ♣ < ♦ < ♥ < ♠ breaks ties at equal value
    speeches: Speeches
    coinche_out_of_turn: bool  # "à la volée"
    surcoinche_out_of_turn: bool
    capot_over_coinche: bool  # a capot bid in turn replaces a coinched bid
    # Play
    overtrump_partner: bool  # trump led: must beat the partner's trump too
    ta_beat_partner: bool  # TA: must beat the partner's card too
    undertrump: Undertrump
    ta_points: TaPoints
    # Announces and belote
    announces: bool  # ordinary announces (tierce, cinquante, cent, carré)
    belote_at_ta: bool  # up to four belotes at TA (none at SA, ever)
    # Making the contract and the mark
    made_rule: MadeRule
    marks: Marks
    capot_points: int  # card points of a team that takes all 8 tricks
    generale_points: int | None  # … when one player takes all 8 (None: no générale)
    capot_value: int  # a capot bid's value, and the base of a coinched capot
    belote_protected: bool  # kept by its holder whatever happens
    rounding: Rounding
    # End of the game
    target: int
    belote_needs_trick: bool  # reaching the target only through belote needs a later trick
    # Rulings: the standard penalties an arbiter may rule, by name (absent: no standard one)
    penalties: tuple[tuple[str, Penalty], ...] = STANDARD_PENALTIES
    conventions: dict[str, str] = field(default_factory=dict, compare=False)

    def penalty(self, name: str) -> Penalty | None:
        """The standard penalty called ``name`` in this profile, if it has one."""
        return next((p for n, p in self.penalties if n == name), None)
