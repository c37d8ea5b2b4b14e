"""Bulk import of NDJSON archives through ``COPY … FROM STDIN``, all-or-nothing per game.

Lines are parsed and hashed in Python (:mod:`events.archive`), then written in
batches of many games per transaction: one ``COPY`` into ``games``, then, under
the same ``LOCK TABLE events IN EXCLUSIVE MODE`` as an append (positions stay in
commit order), one ``COPY`` into ``events``. A game whose line is malformed,
whose events fail validation or the check hook, or whose game or event ids are
already stored is refused as a whole, with its line number and reason; the
others go in. If a batch still meets a uniqueness violation (a concurrent
writer), its games are retried one per transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from psycopg import Connection, errors
from tqdm import tqdm

from events.archive import ArchivedGame, parse_line
from events.boundary import translated
from events.errors import EventRefused, ImportLineError
from events.games import meta_of
from events.pool import Pool
from events.prepare import breaches_column
from events.records import Check

_GAMES_COPY = """COPY games (game_id, club, profile, players, visibility, enforcement, status,
    created_at, updated_at, last_version, last_hash) FROM STDIN"""
_EVENTS_COPY = """COPY events (game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash) FROM STDIN"""
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_BS, _BS2, _NULL = "\\", "\\\\", "\\N"
_TAKEN_GAMES = "SELECT game_id FROM games WHERE game_id = ANY(%s)"
_TAKEN_EVENTS = "SELECT event_id FROM events WHERE event_id = ANY(%s)"


@dataclass
class ImportSummary:
    imported: int = 0
    events: int = 0
    refused: list[tuple[int, str | None, str]] = field(default_factory=list)  # line, game, why


def import_ndjson(
    pool: Pool,
    lines: Iterable[str | bytes],
    *,
    check: Check | None = None,
    recorded_by: str = "import",
    batch_games: int = 500,
    progress: bool = True,
) -> ImportSummary:
    """Import an archive (an iterable of lines, e.g. an open file); blank lines are skipped."""
    summary = ImportSummary()
    seen: set[UUID] = set()  # game and event ids of this archive, to refuse repeats
    batch: list[ArchivedGame] = []
    now = datetime.now(UTC)
    bar = tqdm(desc="importing", unit=" games", disable=not progress)
    with translated("import"), pool.connection() as conn:
        for line_no, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                game = parse_line(line_no, line, recorded_by, now)
            except ImportLineError as error:
                summary.refused.append((line_no, None, error.reason))
                continue
            ids = {game.game_id, *(r.prepared.pending.id for r in game.rows)}
            if ids & seen:
                summary.refused.append(
                    (line_no, str(game.game_id), "repeats an id of this archive")
                )
                continue
            seen |= ids
            batch.append(game)
            if len(batch) >= batch_games:
                _flush(conn, batch, check, summary, bar)
        _flush(conn, batch, check, summary, bar)
    bar.close()
    return summary


def _flush(
    conn: Connection[Any],
    batch: list[ArchivedGame],
    check: Check | None,
    s: ImportSummary,
    bar: Any,
) -> None:
    try:
        with conn.transaction():
            written = _write(conn, batch, check, s.refused)
    except errors.UniqueViolation:  # a concurrent writer took an id: isolate the culprit
        written = []
        for game in batch:
            try:
                with conn.transaction():
                    written += _write(conn, [game], check, s.refused)
            except errors.UniqueViolation:
                why = "its ids were stored meanwhile"
                s.refused.append((game.line_no, str(game.game_id), why))
    s.imported += len(written)
    s.events += sum(len(g.rows) for g in written)
    bar.update(len(batch))
    batch.clear()


Accepted = tuple[ArchivedGame, list[str | None], str | None]  # game, breaches, status


def _write(
    conn: Connection[Any], batch: list[ArchivedGame], check: Check | None, refused: list[Any]
) -> list[ArchivedGame]:
    accepted = _screen(conn, batch, check, refused)
    if accepted:
        _copy_games(conn, accepted)
        conn.execute("LOCK TABLE events IN EXCLUSIVE MODE")  # positions in commit order
        _copy_events(conn, accepted)
    return [game for game, _, _ in accepted]


def _screen(
    conn: Connection[Any], batch: list[ArchivedGame], check: Check | None, refused: list[Any]
) -> list[Accepted]:
    """The games of the batch that may go in: ids not stored yet, and passing the check."""
    game_ids = [g.game_id for g in batch]
    event_ids = [r.prepared.pending.id for g in batch for r in g.rows]
    taken = {r[0] for r in conn.execute(_TAKEN_GAMES, (game_ids,))}
    taken.update(r[0] for r in conn.execute(_TAKEN_EVENTS, (event_ids,)))
    accepted: list[Accepted] = []
    for game in batch:
        ids = {game.game_id, *(r.prepared.pending.id for r in game.rows)}
        if ids & taken:
            refused.append((game.line_no, str(game.game_id), "game or event id already stored"))
            continue
        breaches: list[str | None] = [None] * len(game.rows)
        status = None
        if check is not None:
            pending = [r.prepared.pending for r in game.rows]
            try:
                verdict = check(conn, game.game_id, 0, pending)
            except EventRefused as error:
                refused.append((game.line_no, str(game.game_id), f"refused: {error}"))
                continue
            breaches = breaches_column(verdict, len(game.rows))
            status = verdict.status if verdict else None
        if status is None and any(r.prepared.pending.type == "GameAbandoned" for r in game.rows):
            status = "abandoned"
        accepted.append((game, breaches, status))
    return accepted


def _copy_games(conn: Connection[Any], accepted: list[Accepted]) -> None:
    with conn.cursor().copy(_GAMES_COPY) as copy:
        for game, _, status in accepted:
            first, last = game.rows[0], game.rows[-1]
            club, profile, players, visibility, mode = meta_of(first.prepared.pending.data)
            copy.write_row(
                (game.game_id, club, profile, players, visibility, mode, status or "live",
                 first.recorded_at, last.recorded_at, last.version, last.hash)
            )  # fmt: skip


def _copy_events(conn: Connection[Any], accepted: list[Accepted]) -> None:
    """COPY in text format, rows assembled by hand: the payload is already canonical JSON,
    which has no raw control characters, so only backslashes need escaping there."""
    with conn.cursor().copy(_EVENTS_COPY) as copy:
        for game, breaches, _ in accepted:
            gid = str(game.game_id)
            lines = []
            for row, found in zip(game.rows, breaches, strict=True):
                p = row.prepared
                lines.append(
                    f"{gid}\t{row.version}\t{p.pending.id}\t{p.pending.type}\t"
                    f"{p.stored_version}\t{p.data_json.replace(_BS, _BS2)}\t"
                    f"{row.recorded_at}\t{row.recorded_by.translate(_ESCAPES)}\t"
                    f"{_NULL if found is None else found.replace(_BS, _BS2)}\t{row.hash}\n"
                )
            copy.write("".join(lines))
