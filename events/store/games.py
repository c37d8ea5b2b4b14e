"""The ``games`` table: one row per game, kept in step with its stream by every append.

It serves listing and filtering (club, player, profile, status, date range) and holds
the stream's head (``last_version``, ``last_hash``), the row that an append locks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import Connection, sql

from events.records import Status


@dataclass(frozen=True, slots=True)
class GameRow:
    game_id: UUID
    club: str | None
    profile: str | None
    players: list[str]
    visibility: str
    enforcement: str
    status: str
    created_at: datetime
    updated_at: datetime
    last_version: int
    last_hash: str


@dataclass(frozen=True, slots=True)
class GameFilter:
    """Which games to list or export; every criterion is optional and they combine with AND.

    Results are ordered by ``(created_at, game_id)``; pass the last row's pair as
    ``after`` to get the next page.
    """

    club: str | None = None
    player: str | None = None
    players: Sequence[str] | None = None  # any of these (a player's ids and spellings)
    profile: str | None = None
    status: Status | None = None
    visibility: str | None = None
    created_from: datetime | None = None
    created_to: datetime | None = None  # exclusive
    game_ids: Sequence[UUID] | None = None
    after: tuple[datetime, UUID] | None = None
    limit: int | None = 100


_COLUMNS = (
    "game_id, club, profile, players, visibility, enforcement, status, "
    "created_at, updated_at, last_version, last_hash"
)


def get_game(conn: Connection[Any], game_id: UUID) -> GameRow | None:
    row = conn.execute(
        sql.SQL("SELECT {} FROM games WHERE game_id = %s").format(sql.SQL(_COLUMNS)), (game_id,)
    ).fetchone()
    return None if row is None else GameRow(*row)


def list_games(conn: Connection[Any], where: GameFilter) -> list[GameRow]:
    clauses: list[sql.Composable] = []
    params: list[Any] = []
    for column, value in (
        ("club", where.club),
        ("profile", where.profile),
        ("status", where.status),
        ("visibility", where.visibility),
    ):
        if value is not None:
            clauses.append(sql.SQL("{} = %s").format(sql.Identifier(column)))
            params.append(value)
    if where.player is not None:
        clauses.append(sql.SQL("players @> ARRAY[%s]::text[]"))
        params.append(where.player)
    if where.players is not None:
        clauses.append(sql.SQL("players && %s::text[]"))
        params.append(list(where.players))
    if where.created_from is not None:
        clauses.append(sql.SQL("created_at >= %s"))
        params.append(where.created_from)
    if where.created_to is not None:
        clauses.append(sql.SQL("created_at < %s"))
        params.append(where.created_to)
    if where.game_ids is not None:
        clauses.append(sql.SQL("game_id = ANY(%s)"))
        params.append(list(where.game_ids))
    if where.after is not None:
        clauses.append(sql.SQL("(created_at, game_id) > (%s, %s)"))
        params.extend(where.after)
    query = sql.SQL("SELECT {} FROM games WHERE {} ORDER BY created_at, game_id").format(
        sql.SQL(_COLUMNS), sql.SQL(" AND ").join(clauses) if clauses else sql.SQL("true")
    )
    if where.limit is not None:
        query = sql.Composed([query, sql.SQL(" LIMIT %s")])
        params.append(where.limit)
    return [GameRow(*row) for row in conn.execute(query, params).fetchall()]
