"""Which games a job covers: a selection, always within what the submitter may read.

A selection is a dict of optional criteria, combined with AND: ``games`` (ids),
``club``, ``players`` (games where any of them sat), ``profile``, ``from`` and
``to`` (ISO dates or times: ``from`` ≤ created < ``to``). No criterion means the
whole archive. ``readable_by`` (set by the API from the token, never by the client)
keeps it to that club's games and public games; None means every game (trusted
callers: the periodic statistics task, tests, benchmarks).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from psycopg import Connection

SELECTION_KEYS = ("games", "club", "players", "profile", "from", "to")

_SELECT = """SELECT game_id FROM games
WHERE (%(readable_by)s::text IS NULL OR club = %(readable_by)s OR visibility = 'public')
  AND (%(games)s::uuid[] IS NULL OR game_id = ANY(%(games)s::uuid[]))
  AND (%(club)s::text IS NULL OR club = %(club)s)
  AND (%(players)s::text[] IS NULL OR players && %(players)s::text[])
  AND (%(profile)s::text IS NULL OR profile = %(profile)s)
  AND (%(from)s::timestamptz IS NULL OR created_at >= %(from)s::timestamptz)
  AND (%(to)s::timestamptz IS NULL OR created_at < %(to)s::timestamptz)
ORDER BY created_at, game_id"""


def select_games(conn: Connection[Any], params: dict[str, Any]) -> list[UUID]:
    """The ids of the selected games, oldest first."""
    values: dict[str, Any] = {k: params.get(k) for k in SELECTION_KEYS}
    values["readable_by"] = params.get("readable_by")
    if values["games"] is not None:
        values["games"] = [UUID(str(g)) for g in values["games"]]
    return [r[0] for r in conn.execute(_SELECT, values).fetchall()]
