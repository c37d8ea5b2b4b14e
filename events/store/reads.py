"""Reading the store: one game's stream, the global feed, and chain verification."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from events.errors import GameNotFound
from events.records import StoredEvent
from events.store.boundary import translated
from events.store.feed_order import feed_end, resolve
from events.store.games import GameFilter, GameRow, get_game, list_games
from events.store.pool import Pool
from events.store.rows import stored_event
from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import GENESIS, event_hash

_STREAM = """SELECT position, game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash FROM events
    WHERE game_id = %s AND version >= %s AND version <= %s ORDER BY version"""
_FEED = """SELECT position, game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash FROM events
    WHERE (tx, position) > (%(tx)s::xid8, %(position)s)
        AND tx < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY tx, position LIMIT %(limit)s"""


@dataclass(frozen=True, slots=True)
class ChainReport:
    """The result of :meth:`Reads.verify`: ``ok``, or the first broken link."""

    game_id: UUID
    ok: bool
    events: int
    broken_version: int | None = None
    expected: str | None = None
    stored: str | None = None
    reason: str | None = None


class Reads:
    pool: Pool

    def read(
        self, game_id: UUID, from_version: int = 1, to_version: int | None = None
    ) -> list[StoredEvent]:
        """Events of one game, ``from_version`` to ``to_version`` inclusive, in order."""
        upper = 2**31 - 1 if to_version is None else to_version
        with translated("read"), self.pool.connection() as conn:
            rows = conn.execute(_STREAM, (game_id, from_version, upper)).fetchall()
            if not rows and get_game(conn, game_id) is None:
                raise GameNotFound(game_id)
        return [stored_event(row) for row in rows]

    def feed(self, after_position: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """All games' events after the cursor ``after_position`` (a position this feed
        handed out, or 0), in the feed's order: an event that commits later never comes
        before one already handed out (see :mod:`events.store.feed_order`)."""
        with translated("feed"), self.pool.connection() as conn:
            key = resolve(conn, after_position)
            rows = conn.execute(_FEED, {**key.params(), "limit": limit}).fetchall()
        return [stored_event(row) for row in rows]

    def last_position(self) -> int:
        """The cursor of the feed's end: ``feed(last_position())`` holds only what is
        still to come (every event below the horizon is before it)."""
        with translated("last_position"), self.pool.connection() as conn:
            return feed_end(conn)

    def game(self, game_id: UUID) -> GameRow:
        with translated("game"), self.pool.connection() as conn:
            found = get_game(conn, game_id)
        if found is None:
            raise GameNotFound(game_id)
        return found

    def games(self, where: GameFilter | None = None) -> list[GameRow]:
        with translated("games"), self.pool.connection() as conn:
            return list_games(conn, where or GameFilter())

    def verify(self, game_id: UUID) -> ChainReport:
        """Recompute the game's hash chain from the stored rows; report the first broken link."""
        with translated("verify"), self.pool.connection() as conn:
            rows = conn.execute(_STREAM, (game_id, 1, 2**31 - 1)).fetchall()
            head = get_game(conn, game_id)
        if head is None:
            raise GameNotFound(game_id)
        previous = GENESIS
        for expected_version, row in enumerate(rows, start=1):
            _, _, version, event_id, event_type, schema, data, at, by, _, stored = row
            if version != expected_version:
                return ChainReport(
                    game_id, False, len(rows), expected_version, reason="missing event"
                )
            expected = event_hash(
                game_id,
                version,
                event_id,
                event_type,
                schema,
                canonical_json(data),
                at,
                by,
                previous,
            )
            if expected != stored:
                return ChainReport(
                    game_id, False, len(rows), version, expected, stored, "hash mismatch"
                )
            previous = stored
        if head.last_version != len(rows) or head.last_hash != previous:
            return ChainReport(
                game_id,
                False,
                len(rows),
                head.last_version,
                head.last_hash,
                previous,
                "the game's head does not match its last event",
            )
        return ChainReport(game_id, True, len(rows))
