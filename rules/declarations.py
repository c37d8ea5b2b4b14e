"""Judge a deal's declarations once its hands are known: announces and belotes.

Announces are checked against the hand as dealt (a player declares during the
first trick, holding all eight cards). A declaration the player cannot show is a
*renonce*: it takes no part in the comparison and its points go to the opponents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.actions import AnnounceKind, BeloteWord
from rules.announces import SUITE_VALUES, Announce, Resolution, carre_value, resolve, shape
from rules.belote import BELOTE_POINTS, BeloteCheck, judge_words
from rules.cards import CardSet, mask_of, names
from rules.contract import Trump
from rules.deal import Declared
from rules.profiles import Profile
from rules.seats import Seat, Team
from rules.verdict import Facts, facts


@dataclass(frozen=True, slots=True)
class AnnounceCheck:
    declared: Declared
    announce: Announce | None  # None when the declaration is not valid
    rule: str  # "" when valid
    facts: Facts
    penalty: int  # points the opponents score for a false announce


@dataclass(frozen=True, slots=True)
class Declarations:
    announces: tuple[AnnounceCheck, ...]
    resolution: Resolution
    belotes: tuple[BeloteCheck, ...]
    belote_points: tuple[int, int]  # per team
    belote_seats: tuple[tuple[Seat, int], ...]  # (seat, suit) of each scored belote
    penalties: tuple[int, int]  # false-announce points scored by each team


def _declared_value(d: Declared, trump: Trump) -> int:
    if d.kind is AnnounceKind.CARRE:
        ranks = {c & 7 for c in d.cards}
        if len(ranks) == 1:
            return carre_value(ranks.pop(), trump) or 100
        return 100  # (conv.) a garbled carré is worth the smallest carré
    return SUITE_VALUES[d.kind]


def check_announces(
    declared: Sequence[Declared], dealt: Sequence[CardSet], trump: Trump, profile: Profile
) -> list[AnnounceCheck]:
    checks: list[AnnounceCheck] = []
    used: dict[Seat, CardSet] = {}
    for d in declared:
        if not profile.announces:
            checks.append(
                AnnounceCheck(
                    d,
                    None,
                    "no-announces",
                    facts(seat=d.seat.name, kind=d.kind.value),
                    0,
                )
            )
            continue
        if not d.in_time:
            checks.append(
                AnnounceCheck(
                    d,
                    None,
                    "announce-out-of-time",
                    facts(seat=d.seat.name, kind=d.kind.value),
                    0,
                )
            )
            continue
        found = shape(d.kind, d.cards, trump)
        cards = mask_of(d.cards)
        penalty = _declared_value(d, trump)
        said = facts(seat=d.seat.name, kind=d.kind.value, cards=tuple(names(d.cards)))
        if not isinstance(found, Announce):
            checks.append(AnnounceCheck(d, None, "false-announce", (*said, *found), penalty))
        elif dealt[d.seat] & cards != cards:
            checks.append(
                AnnounceCheck(
                    d,
                    None,
                    "false-announce",
                    (*said, ("why", "not-held")),
                    penalty,
                )
            )
        elif used.get(d.seat, 0) & cards:
            checks.append(
                AnnounceCheck(
                    d,
                    None,
                    "false-announce",
                    (*said, ("why", "reused")),
                    penalty,
                )
            )
        else:
            used[d.seat] = used.get(d.seat, 0) | cards
            checks.append(AnnounceCheck(d, found, "", (), 0))
    return checks


def judge_declarations(
    declared: Sequence[Declared],
    said: Sequence[tuple[Seat, BeloteWord, int | None]],
    dealt: Sequence[CardSet],
    trump: Trump,
    profile: Profile,
) -> Declarations:
    announces = check_announces(declared, dealt, trump, profile)
    valid = [(c.declared.seat.team, c.announce) for c in announces if c.announce is not None]
    resolution = resolve(valid, trump)
    penalties = [0, 0]
    for c in announces:
        if c.penalty:
            penalties[1 - c.declared.seat.team] += c.penalty
    belote_checks, scored = judge_words(said, dealt, trump, profile.belote_at_ta)
    belote = [0, 0]
    for seat, _suit in scored:
        belote[seat.team] += BELOTE_POINTS
    return Declarations(
        tuple(announces),
        resolution,
        tuple(belote_checks),
        (belote[Team.NS], belote[Team.EW]),
        tuple(scored),
        (penalties[0], penalties[1]),
    )
