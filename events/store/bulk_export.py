"""Export games to the NDJSON archive format of :mod:`events.archive.parse`.

Events are written as stored (their own schema version, payload not upcast) with
their ``hash``, so re-importing an export rebuilds the same chain and checks it.
Lines are canonical JSON, one game per line, in the order asked (ids) or the
listing order ``(created_at, game_id)`` (a :class:`~events.store.games.GameFilter`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import IO, Any
from uuid import UUID

from psycopg import Connection

from events.store.boundary import translated
from events.store.games import GameFilter, list_games
from events.store.pool import Pool
from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import format_time

_EVENTS = """SELECT game_id, event_id, type, schema_version, data, recorded_at, recorded_by, hash
FROM events WHERE game_id = ANY(%s) ORDER BY game_id, version"""
_CHUNK = 200


def export_lines(
    pool: Pool, game_ids: Sequence[UUID] | None = None, where: GameFilter | None = None
) -> Iterator[str]:
    """Archive lines (each ending in ``\\n``) for ``game_ids`` (unknown ids are skipped),
    or for the games matching ``where`` (all games when both are ``None``)."""
    with translated("export"), pool.connection() as conn:
        for chunk in _chunks(conn, game_ids, where):
            events: dict[UUID, list[dict[str, Any]]] = {g: [] for g in chunk}
            for game, event_id, kind, schema, data, at, by, digest in conn.execute(
                _EVENTS, (chunk,)
            ):
                events[game].append(
                    {"id": str(event_id), "type": kind, "version": schema, "data": data,
                     "recorded_at": format_time(at), "recorded_by": by, "hash": digest}
                )  # fmt: skip
            for game in chunk:
                if events[game]:
                    yield canonical_json({"game": str(game), "events": events[game]}) + "\n"


def export_ndjson(
    pool: Pool,
    out: IO[str],
    game_ids: Sequence[UUID] | None = None,
    where: GameFilter | None = None,
) -> int:
    """Write the archive to ``out``; return the number of games written."""
    count = 0
    for line in export_lines(pool, game_ids, where):
        out.write(line)
        count += 1
    return count


def _chunks(
    conn: Connection[Any], game_ids: Sequence[UUID] | None, where: GameFilter | None
) -> Iterator[list[UUID]]:
    if game_ids is not None:
        for start in range(0, len(game_ids), _CHUNK):
            yield list(game_ids[start : start + _CHUNK])
        return
    query = replace(where or GameFilter(), limit=_CHUNK)
    while True:
        rows = list_games(conn, query)
        if not rows:
            return
        yield [row.game_id for row in rows]
        query = replace(query, after=(rows[-1].created_at, rows[-1].game_id))
