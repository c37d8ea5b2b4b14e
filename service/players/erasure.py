"""Erasure: a player's personal data removed from everywhere it is kept, the log intact.

The log of a game recorded with the roster holds the player's opaque id only (see
:mod:`service.players.registry`); so do the games rows, the statistics, the findings,
the snapshots and the exports. Erasing a player therefore blanks their roster entry
(name, matching key, licence) and the entries merged into it, and the id reads
"erased player" from then on; every game's hash chain is untouched and still verifies,
and the statistics still count the games. What else could hold a name is scrubbed: a
name typed into a job's parameters (a statistics selection) or kept in a job's results,
in every club's jobs: a player of a public game can be named by another club's job, and
a name is the person's wherever it was typed.

Games recorded *before* the roster hold the name inside their hashed ``GameCreated``:
it cannot leave the log without breaking the chain. Erasure links nothing new there; it
reports those games (``sealed_games``), deletes their cached snapshots and rewrites
their derived rows to the id (see the README's "Privacy").

A tournament registration made from the roster (``TeamRegistered`` naming roster ids)
is like a roster game: its stream holds the ids only, reads "erased player" once the
entry is blanked, and still verifies; the record counts those tournaments. A player
registered by a typed name (a club without a roster) is not linked to the roster.

The erasure itself is recorded (``erased_at``, ``erased_by`` and a history row) without
the erased data.
"""

from __future__ import annotations

from typing import Any

from psycopg import Connection

from service.api.problems import _
from service.players import registry
from service.players.registry import RosterError
from workers.roster import canonical_players, games_of

_LEGACY_NAMES = """
SELECT DISTINCT gs.game_id,
       CASE jsonb_typeof(e.data -> 'seats')
           WHEN 'array' THEN e.data -> 'seats' ->> (array_position(ARRAY['N','E','S','W'],
                                                                  gs.seat) - 1)
           ELSE e.data -> 'seats' ->> gs.seat
       END
FROM game_seats gs
JOIN events e ON e.game_id = gs.game_id AND e.version = 1
WHERE gs.player_id = ANY(%s) AND NOT coalesce((e.data ->> 'roster')::boolean, false)
"""

_TOURNAMENTS = """
SELECT count(DISTINCT tournament_id) FROM tournament_events
WHERE type = 'TeamRegistered' AND data -> 'players' ?| %s
"""

_SCRUB = (("jobs", "params"), ("jobs", "result"), ("job_chunks", "partial"))


def erase(conn: Connection[Any], club: str, player_id: str, by: str) -> dict[str, Any]:
    """Erase ``player_id`` of ``club`` (call inside a transaction)."""
    player = registry.of_club(conn, club, player_id)
    conn.execute("SELECT 1 FROM players WHERE player_id = %s FOR UPDATE", (player_id,))
    if player.erased_at is not None:
        raise RosterError("conflict", _("player {player} was erased already", player=player_id))
    if player.merged_into is not None:
        raise RosterError(
            "conflict",
            _(
                "player {player} was merged into {into}: erase that player, which erases both",
                player=player_id,
                into=player.merged_into,
            ),
        )
    rows = conn.execute(
        "SELECT player_id, display_name FROM players"
        " WHERE player_id = %(id)s OR merged_into = %(id)s ORDER BY player_id FOR UPDATE",
        {"id": player_id},
    ).fetchall()
    ids = [r[0] for r in rows]
    names = {r[1] for r in rows if r[1] is not None}
    legacy = conn.execute(_LEGACY_NAMES, (ids,)).fetchall()
    sealed = sorted({g for g, _ in legacy})
    names.update(n for _, n in legacy if n is not None)
    games = games_of(conn, ids)
    tournaments = conn.execute(_TOURNAMENTS, (ids,)).fetchone()
    conn.execute(
        "UPDATE players SET display_name = NULL, match_key = NULL, licence = NULL,"
        " erased_at = now(), erased_by = %s WHERE player_id = ANY(%s)",
        (by, ids),
    )
    for erased in ids:
        registry.history(conn, erased, "erased", by, games=len(games))
    canonical_players(conn, games)
    for name in sorted(names):
        for table, column in _SCRUB:
            _scrub(conn, table, column, {"name": name, "id": player_id})
    if sealed:
        conn.execute("DELETE FROM projection_snapshots WHERE game_id = ANY(%s)", (sealed,))
    when = conn.execute(
        "SELECT erased_at FROM players WHERE player_id = %s", (player_id,)
    ).fetchone()
    return {
        "player": player_id,
        "erased": ids,
        "games": len(games),
        "tournaments": int(tournaments[0]) if tournaments else 0,
        "sealed_games": [str(g) for g in sealed],
        "erased_at": when[0].isoformat() if when else None,
        "erased_by": by,
    }


def _scrub(conn: Connection[Any], table: str, column: str, values: dict[str, str]) -> None:
    """Replace the JSON string ``name`` (a whole key or value) by the player's id in a
    jsonb column of every club's rows; ``table`` and ``column`` are constants of this
    module."""
    statement = (
        f"UPDATE {table} SET {column} = replace({column}::text, to_jsonb(%(name)s::text)::text,"  # noqa: S608
        f" to_jsonb(%(id)s::text)::text)::jsonb"
        f" WHERE strpos({column}::text, to_jsonb(%(name)s::text)::text) > 0"
    )
    conn.execute(statement, values)
