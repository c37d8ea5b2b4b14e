"""The eight built-in profiles of RULES.md and the registry that finds them.

>>> find_profile("ffb").target
2000
>>> find_profile("belote-classique")
Traceback (most recent call last):
...
rules.errors.UnknownProfileError: unknown profile 'belote-classique'; known: contree, ...
"""

from __future__ import annotations

from dataclasses import replace

from rules.contract import SUIT_TRUMPS, Trump
from rules.errors import UnknownProfileError
from rules.profiles import (
    MadeRule,
    Marks,
    Profile,
    Redealer,
    Rounding,
    Speeches,
    TaPoints,
    Undertrump,
)
from rules.seats import Direction

ANY_PACKETS = ((3, 2, 3), (3, 3, 2), (2, 3, 3))
ALL_TRUMPS = (*SUIT_TRUMPS, Trump.SA, Trump.TA)

_COMMON_CONV = {
    "misdeal_penalty": "(conv.) a misdeal is redealt with no penalty",
    "misdeal_redealer": "(conv.) after a misdeal the same dealer deals again",
    "suites_in_sa_ta": "(conv.) suites count in SA and TA contracts as in suit contracts",
    "false_announce": "(conv.) the points of a false announce go to the opponents, added to "
    "their mark after the formula and rounding",
    "tripot_capot_auction": "(conv.) where a capot ends the auction it can no longer be coinched",
    "penalties": "(conv.) standard penalty 'revoke' (renonce: a card that fails to follow "
    "suit, to trump, to overtrump, to undertrump or to beat when the player could): the "
    "offending side loses the deal. It is scored by the profile's formula as if the "
    "offending side's contract went down, or as if the other side's contract was made; the "
    "other side takes every card point, announce and belote of the deal and scores at least "
    "(160 + bid) x coinche; the offending side scores nothing; false-announce points stay "
    "where they were. An arbiter rules it (RulingIssued); it is never applied by itself",
}

FFB = Profile(
    id="ffb",
    name="Fédération Française de Belote",
    source="000 (REGLES OFFICIELLES DE LA BELOTE COINCHÉE) made concrete by 001",
    direction=Direction.COUNTERCLOCKWISE,
    cut_min_packet=3,
    packets=ANY_PACKETS,
    shuffle=True,
    misdeal_penalty=0,
    misdeal_redealer=Redealer.SAME,
    trumps=SUIT_TRUMPS,
    min_bid=80,
    bid_step=10,
    max_bid=None,
    capot_bid=True,
    capot_ends_auction=False,
    same_value_higher_suit=False,
    speeches=Speeches.UNLIMITED,
    coinche_out_of_turn=False,
    surcoinche_out_of_turn=False,
    capot_over_coinche=False,
    overtrump_partner=True,
    ta_beat_partner=True,
    undertrump=Undertrump.MAY_DISCARD,
    ta_points=TaPoints.REDUCED,
    announces=True,
    belote_at_ta=True,
    made_rule=MadeRule.REACH_AND_BEAT,
    marks=Marks.FFB,
    capot_points=252,
    generale_points=None,
    capot_value=250,
    belote_protected=True,
    rounding=Rounding.NEAREST_10,
    target=2000,
    belote_needs_trick=True,
    conventions={
        "misdeal_penalty": _COMMON_CONV["misdeal_penalty"],
        "misdeal_redealer": _COMMON_CONV["misdeal_redealer"],
        "false_announce": _COMMON_CONV["false_announce"],
        "penalties": _COMMON_CONV["penalties"],
        "long_suite": "a run longer than 5 counts as a cent ranked by its top card; its "
        "other cards serve in no other announce (001)",
        "announce_overlap": "(conv.) an announce that reuses a card of another announce of the "
        "same player is false (renonce): a card counts in one announce only",
    },
)

FFB_SATA = replace(
    FFB,
    id="ffb-sata",
    name="Fédération Française de Belote, Sans Atout / Tout Atout",
    source="000, FFB section 11",
    trumps=ALL_TRUMPS,
    conventions={
        **FFB.conventions,
        "suites_in_sa_ta": _COMMON_CONV["suites_in_sa_ta"],
        "ta_suite_tie": "(conv.) at TA every suit is trump: equal best suites of both teams "
        "stay tied, so no ordinary announce counts",
    },
)

