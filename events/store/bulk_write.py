"""Writing batches of checked archive games: COPY into ``games`` then ``events``.

Used by :mod:`events.store.bulk_import`. One transaction per batch, taking no table
lock: every row gets the batch's transaction id as its ``tx`` (the column's default),
which places it in the feed's order (:mod:`events.store.feed_order`); the games are new,
so no earlier event of theirs can have a higher ``tx``. A batch that meets a uniqueness
violation (a game or event id stored meanwhile, or an event id that another game already
uses) is retried one game per transaction, which isolates the culprit.

The events COPY is binary: the rows were built by :mod:`events.archive.parse` while the
line was parsed (the server then parses no uuid, integer or timestamp text, which
saves it about a fifth of its work); only the ``breaches`` field is added here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from psycopg import Connection, errors

from events.archive.binary_copy import COLUMNS, COPY_SIGNATURE, COPY_TRAILER, NULL_FIELD
from events.archive.binary_copy import jsonb_field as _jsonb
from events.archive.format import ArchivedGame
from events.errors import EventRefused
from events.records import Check
from events.vocabulary.prepare import breaches_column

ID_TAKEN = "the game id or one of its event ids is already in use"
"""The one reason for every id collision: it never says whose game holds the id (another
club's private game must stay unknown), nor whether it is the game or an event."""

_GAMES_COPY = """COPY games (game_id, club, profile, players, visibility, enforcement, status,
    created_at, updated_at, last_version, last_hash) FROM STDIN"""
_EVENTS_COPY = f"COPY events ({COLUMNS}, breaches) FROM STDIN (FORMAT BINARY)"
_TAKEN_GAMES = "SELECT game_id FROM games WHERE game_id = ANY(%s)"
_CHUNK = 1 << 20  # bytes handed to the driver at a time

Accepted = tuple[ArchivedGame, list[str | None] | None, str | None]  # game, breaches, status


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
                why = ID_TAKEN
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
        if game.game_id in taken:  # event ids are left to the unique index (see write_batch)
            refused.append((game.line_no, str(game.game_id), ID_TAKEN))
            continue
        breaches: list[str | None] | None = None
        status = None
        if check is not None:
            if game.pending is None:
                raise ValueError("games to be checked must be parsed with keep_pending")
            try:
                verdict = check(conn, game.game_id, 0, game.pending)
            except EventRefused as error:
                refused.append((game.line_no, str(game.game_id), f"refused: {error}"))
                continue
            found = breaches_column(verdict, len(game.rows))
            breaches = found if any(b is not None for b in found) else None
            status = verdict.status if verdict else None
        if status is None and game.abandoned:
            status = "abandoned"
        accepted.append((game, breaches, status))
    return accepted


def _copy_games(conn: Connection[Any], accepted: list[Accepted]) -> None:
    with conn.cursor().copy(_GAMES_COPY) as copy:
        for game, _, status in accepted:
            club, profile, players, visibility, mode = game.meta
            copy.write_row(
                (game.game_id, club, profile, players, visibility, mode, status or "live",
                 game.first_at, game.last_at, len(game.rows), game.last_hash)
            )  # fmt: skip


def _copy_events(conn: Connection[Any], accepted: list[Accepted]) -> None:
    """Binary COPY of the rows built at parse time, each followed by its breaches field."""
    with conn.cursor().copy(_EVENTS_COPY) as copy:
        parts, size = [COPY_SIGNATURE], 0
        for game, breaches, _ in accepted:
            if breaches is None:
                block = NULL_FIELD.join(game.rows) + NULL_FIELD
            else:
                block = b"".join(
                    row + (NULL_FIELD if found is None else _jsonb(found))
                    for row, found in zip(game.rows, breaches, strict=True)
                )
            parts.append(block)
            size += len(block)
            if size >= _CHUNK:
                copy.write(b"".join(parts))
                parts, size = [], 0
        parts.append(COPY_TRAILER)
        copy.write(b"".join(parts))
