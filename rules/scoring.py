"""The result of a finished deal: points, made or down, and each team's mark.

``points`` are each team's own total before any transfer (cards, last trick or
capot, counted announces, belote); ``marks`` what each team scores for the deal
after the profile's formula, rounding and false-announce penalties. The contract
is always judged on ``points``, before rounding (bid 90, 89 made: down).

>>> round_mark(85), round_mark(84), round_mark(250)
(90, 80, 250)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.contract import CAPOT, BidValue, Contract, Trump
from rules.deal import Deal, Phase
from rules.declarations import Declarations, judge_declarations
from rules.formulas import Inputs, marks_for
from rules.profiles import MadeRule, Profile, Rounding, TaPoints
from rules.seats import Seat, Team


def round_mark(value: int) -> int:
    """Nearest 10, 5 rounds up (85 → 90, 84 → 80)."""
    return (value + 5) // 10 * 10


def scale_ta(points: int) -> int:
    """Tripot all-trump: × 162/258, rounded half up to a whole point."""
    return (points * 162 * 2 + 258) // (258 * 2)


@dataclass(frozen=True, slots=True)
class DealResult:
    contract: Contract | None
    made: bool | None  # None when no contract (all passed, misdeal)
    points: tuple[int, int]  # NS, EW: own totals before transfers
    card_points: tuple[int, int]  # cards + last trick (or capot), scaled at tripot TA
    announces: tuple[int, int]  # counted ordinary announces
    belote: tuple[int, int]
    raw_marks: tuple[int, int]  # the formula, before rounding and penalties
    marks: tuple[int, int]
    penalties: tuple[int, int]  # false-announce points added after rounding
    tricks: tuple[int, int] | None  # tricks won per team (None: a score-only deal without them)
    capot: Team | None  # the team that took all 8 tricks
    generale: Seat | None  # the player who took all 8 tricks
    declarations: Declarations | None = None

    @property
    def takers(self) -> Team | None:
        return self.contract.takers if self.contract else None

    def took_a_trick(self, team: int) -> bool:
        """Did ``team`` win a trick? (Tricks not said: every team did unless there was a
        capot, since a capot is one team taking all 8.)"""
        if self.tricks is not None:
            return self.tricks[team] > 0
        return self.capot is None or self.capot == team


def void_result() -> DealResult:
    """All four passed: no score."""
    return DealResult(
        None, None, (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), None, None
    )


def misdeal_result(profile: Profile, at_fault: Seat) -> DealResult:
    """A misdeal: the profile's penalty to the opponents of the dealer at fault."""
    marks = [0, 0]
    marks[1 - at_fault.team] = profile.misdeal_penalty
    m = (marks[0], marks[1])
    return DealResult(None, None, (0, 0), (0, 0), (0, 0), (0, 0), m, m, (0, 0), (0, 0), None, None)


def card_totals(deal: Deal) -> tuple[tuple[int, int], Team | None, Seat | None, tuple[int, int]]:
    """Card points per team (last trick, capot, générale, TA scaling applied)."""
    p = deal.profile
    assert deal.contract is not None
    tricks = [0, 0]
    for t in deal.tricks:
        tricks[t.winner & 1] += 1
    won = list(deal.card_points())
    capot = Team.NS if tricks[0] == 8 else Team.EW if tricks[1] == 8 else None
    winners = {t.winner for t in deal.tricks}
    generale = next(iter(winners)) if len(winners) == 1 else None
    if capot is not None:
        total = p.capot_points
        if generale is not None and p.generale_points is not None:
            total = p.generale_points
        won[capot], won[1 - capot] = total, 0
    elif deal.contract.trump == Trump.TA and p.ta_points is TaPoints.SCALED:
        won = [scale_ta(won[0]), scale_ta(won[1])]
    return (won[0], won[1]), capot, generale, (tricks[0], tricks[1])


def score_deal(deal: Deal) -> DealResult:
    """Score a deal whose 32 cards are played (``deal.phase is Phase.DONE``)."""
    if deal.phase is Phase.VOID:
        return void_result()
    if deal.phase is not Phase.DONE or deal.contract is None:
        raise ValueError(f"deal {deal.number} is not finished: it cannot be scored yet")
    p, contract = deal.profile, deal.contract
    dealt = tuple(deal.dealt(s) or 0 for s in Seat)
    said = [(b.seat, b.word, b.card) for b in deal.belotes]
    decl = judge_declarations(deal.declared, said, dealt, contract.trump, p)
    cards, capot, generale, tricks = card_totals(deal)
    return score_facts(p, contract, cards, capot, generale, tricks, decl)


def contract_made(
    p: Profile,
    value: BidValue,
    takers: Team,
    points: tuple[int, int],
    capot: Team | None,
) -> bool:
    """Whether the takers made a contract of ``value``, from each team's points (cards,
    counted announces and belote) and the team that took all 8 tricks, if any: a capot
    bid needs the capot; otherwise the bid, and more than the defence under
    reach-and-beat."""
    if value == CAPOT:
        return capot == takers
    mine, theirs = points[takers], points[1 - takers]
    bid = int(value)
    if p.made_rule is MadeRule.REACH_AND_BEAT:
        return mine >= bid and mine > theirs
    return mine >= bid


def score_facts(
    p: Profile,
    contract: Contract,
    cards: tuple[int, int],
    capot: Team | None,
    generale: Seat | None,
    tricks: tuple[int, int] | None,
    decl: Declarations,
) -> DealResult:
    """The result of a deal from its facts: the card points (capot, générale and TA scaling
    applied), who took all 8 tricks, and the judged declarations. A played deal
    (:func:`score_deal`), a score-only deal and the rest of a claimed deal are all
    scored here. ``tricks`` is None when a score-only deal did not say them."""
    announces = decl.resolution.counted
    belote = decl.belote_points
    points = tuple(cards[t] + announces[t] + belote[t] for t in (0, 1))
    takers = contract.takers
    bid = p.capot_value if contract.value == CAPOT else int(contract.value)
    made = contract_made(p, contract.value, takers, (points[0], points[1]), capot)
    inputs = Inputs(
        profile=p,
        takers=takers,
        made=made,
        m=contract.coinche,
        bid=bid,
        capot_bid=contract.value == CAPOT,
        capot=capot,
        generale=generale is not None and p.generale_points is not None,
        points=(points[0], points[1]),
        announces=announces,
        belote=belote,
    )
    raw = marks_for(inputs)
    rounded = raw if p.rounding is Rounding.NONE else (round_mark(raw[0]), round_mark(raw[1]))
    pen = decl.penalties
    marks = (rounded[0] + pen[0], rounded[1] + pen[1])
    return DealResult(
        contract,
        made,
        (points[0], points[1]),
        cards,
        announces,
        belote,
        raw,
        marks,
        pen,
        tricks,
        capot,
        generale,
        decl,
    )