FUNBELOTE = replace(
    FFB_SATA,
    id="funbelote-coinche",
    name="FunBelote coinche",
    source="000 (FunBelote 'coinche' part)",
    cut_min_packet=3,
    packets=ANY_PACKETS,
    max_bid=160,
    capot_over_coinche=True,
    overtrump_partner=False,
    ta_beat_partner=False,
    capot_points=250,
    generale_points=350,
    target=1501,
    belote_needs_trick=False,
    conventions={
        **FFB_SATA.conventions,
        "cut_min_packet": "(conv.) cut as ffb: at least 3 cards in each packet",
        "packets": "(conv.) any of ffb's packet patterns: 3-2-3, 3-3-2, 2-3-3",
        "capot_over_coinche": "(conv.) a capot bid in turn replaces a coinched bid, the "
        "coinche lapses, and the capot may be coinched in turn",
        "undertrump": "(conv.) may discard instead of undertrumping",
        "ta_beat_partner": "(conv.) at TA no need to beat the partner's card when the partner "
        "holds the trick, as with trump led",
        "belote_needs_trick": "(conv.) no extra trick is needed after reaching the target",
        "generale_coinched": "(conv.) a coinched générale uses 350 as the coinched base",
    },
)

CONTREE = replace(
    FFB_SATA,
    id="contree",
    name="Belote contrée, points faits + annoncés",
    source="000 (FunBelote 'belote contrée', mode points faits + annoncés)",
    max_bid=160,
    overtrump_partner=False,
    ta_beat_partner=False,
    announces=False,
    made_rule=MadeRule.REACH,
    marks=Marks.CONTREE,
    belote_protected=False,
    target=1501,
    belote_needs_trick=False,
    conventions={
        "misdeal_penalty": _COMMON_CONV["misdeal_penalty"],
        "misdeal_redealer": _COMMON_CONV["misdeal_redealer"],
        "penalties": _COMMON_CONV["penalties"],
        "cut_min_packet": "(conv.) cut as ffb: at least 3 cards in each packet",
        "undertrump": "(conv.) may discard instead of undertrumping",
        "ta_beat_partner": "(conv.) at TA no need to beat the partner's card when the partner "
        "holds the trick, as with trump led",
        "target": "(conv.) 1501",
        "coinched_belotes": "(conv.) m = 4 for surcontre; the side that scores a coinched "
        "deal takes all belotes",
        "capot": "(conv.) a capot bid made or down is worth 500 to the winner, 1000 contré, "
        "2000 surcontré; an unbid capot scores 250 + bid (the coinche multiplying the bid) "
        "for the capot team, with every belote",
    },
)

CONTREE_FAITS = replace(
    CONTREE,
    id="contree-points-faits",
    name="Belote contrée, points faits",
    source="000 (FunBelote 'belote contrée', mode points faits)",
    marks=Marks.POINTS_FAITS,
    conventions={
        **CONTREE.conventions,
        "down_belotes": "(conv.) down, not contré: the defence scores 160 + every belote",
        "capot": "(conv.) an unbid capot scores 250 (× 2 contré, × 4 surcontré) with every "
        "belote; a capot bid made or down 500 (× 2, × 4) to the winner",
    },
)

CONTREE_ANNONCES = replace(
    CONTREE,
    id="contree-points-annonces",
    name="Belote contrée, points annoncés",
    source="000 (FunBelote 'belote contrée', mode points annoncés)",
    marks=Marks.POINTS_ANNONCES,
    rounding=Rounding.NONE,
    conventions={
        **CONTREE.conventions,
        "belote": "(conv.) belote scores nothing by itself: it only helps the takers reach "
        "their bid",
        "capot": "(conv.) an unbid capot scores the bid only; a capot bid made scores 250, "
        "contré 500, surcontré 1000; a capot bid down gives the defence 160, or 250 × m "
        "when contré",
    },
)

