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
from rules.actions import Action, CardPlayed
from rules.cards import card_name
from rules.notation import TABLE_TYPES
from rules.replay import audit as audit_actions
from rules.seats import Team


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
    """Findings, ordered by position; empty for a clean game."""
    state = project(entries)
    kinds = {e.version: e.type for e in entries}
    found: list[dict[str, Any]] = [
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
    live = [e for e in entries if e.version not in state.voided]
    actions: list[tuple[int, Action]] = [
        (e.version, e.record)  # type: ignore[misc]
        for e in live
        if e.type in TABLE_TYPES
    ]
    findings, game = audit_actions(
        meta.profile, meta.first_dealer, [x for _, x in actions], meta.target
    )
    for f in findings:
        found.append(
            finding(
                f.deal,
                f.trick,
                f.seat.name if f.seat is not None else None,
                actions[f.index][0],
                f.rule,
                f.detail,
                f.severity.value,
                _card_of(actions[f.index][1]),
            )
        )
    computed = {r.number: r.result.marks for r in game.records}
    for e in live:
        if isinstance(e.record, log.ScoreRecorded):
            written = (e.record.marks.get(Team.NS, 0), e.record.marks.get(Team.EW, 0))
            marks = computed.get(e.record.deal)
            if marks is None:
                found.append(
                    finding(
                        e.record.deal,
                        None,
                        None,
                        e.version,
                        "score-unknown-deal",
                        f"a score is written for deal {e.record.deal}, which is not finished",
                        "breach",
                    )
                )
            elif marks != written:
                found.append(
                    finding(
                        e.record.deal,
                        None,
                        None,
                        e.version,
                        "score-mismatch",
                        f"deal {e.record.deal} written NS {written[0]}, EW "
                        f"{written[1]}; the rules give NS {marks[0]}, "
                        f"EW {marks[1]}",
                        "breach",
                    )
                )
    found.sort(key=lambda f: (f["position"], f["rule"]))
    return found


def _card_of(action: Action) -> str | None:
    return card_name(action.card) if isinstance(action, CardPlayed) else None
