"""Snapshots: cached states at deal boundaries, so a replay folds ~40 events, not 5,000.

A snapshot is a state right after a deal ended, encoded as data by
:mod:`projections.codec` (JSON bytes; the row names its ``format``), keyed by game,
version and :func:`~projections.codeversion.code_version`, and tied to the id of the
event it ended on. Reading a state at version v loads the latest snapshot at or
before v and folds the events after it. The table is a cache anyone with write
access could alter: a row that does not decode, is of an unknown format, or no
longer matches the stored event at its version is logged, deleted and rebuilt from
the events, never trusted and never executed. Results are identical with and
without snapshots (tested).

Only the state is stored, never the log of entries: a fold resumed from a snapshot
reads the earlier events again only when a void needs them
(:func:`~projections.fold.history_needed`).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

import orjson

from projections import codec
from projections.address import Upto, reached
from projections.codeversion import code_version
from projections.entries import ROW_COLUMNS, Entry, from_rows
from projections.fold import Log, Stored, apply, history_needed, with_history
from projections.state import EMPTY, GameState

if TYPE_CHECKING:
    from psycopg import Connection

log = logging.getLogger("coinche.projections")

SELECT_EVENTS = (
    f"SELECT {ROW_COLUMNS} FROM events WHERE game_id = %s AND version > %s "  # noqa: S608
    "AND version <= %s ORDER BY version"
)
_SNAPSHOT = (
    "SELECT s.version, s.format, s.data, s.event_id IS NOT DISTINCT FROM e.event_id, s.event_id "
    "FROM projection_snapshots s LEFT JOIN events e "
    "ON e.game_id = s.game_id AND e.version = s.version "
    "WHERE s.game_id = %s AND s.code_version = %s AND {where} ORDER BY s.version DESC LIMIT 1"
)
LATEST = _SNAPSHOT.format(where="s.version <= %s")
BEFORE_DEAL = _SNAPSHOT.format(where="s.deals < %s")
SAVE = (
    "INSERT INTO projection_snapshots (game_id, version, code_version, format, deals, "
    "event_id, data) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"
)
DROP = "DELETE FROM projection_snapshots WHERE game_id = %s AND code_version = %s AND version = %s"
POSITION_OF = "SELECT position FROM events WHERE game_id = %s AND version = %s"
VERSION_AT_POSITION = "SELECT max(version) FROM events WHERE game_id = %s AND position <= %s"

Folded = tuple[GameState, Log]


def deals_done(state: GameState) -> int:
    return len(state.game.records) if state.game is not None else 0


def at_deal_boundary(state: GameState) -> bool:
    game = state.game
    return game is not None and bool(game.records) and not game.in_deal


def save(conn: Connection[Any], game_id: UUID, state: GameState, event_id: UUID) -> None:
    """Store ``state`` (the state after the event ``event_id``) as a snapshot."""
    try:
        data = orjson.dumps(codec.encode(state))
    except (TypeError, ValueError) as e:  # e.g. metadata orjson cannot write: no snapshot
        log.warning("no snapshot of game %s at %s: %s", game_id, state.version, e)
        return
    row = (game_id, state.version, code_version(), codec.FORMAT, deals_done(state), event_id, data)
    conn.execute(SAVE, row)


class _Decoded:
    """The last snapshots decoded by this process, by (game, version, event id): a replay
    stepping through a deal reads the same snapshot again and again. States are
    immutable, so threads share them."""

    def __init__(self, size: int = 64) -> None:
        self._states: OrderedDict[tuple[UUID, int, UUID], GameState] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def get(self, key: tuple[UUID, int, UUID]) -> GameState | None:
        with self._lock:
            found = self._states.get(key)
            if found is not None:
                self._states.move_to_end(key)
            return found

    def put(self, key: tuple[UUID, int, UUID], state: GameState) -> None:
        with self._lock:
            self._states[key] = state
            while len(self._states) > self._size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


DECODED = _Decoded()


def decode_row(game_id: UUID, row: tuple[Any, ...]) -> GameState:
    """The state of a snapshot row ``(version, format, data, matches, event id)``; raises
    :class:`~projections.codec.CodecError` when the row cannot be used."""
    version, fmt, data, matches, _event = row
    if not matches:
        raise codec.CodecError("the event at this version is not the one the snapshot ended on")
    try:
        decoded = orjson.loads(data)
    except orjson.JSONDecodeError as e:
        raise codec.CodecError(f"not JSON: {e}") from None
    if type(decoded) is not dict or decoded.get("format") != fmt:
        raise codec.CodecError(f"the data's format is not the row's ({fmt!r})")
    state = codec.decode(decoded)
    if state.version != version or state.meta is None:
        raise codec.CodecError(f"a state at version {state.version}, not {version}")
    return state


def _load(conn: Connection[Any], game_id: UUID, row: tuple[Any, ...] | None) -> Folded:
    if row is None:
        return EMPTY, None
    key = (game_id, row[0], row[4])
    state = DECODED.get(key) if row[3] else None  # only for the history it was folded on
    if state is not None:
        return state, Stored(state.version)
    try:
        state = decode_row(game_id, row)
        DECODED.put(key, state)
    except codec.CodecError as e:
        log.warning("snapshot of game %s at %s ignored and rebuilt: %s", game_id, row[0], e)
        conn.execute(DROP, (game_id, code_version(), row[0]))
        return EMPTY, None
    return state, Stored(state.version)


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


def complete(conn: Connection[Any], game_id: UUID, log_: Log, coming: Sequence[Entry | str]) -> Log:
    """``log_`` with the entries a snapshot left in the store, when the ``coming`` entries
    (or event types) need them (a void replays the game)."""
    needed = history_needed(log_, coming)
    if needed is None:
        return log_
    rows = conn.execute(SELECT_EVENTS, (game_id, 0, needed)).fetchall()
    return with_history(log_, list(from_rows(rows)))


def _from_snapshot(conn: Connection[Any], game_id: UUID, upto: Upto | None, target: int) -> Folded:
    """The latest usable snapshot before the stopping point, or the empty state."""
    if upto is not None and upto.address is not None:
        row = conn.execute(BEFORE_DEAL, (game_id, code_version(), upto.address.deal)).fetchone()
        return _load(conn, game_id, row) if row is not None and row[0] <= target else (EMPTY, None)
    return _load(conn, game_id, conn.execute(LATEST, (game_id, code_version(), target)).fetchone())


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
    log_ = complete(conn, game_id, log_, [r[2] for r in rows])  # their types
    for entry, row in zip(from_rows(rows), rows, strict=False):  # stops early at an address
        before = deals_done(state)
        state = apply(state, entry, log_)
        log_ = (entry, log_)
        if write_snapshots and deals_done(state) > before and at_deal_boundary(state):
            save(conn, game_id, state, row[6])
        if upto is not None and upto.address is not None and reached(state, upto.address):
            break
    return state, log_