YEEQIA = replace(
    FFB,
    id="yeeqia",
    name="Yeeqia belote coinchée",
    source="002",
    direction=Direction.CLOCKWISE,
    packets=((3, 2, 3),),
    max_bid=160,
    same_value_higher_suit=True,
    speeches=Speeches.ONE_ROUND,
    undertrump=Undertrump.MUST_UNDERTRUMP,
    announces=False,
    belote_at_ta=False,
    made_rule=MadeRule.REACH,
    marks=Marks.YEEQIA,
    target=1001,
    belote_needs_trick=False,
    conventions={
        "misdeal_penalty": _COMMON_CONV["misdeal_penalty"],
        "misdeal_redealer": _COMMON_CONV["misdeal_redealer"],
        "penalties": _COMMON_CONV["penalties"],
        "cut_min_packet": "(conv.) cut as ffb: at least 3 cards in each packet",
        "speeches": "(conv.) 'une seule parole': each seat speaks once in turn; after the "
        "fourth speech only pass, coinche and surcoinche remain, and three passes after the "
        "last call end the auction",
        "coinche_out_of_turn": "(conv.) the defence coinches in turn",
        "down_belote": "(conv.) down, not coinched: defence 160 + bid + its own belote; "
        "the takers keep their belote",
        "coinched_belote": "(conv.) belote is always kept: coinched, only the winning team "
        "scores, plus each team's belote, not multiplied for the defence",
        "both_reach_target": "(conv.) both teams over the target: the higher total wins, "
        "equal totals play one more deal",
    },
)

TRIPOT = replace(
    FFB,
    id="tripot",
    name="Coinche du Tripot",
    source="003",
    direction=Direction.CLOCKWISE,
    cut_min_packet=2,
    packets=ANY_PACKETS,
    shuffle=False,
    misdeal_penalty=160,
    misdeal_redealer=Redealer.NEXT,
    trumps=ALL_TRUMPS,
    min_bid=82,
    max_bid=160,
    capot_ends_auction=True,
    coinche_out_of_turn=True,
    surcoinche_out_of_turn=True,
    undertrump=Undertrump.MUST_UNDERTRUMP,
    ta_points=TaPoints.SCALED,
    announces=False,
    belote_at_ta=False,
    marks=Marks.TRIPOT,
    capot_points=250,
    rounding=Rounding.NONE,
    target=3000,
    belote_needs_trick=False,
    conventions={
        "penalties": _COMMON_CONV["penalties"],
        "min_bid": "(conv.) 82, then 90, 100 … 160",
        "max_bid": "(conv.) 160",
        "speak_in_turn": "(conv.) 'the previous player must have said pass' is read as: "
        "speak in turn",
        "coinche_out_of_turn": "(conv.) an out-of-turn coinche does not move the turn: the "
        "auction goes on from where it was and ends at a surcoinche or after three passes "
        "following the coinche",
        "capot_auction": _COMMON_CONV["tripot_capot_auction"],
        "ta_points": "(conv.) TA card points × 162/258, rounded half up to a whole point",
        "capot_points": "(conv.) a team taking all 8 tricks counts 250 points made",
        "capot_coinched": "(conv.) a capot bid ends the auction, so it is never coinched; "
        "a coinched contract made with an unbid capot scores (160 + bid) × m, the 250 points "
        "made do not replace the 160",
        "both_reach_target": "(conv.) both teams over the target: the higher total wins, "
        "equal totals play one more deal",
    },
)

PROFILES: dict[str, Profile] = {
    p.id: p
    for p in (FFB, FFB_SATA, FUNBELOTE, CONTREE, CONTREE_FAITS, CONTREE_ANNONCES, YEEQIA, TRIPOT)
}


def find_profile(profile_id: str) -> Profile:
    """The built-in profile with this id; raises :class:`UnknownProfileError` otherwise."""
    try:
        return PROFILES[profile_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(PROFILES))
        raise UnknownProfileError(f"unknown profile {profile_id!r}; known: {known}") from None
