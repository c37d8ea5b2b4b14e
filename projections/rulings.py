"""An arbiter's rulings: checked against the game, and the marks they give each deal.

A ruling names a finished deal. Its ``ruling`` document holds an ``adjustment``
(``{"NS": n, "EW": m}`` added to the deal's marks), or a standard ``penalty`` of the
game's profile (``{"penalty": "revoke", "offender": "W", "finding": {"deal": 3,
"trick": 5, "seat": "W"}}``) which replaces the deal's marks (:mod:`rules.penalties`),
or neither (a note). The deal's row then reads the ruled marks, and the totals and
the end of the game are counted again (:meth:`rules.game.Game.rescored`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from events.vocabulary import log
from projections.state import GameState, RuledPenalty, Ruling
from rules.penalties import PenaltyError, penalty_marks
from rules.seats import Seat
from rules.verdict import Facts, facts

Problem = tuple[str, Facts]  # a rule id and its facts (worded by i18n)
Where = tuple[int, int | None, Seat | None]  # deal, trick, seat of a finding
SEATS = frozenset(Seat.__members__)


def ruling_of(
    state: GameState, version: int, record: log.RulingIssued
) -> tuple[Ruling | None, Problem | None]:
    """The ruling to add to ``state``, or the problem (rule, facts) that refuses it."""
    game, meta = state.game, state.meta
    assert game is not None and meta is not None
    adjust = adjustment(record.ruling)
    if adjust is None:
        return None, ("ruling-malformed", facts(why="adjustment"))
    done = {r.number: r for r in game.records}
    if record.deal not in done:
        return None, ("ruling-unknown-deal", facts(deal=record.deal))
    if "penalty" not in record.ruling:
        return Ruling(version, record.deal, adjust, record.reason, record.by), None
    if "adjustment" in record.ruling:
        return None, ("ruling-malformed", facts(why="both"))
    try:
        name, offender, finding = _penalty(record.ruling)
    except _Refused as refused:
        return None, refused.problem
    penalty = meta.profile.penalty(name)
    if penalty is None:
        known = tuple(n for n, _ in meta.profile.penalties)
        said = facts(profile=meta.profile.id, penalty=name, known=known)
        return None, ("penalty-unknown", said)
    if finding is not None and finding[0] != record.deal:
        said = facts(finding_deal=finding[0], deal=record.deal)
        return None, ("penalty-finding-elsewhere", said)
    if any(r.deal == record.deal and r.penalty is not None for r in state.rulings):
        return None, ("penalty-twice", facts(deal=record.deal))
    try:
        marks, made = penalty_marks(meta.profile, done[record.deal].result, offender.team, penalty)
    except PenaltyError as error:
        return None, (error.rule, ())  # the rule id says it: penalty-needs-contract
    ruled = RuledPenalty(name, offender, marks, made, finding)
    return Ruling(version, record.deal, adjust, record.reason, record.by, ruled), None


class _Refused(Exception):
    def __init__(self, why: str, **more: str) -> None:
        super().__init__(why)
        self.problem: Problem = ("ruling-malformed", facts(why=why, **more))


def _penalty(ruling: Mapping[str, Any]) -> tuple[str, Seat, Where | None]:
    """The penalty's name, offender and finding; :class:`_Refused` when malformed (stored
    events only: the schema refuses these on the way in)."""
    name, offender, finding = ruling.get("penalty"), ruling.get("offender"), ruling.get("finding")
    if not isinstance(name, str) or not isinstance(offender, str) or offender not in SEATS:
        raise _Refused("penalty-shape")
    if finding is None:
        return name, Seat[offender], None
    if not isinstance(finding, dict):
        raise _Refused("finding-shape")
    deal, trick, seat = finding.get("deal"), finding.get("trick"), finding.get("seat")
    if (
        type(deal) is not int
        or not (trick is None or type(trick) is int)
        or not (seat is None or (isinstance(seat, str) and seat in SEATS))
    ):
        raise _Refused("finding-shape")
    at = Seat[seat] if seat is not None else None
    if at is not None and at.team != Seat[offender].team:
        raise _Refused("finding-seat", seat=str(seat))
    return name, Seat[offender], (deal, trick, at)


def adjustment(ruling: Mapping[str, Any]) -> tuple[int, int] | None:
    """The ruling's adjustment (0, 0 when it has none), None when it is malformed."""
    adjust = ruling.get("adjustment")
    if adjust is None:
        return (0, 0)
    if not isinstance(adjust, dict) or set(adjust) - {"NS", "EW"}:
        return None
    ns, ew = adjust.get("NS", 0), adjust.get("EW", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (ns, ew)):
        return None
    return ns, ew


def ruled_marks(state: GameState, rulings: tuple[Ruling, ...]) -> dict[int, tuple[int, int]]:
    """The marks of each ruled deal: its penalty's marks (else its own) plus adjustments."""
    game = state.game
    assert game is not None
    own = {r.number: r.result.marks for r in game.records}
    out: dict[int, tuple[int, int]] = {}
    for deal in sorted({r.deal for r in rulings if r.deal in own}):
        mine = [r for r in rulings if r.deal == deal]
        penalties = [r.penalty for r in mine if r.penalty is not None]
        base = penalties[-1].marks if penalties else own[deal]
        out[deal] = (
            base[0] + sum(r.adjustment[0] for r in mine),
            base[1] + sum(r.adjustment[1] for r in mine),
        )
    return out
