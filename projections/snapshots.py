"""Snapshots: cached states at deal boundaries, so a replay folds ~40 events, not 900.

A snapshot is the pickled ``(GameState, log)`` pair right after a deal ended,
keyed by game, version and :func:`~projections.codeversion.code_version`. Reading
a state at version v loads the latest snapshot at or before v and folds the
events after it; a missing or outdated snapshot is rebuilt transparently. The
table is a cache: deleting rows only costs time, and results are identical with
and without snapshots (tested).

Pickle is safe here because only this service writes the table.
"""

from __future__ import annotations

import pickle
from typing import Any
from uuid import UUID

from psycopg import Connection

from events.reads import stored_event
from projections.address import Upto, reached
from projections.codeversion import code_version
from projections.entries import from_stored
from projections.fold import Log, apply
from projections.state import EMPTY, GameState

SELECT_EVENTS = (
    "SELECT position, game_id, version, event_id, type, schema_version, data, recorded_at, "
    "recorded_by, breaches, hash FROM events WHERE game_id = %s AND version > %s "
    "AND version <= %s ORDER BY version"
)
LATEST = (
    "SELECT version, state FROM projection_snapshots WHERE game_id = %s AND code_version = %s "
    "AND version <= %s ORDER BY version DESC LIMIT 1"
)
BEFORE_DEAL = (
    "SELECT version, state FROM projection_snapshots WHERE game_id = %s AND code_version = %s "
    "AND deals < %s ORDER BY version DESC LIMIT 1"
)
SAVE = (
    "INSERT INTO projection_snapshots (game_id, version, code_version, deals, state) "
    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"
)
POSITION_OF = "SELECT position FROM events WHERE game_id = %s AND version = %s"
VERSION_AT_POSITION = "SELECT max(version) FROM events WHERE game_id = %s AND position <= %s"

Folded = tuple[GameState, Log]


def deals_done(state: GameState) -> int:
    return len(state.game.records) if state.game is not None else 0


def at_deal_boundary(state: GameState) -> bool:
    game = state.game
    return game is not None and bool(game.records) and not game.in_deal


def save(conn: Connection[Any], game_id: UUID, folded: Folded) -> None:
    state = folded[0]
    blob = pickle.dumps(folded, protocol=pickle.HIGHEST_PROTOCOL)
    conn.execute(SAVE, (game_id, state.version, code_version(), deals_done(state), blob))


def _load(row: tuple[Any, ...] | None) -> Folded:
    if row is None:
        return EMPTY, None
    folded: Folded = pickle.loads(row[1])
    return folded


def load_state(
    conn: Connection[Any],
    game_id: UUID,
    upto: Upto | None = None,
    *,
    use_snapshots: bool = True,
    write_snapshots: bool = True,
    start: Folded | None = None,
) -> Folded:
    """The folded state of a game up to ``upto`` (the whole game by default), folding
    from ``start`` (a state of this game the caller trusts) when given."""
    target = 2**31 - 1
    if upto is not None and upto.version is not None:
        target = upto.version
    if upto is not None and upto.position is not None:
        row = conn.execute(VERSION_AT_POSITION, (game_id, upto.position)).fetchone()
        target = min(target, int(row[0]) if row and row[0] is not None else 0)
    if start is None:
        start = (EMPTY, None)
        if use_snapshots:
            start = _from_snapshot(conn, game_id, upto, target)
    state, log_ = _fold_rows(conn, game_id, upto, target, start, write_snapshots)
    if state.position is None and state.version > 0:  # a snapshot written before insert
        row = conn.execute(POSITION_OF, (game_id, state.version)).fetchone()
        state = state._replace(position=row[0] if row else None)
    return state, log_


def _from_snapshot(conn: Connection[Any], game_id: UUID, upto: Upto | None, target: int) -> Folded:
    """The latest usable snapshot before the stopping point, or the empty state."""
    if upto is not None and upto.address is not None:
        row = conn.execute(BEFORE_DEAL, (game_id, code_version(), upto.address.deal)).fetchone()
        return _load(row) if row is not None and row[0] <= target else (EMPTY, None)
    return _load(conn.execute(LATEST, (game_id, code_version(), target)).fetchone())


def _fold_rows(
    conn: Connection[Any],
    game_id: UUID,
    upto: Upto | None,
    target: int,
    start: Folded,
    write_snapshots: bool,
) -> Folded:
    """Fold the stored events after ``start`` up to ``target`` (or the address)."""
    rows = conn.execute(SELECT_EVENTS, (game_id, start[0].version, target)).fetchall()
    state, log_ = start
    for entry in from_stored(stored_event(r) for r in rows):
        before = deals_done(state)
        state = apply(state, entry, log_)
        log_ = (entry, log_)
        if write_snapshots and deals_done(state) > before and at_deal_boundary(state):
            save(conn, game_id, (state, log_))
        if upto is not None and upto.address is not None and reached(state, upto.address):
            break
    return state, log_
