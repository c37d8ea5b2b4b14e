"""Writing batches of checked archive games: COPY into ``games`` then ``events``.

Used by :mod:`events.bulk_import`. One transaction per batch; the events COPY runs
under ``LOCK TABLE events IN EXCLUSIVE MODE`` like an append, so positions stay in
commit order. A batch that meets a uniqueness violation (a game or event id stored
meanwhile, or an event id that another game already uses) is retried one game per
transaction, which isolates the culprit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from psycopg import Connection, errors

from events.archive import ArchivedGame
from events.errors import EventRefused
from events.games import meta_of
from events.prepare import breaches_column
from events.records import Check

_GAMES_COPY = """COPY games (game_id, club, profile, players, visibility, enforcement, status,
    created_at, updated_at, last_version, last_hash) FROM STDIN"""
_EVENTS_COPY = """COPY events (game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash) FROM STDIN"""
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_BS, _BS2, _NULL = "\\", "\\\\", "\\N"
_TAKEN_GAMES = "SELECT game_id FROM games WHERE game_id = ANY(%s)"

Accepted = tuple[ArchivedGame, list[str | None], str | None]  # game, breaches, status


@dataclass
class ImportSummary:
    imported: int = 0
    events: int = 0
    refused: list[tuple[int, str | None, str]] = field(default_factory=list)  # line, game, why


def write_batch(
    conn: Connection[Any],
    batch: list[ArchivedGame],
    check: Check | None,
    s: ImportSummary,
    bar: Any,
) -> None:
    """Write a batch in one transaction; refusals are kept only for what was committed."""
    refused: list[tuple[int, str | None, str]] = []
    try:
        with conn.transaction():
            written = _write(conn, batch, check, refused)
    except errors.UniqueViolation:  # an id is taken: isolate the culprit
        written, refused = [], []
        for game in batch:
            alone: list[tuple[int, str | None, str]] = []
            try:
                with conn.transaction():
                    written += _write(conn, [game], check, alone)
            except errors.UniqueViolation:
                why = "the game or one of its event ids is already stored"
                alone = [(game.line_no, str(game.game_id), why)]
            refused += alone
    s.refused += refused
    s.imported += len(written)
    s.events += sum(len(g.rows) for g in written)
    bar.update(len(batch))


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
    taken = {r[0] for r in conn.execute(_TAKEN_GAMES, (game_ids,))}
    accepted: list[Accepted] = []
    for game in batch:
        if game.game_id in taken:  # event ids are left to the unique index (see _flush)
            refused.append((game.line_no, str(game.game_id), "the game is already stored"))
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
