"""Tournament streams: append and read, with the games' guarantees.

One stream per tournament in ``tournament_events`` (insert-only, triggers), its head in
``tournaments``. An append is one transaction: the head row is locked, the expected
version compared (0 creates the tournament: its first event is ``TournamentCreated``),
each event hashed over the previous one as game events are
(:func:`events.vocabulary.chain.event_hash`), then inserted; a uniqueness violation is a
concurrent writer, reported as :class:`~events.errors.ConcurrencyError`. Re-sending the
same event ids answers the original versions (an idempotent retry).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from psycopg import Connection, errors

from events.errors import N_, ConcurrencyError, EventRefused, IdempotencyError, StoreError
from events.records import NewEvent
from events.store.boundary import translated
from events.store.pool import Pool
from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import GENESIS, event_hash
from events.vocabulary.tournament import SCHEMA_VERSION, validate_tournament_event

_HEAD = "SELECT last_version, last_hash FROM tournaments WHERE tournament_id = %s FOR UPDATE"
_VERSION = "SELECT last_version FROM tournaments WHERE tournament_id = %s"
_NEW = """INSERT INTO tournaments (tournament_id, club, name, created_at, updated_at,
    last_version, last_hash) VALUES (%s, %s, %s, %s, %s, %s, %s)"""
_MOVE = """UPDATE tournaments SET last_version = %s, last_hash = %s, updated_at = %s
    WHERE tournament_id = %s"""
_INSERT = """INSERT INTO tournament_events (tournament_id, version, event_id, type,
    schema_version, data, recorded_at, recorded_by, hash)
    VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s, %s, %s)"""
_STORED = """SELECT event_id, tournament_id, version, type, data FROM tournament_events
    WHERE event_id = ANY(%s) ORDER BY version"""
_STREAM = """SELECT version, event_id, type, data, recorded_at, recorded_by, hash
    FROM tournament_events WHERE tournament_id = %s ORDER BY version"""
_ROW = """SELECT tournament_id, club, name, created_at, updated_at, last_version
    FROM tournaments WHERE tournament_id = %s"""
_LIST = """SELECT tournament_id, club, name, created_at, updated_at, last_version
    FROM tournaments WHERE club = %s ORDER BY created_at DESC, tournament_id LIMIT %s"""


class TournamentNotFound(StoreError, LookupError):
    def __init__(self, tournament_id: object) -> None:
        super().__init__(f"tournament {tournament_id} does not exist")
        self.tournament_id = tournament_id


@dataclass(frozen=True, slots=True)
class TournamentEvent:
    version: int
    event_id: UUID
    type: str
    data: dict[str, Any]
    recorded_at: datetime
    recorded_by: str
    hash: str


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: UUID
    club: str
    name: str
    created_at: datetime
    updated_at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class TournamentAppend:
    first_version: int
    last_version: int
    replayed: bool = False


class TournamentStore:
    """Tournament streams over the same pool as the games."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    def append(
        self,
        tournament_id: UUID,
        events: Sequence[NewEvent],
        expected_version: int,
        recorded_by: str,
    ) -> TournamentAppend:
        if not events:
            raise ValueError("an append holds at least one event")
        loaded = [validate_tournament_event(e.type, e.data, i) for i, e in enumerate(events)]
        texts = [canonical_json(data) for data in loaded]
        with translated("tournament append"), self.pool.connection() as conn:
            try:
                with conn.transaction():
                    return self._append(
                        conn, tournament_id, events, loaded, texts, expected_version, recorded_by
                    )
            except errors.UniqueViolation as error:
                again = self._replayed(conn, tournament_id, events, texts)
                if again is not None:
                    return again
                found = conn.execute(_VERSION, (tournament_id,)).fetchone()
                actual = int(found[0]) if found else 0
                raise ConcurrencyError(tournament_id, expected_version, actual) from error

    def _append(
        self,
        conn: Connection[Any],
        tournament_id: UUID,
        events: Sequence[NewEvent],
        loaded: list[dict[str, Any]],
        texts: list[str],
        expected_version: int,
        recorded_by: str,
    ) -> TournamentAppend:
        head = conn.execute(_HEAD, (tournament_id,)).fetchone()
        again = self._replayed(conn, tournament_id, events, texts)
        if again is not None:
            return again
        current, previous = (0, GENESIS) if head is None else (int(head[0]), str(head[1]))
        if head is None and expected_version != 0:
            raise TournamentNotFound(tournament_id)
        if current != expected_version:
            raise ConcurrencyError(tournament_id, expected_version, current)
        for index, event in enumerate(events):
            first = current + index == 0
            if first != (event.type == "TournamentCreated"):
                raise EventRefused(
                    "tournament-created-first",
                    "a tournament starts with TournamentCreated, once",
                    index,
                )
        now = datetime.now(UTC)
        rows = []
        for offset, (event, text) in enumerate(zip(events, texts, strict=True), start=1):
            version = current + offset
            previous = event_hash(
                tournament_id,
                version,
                event.id,
                event.type,
                SCHEMA_VERSION,
                text,
                now,
                recorded_by,
                previous,
            )
            rows.append(
                (
                    tournament_id,
                    version,
                    event.id,
                    event.type,
                    SCHEMA_VERSION,
                    text,
                    now,
                    recorded_by,
                    previous,
                )
            )
        last = current + len(events)
        if current == 0:
            created = loaded[0]
            conn.execute(
                _NEW, (tournament_id, created["club"], created["name"], now, now, last, previous)
            )
        else:
            conn.execute(_MOVE, (last, previous, now, tournament_id))
        with conn.cursor() as cur:
            cur.executemany(_INSERT, rows)
        return TournamentAppend(current + 1, last)

    @staticmethod
    def _replayed(
        conn: Connection[Any], tournament_id: UUID, events: Sequence[NewEvent], texts: list[str]
    ) -> TournamentAppend | None:
        ids = [e.id for e in events]
        stored = {row[0]: row for row in conn.execute(_STORED, (ids,)).fetchall()}
        if not stored:
            return None
        same = len(stored) == len(events) and all(
            stored[e.id][1] == tournament_id
            and stored[e.id][3] == e.type
            and canonical_json(stored[e.id][4]) == text
            for e, text in zip(events, texts, strict=True)
        )
        if not same:
            raise IdempotencyError(N_("these event ids are already stored with other content"))
        versions = sorted(stored[i][2] for i in ids)
        return TournamentAppend(versions[0], versions[-1], replayed=True)

    def read(self, tournament_id: UUID) -> list[TournamentEvent]:
        with translated("tournament read"), self.pool.connection() as conn:
            rows = conn.execute(_STREAM, (tournament_id,)).fetchall()
        if not rows:
            raise TournamentNotFound(tournament_id)
        return [TournamentEvent(*row) for row in rows]

    def get(self, tournament_id: UUID) -> TournamentRow:
        with translated("tournament read"), self.pool.connection() as conn:
            row = conn.execute(_ROW, (tournament_id,)).fetchone()
        if row is None:
            raise TournamentNotFound(tournament_id)
        return TournamentRow(*row)

    def list(self, club: str, limit: int = 100) -> list[TournamentRow]:
        with translated("tournament list"), self.pool.connection() as conn:
            rows = conn.execute(_LIST, (club, limit)).fetchall()
        return [TournamentRow(*row) for row in rows]

    def verify(self, tournament_id: UUID) -> int | None:
        """The first version whose hash does not match its content, or None when the
        chain holds."""
        previous = GENESIS
        for e in self.read(tournament_id):
            text = canonical_json(e.data)
            expected = event_hash(
                tournament_id,
                e.version,
                e.event_id,
                e.type,
                SCHEMA_VERSION,
                text,
                e.recorded_at,
                e.recorded_by,
                previous,
            )
            if expected != e.hash:
                return e.version
            previous = e.hash
        return None
