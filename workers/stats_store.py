"""The statistics read model: writing facts, following the feed, rebuilding.

Facts are a pure function of a game's events (:mod:`workers.facts`), so writing a game's
facts replaces whatever was there (delete, then ``COPY``), under one transaction-level
advisory lock so two writers never interleave. The periodic refresh reads which games
have events after the checkpoint (a feed cursor: a position), recomputes their facts and
moves the checkpoint, in windows of events in the feed's order, each in one transaction:
a crash between windows repeats at most one window, which changes nothing. The window
stops at the horizon of running transactions (see ``events.store.feed_order``), so no
late commit is ever skipped. A rebuild empties the tables and follows the whole feed
again; it must give the same rows (tested).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from psycopg import Connection, sql

from events.store.feed_order import resolve
from events.store.pool import Pool
from workers.facts import GameFacts, Row
from workers.loading import facts_one, load_games
from workers.roster import resolver

LOCK = 0x0C01_57A7_0001  # "coinche-log statistics writers"
FOLLOW = 0x0C01_57A7_0002  # "coinche-log statistics checkpoint": one refresh or rebuild at a time
WINDOW = 50_000  # events per refresh transaction
BATCH = 200  # games read at once
_WINDOW = """WITH w AS (SELECT game_id, tx, position FROM events
    WHERE (tx, position) > (%(tx)s::xid8, %(position)s)
        AND tx < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY tx, position LIMIT %(window)s)
SELECT (SELECT position FROM w ORDER BY tx DESC, position DESC LIMIT 1),
    coalesce((SELECT array_agg(DISTINCT game_id) FROM w), '{}')"""


def write_facts(
    conn: Connection[Any], game_ids: Sequence[UUID], facts: Sequence[GameFacts]
) -> None:
    """Replace the facts of ``game_ids`` by ``facts`` (call inside a transaction)."""
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
    conn.execute("DELETE FROM stat_games WHERE game_id = ANY(%s)", (list(game_ids),))
    resolve_seats(conn, facts)  # merged ids and adopted names count as their player
    _copy(conn, "stat_games", [f.game for f in facts])
    _copy(conn, "stat_deals", [d for f in facts for d in f.deals])
    _copy(conn, "stat_seats", [s for f in facts for s in f.seats])


_SEATS = ("N", "E", "S", "W")
_PARTNER = {"N": "S", "E": "W", "S": "N", "W": "E"}


def resolve_seats(conn: Connection[Any], facts: Sequence[GameFacts]) -> None:
    """Rewrite, in place, the players of ``facts`` (what the events seat) to the roster
    ids they resolve to (:func:`workers.roster.resolver`), before they are written: the
    rows are right when written, never rewritten after."""
    if not facts:
        return
    resolve = resolver(
        conn, [f.game["game_id"] for f in facts], {p for f in facts for p in f.game["players"]}
    )
    if resolve is None:
        return
    for f in facts:
        game_id, held = f.game["game_id"], f.game["players"]
        players = [resolve(game_id, seat, p) for seat, p in zip(_SEATS, held, strict=True)]
        if players == held:
            continue
        f.game["players"] = players
        by_seat = dict(zip(_SEATS, players, strict=True))
        for row in f.seats:
            me, mate = by_seat[row["seat"]], by_seat[_PARTNER[row["seat"]]]
            row["player"], row["partner"] = me, mate
            row["partnership"] = " & ".join(sorted((me, mate)))


def _copy(conn: Connection[Any], table: str, rows: list[Row]) -> None:
    if not rows:
        return
    columns = list(rows[0])
    statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, columns))
    )
    with conn.cursor().copy(statement) as copy:
        for row in rows:
            copy.write_row([row[c] for c in columns])


def compute(conn: Connection[Any], game_ids: Sequence[UUID]) -> list[GameFacts]:
    out = []
    for i in range(0, len(game_ids), BATCH):
        for game in load_games(conn, game_ids[i : i + BATCH]):
            found = facts_one(game)
            if found is not None:
                out.append(found)
    return out


def refresh(pool: Pool, window: int = WINDOW) -> int:
    """Fold every game with events after the checkpoint into the statistics; returns
    how many games were recomputed."""
    recomputed = 0
    while True:
        with pool.connection() as conn, conn.transaction():
            # an advisory lock takes no transaction id (a row lock would): the feed's horizon
            # is held back only while the facts are written, not while they are computed
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (FOLLOW,))
            row = conn.execute(
                "SELECT position FROM stat_checkpoint WHERE name = 'stats'"
            ).fetchone()
            key = resolve(conn, int(row[0]) if row else 0)
            found = conn.execute(_WINDOW, {**key.params(), "window": window}).fetchone()
            if found is None or found[0] is None:
                return recomputed
            head, ids = int(found[0]), list(found[1])
            write_facts(conn, ids, compute(conn, ids))
            conn.execute(
                "UPDATE stat_checkpoint SET position = %s, updated_at = now() WHERE name = 'stats'",
                (head,),
            )
            recomputed += len(ids)


def rebuild(pool: Pool) -> int:
    """Recompute every statistic from the whole feed."""
    with pool.connection() as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (FOLLOW,))
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        conn.execute("DELETE FROM stat_games")
        conn.execute("UPDATE stat_checkpoint SET position = 0 WHERE name = 'stats'")
    return refresh(pool)


def checkpoint(conn: Connection[Any]) -> int:
    row = conn.execute("SELECT position FROM stat_checkpoint WHERE name = 'stats'").fetchone()
    return int(row[0]) if row else 0
