"""The write-side judgement: the store's ``check`` hook (DESIGN.md, "The flow of one event").

Before an append, the game's current state is projected and each new event judged
under the game's profile and enforcement mode: an *impossible* event is refused in
both modes; a rule *breach* is refused in ``strict`` mode and kept with its
breach in ``record`` mode (the audit reports it). A refusal names the rule and the
offending card or bid, and the store keeps nothing of the batch.

The state is found in a small per-process cache, validated against the stored
event id at the current version (so a rolled-back append can never poison it),
else in the snapshot table, else folded from the events. Snapshots are written in
the append's own transaction when an event ends a deal.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

from events.errors import EventRefused
from events.records import Check, CheckResult, Pending, Status
from events.vocabulary import log
from events.vocabulary.wire import record_of
from i18n.findings import render
from i18n.vocabulary import vocabulary_of
from projections.entries import Entry
from projections.fold import Log, apply_judged, log_problem
from projections.profiles import game_profile
from projections.snapshots import at_deal_boundary, complete, deals_done, load_state, save
from projections.state import GameState
from rules.judge import judge
from rules.notation import TABLE_TYPES
from rules.verdict import Severity, Verdict, facts

if TYPE_CHECKING:
    from psycopg import Connection

EVENT_AT = "SELECT event_id FROM events WHERE game_id = %s AND version = %s"
Folded = tuple[GameState, Log]


class Judgement:
    """Callable as the store's ``check``; one instance per process is enough."""

    def __init__(self, cache_size: int = 512) -> None:
        self._cache: OrderedDict[UUID, tuple[int, UUID | None, Folded]] = OrderedDict()
        self._size = cache_size
        self._lock = threading.Lock()

    def __call__(
        self,
        conn: Connection[Any],
        game_id: UUID,
        current_version: int,
        new_events: Sequence[Pending],
    ) -> CheckResult:
        state, log_ = self.current(conn, game_id, current_version)
        log_ = complete(conn, game_id, log_, [p.type for p in new_events])
        breaches: list[list[dict[str, Any]]] = []
        for index, pending in enumerate(new_events):
            record = record_of(pending.type, pending.schema_version, pending.data)
            entry = Entry(current_version + index + 1, None, pending.type, record)
            verdict = judge_entry(state, entry, log_)
            if verdict is not None:
                mode = _enforcement(state, record)
                if verdict.impossible or mode == "strict":
                    words = vocabulary_of(state.meta.profile if state.meta else None)
                    raise EventRefused(
                        verdict.rule,
                        render(verdict.rule, verdict.params, "en", words),
                        index,
                        verdict.impossible,
                        params=verdict.params,
                        vocabulary=words.value,
                    )
                entry = entry._replace(breaches=(verdict.as_dict(),))
                breaches.append([verdict.as_dict()])
            else:
                breaches.append([])
            before = deals_done(state)
            state = apply_judged(state, entry, log_)  # judged once, above
            log_ = (entry, log_)
            if deals_done(state) > before and at_deal_boundary(state):
                save(conn, game_id, state, pending.id)
        last = new_events[-1].id if new_events else None
        self._remember(game_id, state.version, last, (state, log_))
        return CheckResult(breaches, _status(state))

    def current(self, conn: Connection[Any], game_id: UUID, version: int) -> Folded:
        """The game's state at ``version`` (its current one, the caller holding the lock)."""
        if version == 0:
            return GameState(None, None), None
        with self._lock:
            cached = self._cache.get(game_id)
        start: Folded | None = None
        if cached is not None and cached[0] <= version:
            # still valid if the event it ended on is the one stored at that version;
            # then only the events appended since (by other processes) are folded
            row = conn.execute(EVENT_AT, (game_id, cached[0])).fetchone()
            if row is not None and row[0] == cached[1]:
                if cached[0] == version:
                    return cached[2]
                start = cached[2]
        folded = load_state(conn, game_id, start=start)
        row = conn.execute(EVENT_AT, (game_id, version)).fetchone()
        self._remember(game_id, version, row[0] if row else None, folded)
        return folded

    def current_cached(self, game_id: UUID) -> tuple[int, UUID | None, Folded] | None:
        """What this process has cached for a game (for tests and diagnostics)."""
        with self._lock:
            return self._cache.get(game_id)

    def _remember(self, game_id: UUID, version: int, last: UUID | None, folded: Folded) -> None:
        with self._lock:
            self._cache[game_id] = (version, last, folded)
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)


def _enforcement(state: GameState, record: object) -> str:
    if state.meta is not None:
        return state.meta.enforcement
    return record.enforcement if isinstance(record, log.GameCreated) else "strict"


def _status(state: GameState) -> Status | None:
    if state.meta is None:
        return None
    return (
        "finished"
        if state.status == "finished"
        else "abandoned"
        if state.status == "abandoned"
        else "live"
    )


def judge_entry(state: GameState, entry: Entry, log_: Log) -> Verdict | None:
    """None when the event may be appended, else the verdict that says why not."""
    problem = log_problem(state, entry, log_)
    if problem is not None:
        return Verdict(Severity.IMPOSSIBLE, *problem)
    record = entry.record
    if isinstance(record, log.GameCreated):
        try:
            game_profile(record.profile)
        except ValueError as e:
            return Verdict(Severity.IMPOSSIBLE, "bad-profile", facts(error=str(e)))
        return None
    if entry.type not in TABLE_TYPES:
        return None
    assert state.game is not None
    verdict = judge(state.game, record)  # type: ignore[arg-type]
    return None if verdict.legal else verdict


class ClubCheck:
    """The store's check for an import by a club: each game must be the club's own,
    then the rules judge it as for an append."""

    def __init__(self, club: str, judgement: Check) -> None:
        self.club, self.judgement = club, judgement

    def __call__(
        self,
        conn: Connection[Any],
        game_id: UUID,
        current_version: int,
        new_events: Sequence[Pending],
    ) -> CheckResult | None:
        first = new_events[0] if new_events else None
        if current_version == 0 and first is not None and first.type == "GameCreated":
            owner = first.data.get("club")
            if owner != self.club:
                params = {"owner": str(owner), "club": self.club}
                detail = render("wrong-club", params, "en")
                raise EventRefused("wrong-club", detail, 0, params=params)
        return self.judgement(conn, game_id, current_version, new_events)
