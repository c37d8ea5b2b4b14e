"""The append itself: one game's batch, in one transaction.

**Feed order, without a table lock.** Appends to different games never wait for
each other: positions come from a sequence and may commit out of order, so each
row also stores ``tx``, its transaction's id, and tailing readers go in ``(tx,
position)`` order below the horizon of running transactions
(:mod:`events.store.feed_order`). A game's events must keep their version order
in the feed, yet a transaction may have taken its id before it waited on the game's
row behind the writer of the previous event (whose id is then higher): so ``tx``
is the greater of the transaction's own id and the previous event's ``tx``. The
horizon argument still holds, since every row a running transaction writes has a
``tx`` at or above its own id. Positions may have gaps (a rolled-back insert
burns its numbers); readers must not assume ``p + 1`` follows ``p``.

**Optimistic concurrency.** The stream's row in ``games`` is locked
(``SELECT … FOR UPDATE``) so the check hook judges a stable state, and the
expected version is compared with its ``last_version``. Two writers racing to
create the same game meet on ``UNIQUE (game_id, version)``: that violation *is*
the conflict, reported as :class:`~events.errors.ConcurrencyError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from psycopg import Connection, errors

from events.errors import ConcurrencyError, EventRefused, GameNotFound
from events.records import AppendResult, Check, NewEvent
from events.store.idempotency import replayed
from events.vocabulary.chain import GENESIS, event_hash
from events.vocabulary.log import meta_of
from events.vocabulary.prepare import Prepared, breaches_column, check_recorded_by, prepare

VERSION_OF = "SELECT last_version FROM games WHERE game_id = %s"
_HEAD = "SELECT last_version, last_hash FROM games WHERE game_id = %s FOR UPDATE"
_NEW_GAME = """INSERT INTO games (game_id, club, profile, players, visibility, enforcement,
    status, created_at, updated_at, last_version, last_hash)
    VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"""
_MOVE_HEAD = """UPDATE games SET last_version = %s, last_hash = %s, updated_at = %s,
    status = COALESCE(%s, status) WHERE game_id = %s"""
_INSERT = """INSERT INTO events (game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash, tx)
SELECT %(game)s, v, e, t, s, d::jsonb, %(at)s, %(by)s, b::jsonb, h, greatest(pg_current_xact_id(),
    (SELECT tx FROM events WHERE game_id = %(game)s AND version = %(current)s))
FROM unnest(%(versions)s::int[], %(ids)s::uuid[], %(types)s::text[], %(schemas)s::smallint[],
    %(data)s::text[], %(breaches)s::text[], %(hashes)s::text[])
    AS u(v, e, t, s, d, b, h)
RETURNING version, position"""


def append_in(
    conn: Connection[Any],
    game_id: UUID,
    events: Sequence[NewEvent],
    expected_version: int,
    recorded_by: str,
    check: Check | None = None,
) -> AppendResult:
    """Append inside the caller's open transaction (to write other rows atomically with
    the events). The game's row stays locked, and the feed's horizon held back at the
    transaction's id, until the caller commits: commit soon."""
    prepared = prepare(events)
    by = check_recorded_by(recorded_by)
    # in the caller's transaction this is a savepoint: it survives a conflict
    return guarded(conn, game_id, prepared, expected_version, by, check, replay=False)


def guarded(
    conn: Connection[Any],
    game_id: UUID,
    prepared: list[Prepared],
    expected_version: int,
    recorded_by: str,
    check: Check | None,
    *,
    replay: bool,
) -> AppendResult:
    """Append in a (sub)transaction; a uniqueness violation is the version conflict,
    or, with ``replay``, an identical retry answered with the original result."""
    try:
        with conn.transaction():
            return append_prepared(conn, game_id, prepared, expected_version, recorded_by, check)
    except errors.UniqueViolation as error:  # a concurrent writer got there first
        if replay:
            again = replayed(conn, game_id, prepared)
            if again is not None:
                return again
        found = conn.execute(VERSION_OF, (game_id,)).fetchone()
        raise ConcurrencyError(game_id, expected_version, int(found[0]) if found else 0) from error


def append_prepared(
    conn: Connection[Any],
    game_id: UUID,
    prepared: list[Prepared],
    expected_version: int,
    recorded_by: str,
    check: Check | None,
) -> AppendResult:
    head = conn.execute(_HEAD, (game_id,)).fetchone()
    replay = replayed(conn, game_id, prepared)  # after the lock: a concurrent twin has committed
    if replay is not None:
        return replay
    current, previous = (0, GENESIS) if head is None else (int(head[0]), str(head[1]))
    if head is None and expected_version != 0:
        raise GameNotFound(game_id)
    if current != expected_version:
        raise ConcurrencyError(game_id, expected_version, current)
    _check_structure(prepared, current)
    verdict = check(conn, game_id, current, [p.pending for p in prepared]) if check else None
    breaches = breaches_column(verdict, len(prepared))
    now = datetime.now(UTC)
    versions, hashes = [], []
    for offset, item in enumerate(prepared, start=1):
        p = item.pending
        versions.append(current + offset)
        previous = event_hash(
            game_id,
            current + offset,
            p.id,
            p.type,
            item.stored_version,
            item.data_json,
            now,
            recorded_by,
            previous,
        )
        hashes.append(previous)
    status = verdict.status if verdict and verdict.status else None
    if status is None and any(p.pending.type == "GameAbandoned" for p in prepared):
        status = "abandoned"
    if current == 0:
        club, profile, players, visibility, enforcement = meta_of(prepared[0].pending.data)
        conn.execute(
            _NEW_GAME,
            (
                game_id,
                club,
                profile,
                players,
                visibility,
                enforcement,
                status or "live",
                now,
                now,
                versions[-1],
                previous,
            ),
        )
    else:
        conn.execute(_MOVE_HEAD, (versions[-1], previous, now, status, game_id))
    rows = conn.execute(
        _INSERT,
        {
            "game": game_id,
            "at": now,
            "by": recorded_by,
            "current": current,
            "versions": versions,
            "ids": [p.pending.id for p in prepared],
            "types": [p.pending.type for p in prepared],
            "schemas": [p.stored_version for p in prepared],
            "data": [p.data_json for p in prepared],
            "breaches": breaches,
            "hashes": hashes,
        },
    ).fetchall()
    positions = tuple(position for _, position in sorted(rows))
    ids = tuple(p.pending.id for p in prepared)
    return AppendResult(game_id, versions[0], versions[-1], positions, ids, previous)


def _check_structure(prepared: list[Prepared], current: int) -> None:
    for index, item in enumerate(prepared):
        first = current + index == 0
        if first and item.pending.type != "GameCreated":
            raise EventRefused("game-created-first", "a game starts with GameCreated", index)
        if not first and item.pending.type == "GameCreated":
            raise EventRefused("game-already-created", "GameCreated starts a game, once", index)
