"""A game's audit: every rule breach with its place, in DESIGN.md's findings format.

Voided events are left out (they did not happen); every table event is judged
knowing all four hands (recorded, or revealed by the deal's 32 cards); marks
written at the table (``ScoreRecorded``) are compared with the computed marks;
log-level anomalies (an event before ``GameCreated``, a bad void…) are reported
too. ``position`` is the event's game version: its 1-based line in a one-game
NDJSON file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events import log
from projections.entries import Entry
from projections.fold import project
from projections.profiles import game_profile
from rules.actions import Action, CardPlayed
from rules.cards import card_name
from rules.notation import TABLE_TYPES
from rules.profiles import Profile
from rules.replay import audit as audit_actions
from rules.seats import Seat, Team


def finding(
    deal: int | None,
    trick: int | None,
    seat: str | None,
    version: int,
    rule: str,
    detail: str,
    severity: str,
    card: str | None = None,
) -> dict[str, Any]:
    """A finding in DESIGN.md's shape; ``card`` names the card played, when there is one."""
    return {
        "deal": deal,
        "trick": trick,
        "seat": seat,
        "position": version,
        "rule": rule,
        "detail": detail,
        "severity": severity,
        "card": card,
    }


def audit_game(entries: Sequence[Entry]) -> list[dict[str, Any]]:
    """Findings, ordered by position; empty for a clean game.

    The common game (``GameCreated`` first, then only table events and written
    scores) is judged straight from its events; a game with voids, rulings, an
    abandonment or a malformed start is folded first, for the voids and the
    log-level anomalies.
    """
    simple = _simple(entries)
    if simple is not None:
        return _judged(entries, *simple, voided=frozenset(), found=[])
    state = project(entries)
    kinds = {e.version: e.type for e in entries}
    found = [
        finding(
            a.deal,
            a.trick,
            a.seat.name if a.seat is not None else None,
            a.version,
            a.rule,
            a.detail,
            a.severity,
        )
        for a in state.anomalies
        if kinds.get(a.version) not in TABLE_TYPES  # table events are judged below
        and a.severity == "impossible"
    ]
    meta = state.meta
    if meta is None:
        return found
    return _judged(
        entries, meta.profile, meta.first_dealer, meta.target, voided=state.voided, found=found
    )


def _simple(entries: Sequence[Entry]) -> tuple[Profile, Seat, int | None] | None:
    """The game's settings when it needs no fold (see :func:`audit_game`)."""
    if not entries or entries[0].type != "GameCreated" or entries[0].version != 1:
        return None
    if any(e.type not in _PLAIN for e in entries[1:]):
        return None
    created = entries[0].record
    assert isinstance(created, log.GameCreated)
    try:
        profile = game_profile(created.profile)
    except ValueError:
        return None  # the fold reports it
    return profile, created.first_dealer, created.target


_PLAIN = TABLE_TYPES | {"ScoreRecorded"}


def _judged(
    entries: Sequence[Entry],
    profile: Profile,
    first_dealer: Seat,
    target: int | None,
    *,
    voided: frozenset[int],
    found: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """``found`` plus every table event judged and every written score checked."""
    live = [e for e in entries if e.version not in voided]
    actions: list[tuple[int, Action]] = [
        (e.version, e.record)  # type: ignore[misc]
        for e in live
        if e.type in TABLE_TYPES
    ]
    findings, game = audit_actions(profile, first_dealer, [x for _, x in actions], target)
    for f in findings:
        version, action = actions[f.index]
        found.append(
            finding(
                f.deal,
                f.trick,
                f.seat.name if f.seat is not None else None,
                version,
                f.rule,
                f.detail,
                f.severity.value,
                _card_of(action),
            )
        )
    computed = {r.number: r.result.marks for r in game.records}
    for e in live:
        if isinstance(e.record, log.ScoreRecorded):
            found += _score_check(e.version, e.record, computed)
    found.sort(key=lambda f: (f["position"], f["rule"]))
    return found


def _score_check(
    version: int, rec: log.ScoreRecorded, computed: dict[int, tuple[int, int]]
) -> list[dict[str, Any]]:
    written = (rec.marks.get(Team.NS, 0), rec.marks.get(Team.EW, 0))
    marks = computed.get(rec.deal)
    if marks is None:
        detail = f"a score is written for deal {rec.deal}, which is not finished"
        return [finding(rec.deal, None, None, version, "score-unknown-deal", detail, "breach")]
    if marks == written:
        return []
    detail = (
        f"deal {rec.deal} written NS {written[0]}, EW {written[1]}; "
        f"the rules give NS {marks[0]}, EW {marks[1]}"
    )
    return [finding(rec.deal, None, None, version, "score-mismatch", detail, "breach")]


def _card_of(action: Action) -> str | None:
    return card_name(action.card) if isinstance(action, CardPlayed) else None
