"""The roster's effect on the read models: every row names a player by their roster id.

A game recorded through the service seats roster ids (``GameCreated`` v3, ``"roster":
true``). Two things can make a stored id or name stale in the rows derived from the
events: a merge (a duplicate id now counts as the player it was merged into) and an
adoption (a seat of a game recorded before the roster, holding a name, is linked to a
roster entry in ``game_seats``). :func:`canonical_players` rewrites the player columns of
the ``games``, ``stat_games``, ``stat_seats`` and ``job_findings`` rows of some games to
the id each seat resolves to: its link, else what it holds, then the player that one was
merged into. The events are never touched. Unlinked names of old games stay as they are.

Called in the transaction that writes findings, and by the roster's merge, adoption and
erasure. The statistics are written resolved in the first place (:func:`resolver`, read in
the transaction that writes them, see :mod:`workers.stats_store`): two small lookups
instead of writing what the events hold and rewriting it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any
from uuid import UUID

from psycopg import Connection

_RESOLVED = """
CREATE TEMP TABLE roster_seats ON COMMIT DROP AS
SELECT g.game_id, s.seat, s.i, s.partner,
       coalesce(p.merged_into, p.player_id, g.players[s.i]) AS player
FROM games g
CROSS JOIN (VALUES ('N', 1, 'S'), ('E', 2, 'W'), ('S', 3, 'N'), ('W', 4, 'E'))
    AS s (seat, i, partner)
LEFT JOIN game_seats gs ON gs.game_id = g.game_id AND gs.seat = s.seat
LEFT JOIN players p ON p.player_id = coalesce(gs.player_id, g.players[s.i])
WHERE g.game_id = ANY(%s)
"""

_STALE = r"""
SELECT EXISTS (SELECT 1 FROM game_seats WHERE game_id = ANY(%(ids)s))
    OR EXISTS (SELECT 1 FROM games g JOIN players p ON p.player_id = ANY(g.players)
               WHERE g.game_id = ANY(%(ids)s) AND p.merged_into IS NOT NULL)
    OR EXISTS (SELECT 1 FROM stat_games s JOIN games g USING (game_id)
               WHERE s.game_id = ANY(%(ids)s) AND g.game_id = ANY(%(ids)s)
                 AND s.players IS DISTINCT FROM g.players)
    OR EXISTS (SELECT 1 FROM job_findings f JOIN games g USING (game_id)
               WHERE f.game_id = ANY(%(ids)s) AND g.game_id = ANY(%(ids)s)
                 AND f.player IS DISTINCT FROM g.players[array_position(ARRAY['N','E','S','W'],
                                                                        f.seat)])
"""

_UPDATES = (
    """UPDATE games g SET players = r.players
       FROM (SELECT game_id, array_agg(player ORDER BY i) AS players
             FROM roster_seats GROUP BY game_id) r
       WHERE g.game_id = r.game_id AND g.players IS DISTINCT FROM r.players""",
    """UPDATE stat_games g SET players = r.players
       FROM (SELECT game_id, array_agg(player ORDER BY i) AS players
             FROM roster_seats GROUP BY game_id) r
       WHERE g.game_id = r.game_id AND g.players IS DISTINCT FROM r.players""",
    """UPDATE stat_seats t SET
           player = me.player,
           partner = mate.player,
           partnership = least(me.player COLLATE "C", mate.player COLLATE "C")
                         || ' & ' || greatest(me.player COLLATE "C", mate.player COLLATE "C")
       FROM roster_seats me
       JOIN roster_seats mate ON mate.game_id = me.game_id AND mate.seat = me.partner
       WHERE t.game_id = me.game_id AND t.seat = me.seat
         AND (t.player, t.partner) IS DISTINCT FROM (me.player, mate.player)""",
    """UPDATE job_findings f SET player = r.player
       FROM roster_seats r
       WHERE f.game_id = r.game_id AND f.seat = r.seat AND f.player IS DISTINCT FROM r.player""",
)


def canonical_players(conn: Connection[Any], game_ids: Sequence[UUID]) -> None:
    """Rewrite the derived rows of ``game_ids`` to the roster ids their seats resolve to."""
    if not game_ids:
        return
    stale = conn.execute(_STALE, {"ids": list(game_ids)}).fetchone()
    if not (stale and stale[0]):
        return  # the usual case: ids of active players and no link, nothing to rewrite
    with conn.transaction():
        conn.execute("DROP TABLE IF EXISTS roster_seats")
        conn.execute(_RESOLVED, (list(game_ids),))
        for statement in _UPDATES:
            conn.execute(statement)
        conn.execute("DROP TABLE roster_seats")


def resolver(
    conn: Connection[Any], game_ids: Sequence[UUID], held: Iterable[str]
) -> Callable[[UUID, str, str], str] | None:
    """How the seats of ``game_ids`` resolve, ``held`` being what their events seat: a
    function of (game, seat, what it holds) to the seat's link, else what it holds, then
    the player that one was merged into (as :func:`canonical_players` rewrites them).
    None in the usual case: no seat linked and no merged player, every seat is what it
    holds."""
    links: dict[tuple[UUID, str], str] = {
        (g, s): p
        for g, s, p in conn.execute(
            "SELECT game_id, seat, player_id FROM game_seats WHERE game_id = ANY(%s)",
            (list(game_ids),),
        ).fetchall()
    }
    seated = sorted({str(p) for p in held} | set(links.values()))
    merged: dict[str, str] = dict(
        conn.execute(
            "SELECT player_id, merged_into FROM players"
            " WHERE player_id = ANY(%s) AND merged_into IS NOT NULL",
            (seated,),
        ).fetchall()
    )
    if not links and not merged:
        return None

    def resolve(game_id: UUID, seat: str, holds: str) -> str:
        player = links.get((game_id, seat), holds)
        return str(merged.get(player, player))

    return resolve


def games_of(conn: Connection[Any], player_ids: Sequence[str]) -> list[UUID]:
    """Games where any of ``player_ids`` sat: by the id in the row, or by a link."""
    rows = conn.execute(
        "SELECT game_id FROM games WHERE players && %(ids)s::text[]"
        " UNION SELECT game_id FROM game_seats WHERE player_id = ANY(%(ids)s)",
        {"ids": list(player_ids)},
    ).fetchall()
    return [r[0] for r in rows]
