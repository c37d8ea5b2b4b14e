"""Right of access (GDPR art. 15): everything kept about one player, as one JSON document.

The roster entry (and the entries merged into it: the same person), its history, the
games the player sat in (seat, team, status, result; the other players are named by
neither id nor name: their data is theirs) and the player's statistics, computed by the
same query as ``GET /stats/players``, and the tournaments a team registered with the
player's roster id took part in (the tournament, the team's number and name).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from psycopg import Connection

from service.players import registry
from workers.results import stats_rows

_GAMES = """
SELECT g.game_id, g.club, g.profile, g.status, g.visibility, g.created_at,
       (ARRAY['N','E','S','W'])[coalesce(array_position(g.players, p.id), 0)] AS seat,
       s.winner, s.total_ns, s.total_ew, s.deals
FROM games g
JOIN unnest(%(ids)s::text[]) AS p (id) ON g.players @> ARRAY[p.id]
LEFT JOIN stat_games s ON s.game_id = g.game_id
ORDER BY g.created_at, g.game_id
"""


_TOURNAMENTS = """
SELECT t.tournament_id, t.club, t.name, e.data ->> 'team', e.data ->> 'name', e.recorded_at
FROM tournament_events e JOIN tournaments t USING (tournament_id)
WHERE e.type = 'TeamRegistered' AND e.data -> 'players' ?| %s
ORDER BY e.recorded_at, t.tournament_id
"""


def personal_data(conn: Connection[Any], club: str, player_id: str) -> dict[str, Any]:
    player = registry.of_club(conn, club, player_id)
    merged = [
        registry.get(conn, r[0])
        for r in conn.execute(
            "SELECT player_id FROM players WHERE merged_into = %s ORDER BY player_id",
            (player_id,),
        ).fetchall()
    ]
    ids = [player_id] + [m.player_id for m in merged if m is not None]
    games = []
    for row in conn.execute(_GAMES, {"ids": ids}).fetchall():
        game_id, game_club, profile, status, visibility, created, seat, winner, ns, ew, deals = row
        team = "NS" if seat in ("N", "S") else "EW" if seat in ("E", "W") else None
        games.append(
            {
                "id": str(game_id),
                "club": game_club,
                "profile": profile,
                "status": status,
                "visibility": visibility,
                "created_at": created.isoformat(),
                "seat": seat,
                "team": team,
                "deals": deals,
                "totals": None if ns is None else {"NS": ns, "EW": ew},
                "won": None if winner is None or team is None else winner == team,
            }
        )
    statistics = stats_rows(conn, "players", "all", {"player": [player.merged_into or player_id]})
    for row in statistics:
        row["player"] = player.name  # the id is the subject's own: shown by its name
    tournaments = [
        {"id": str(tid), "club": tclub, "name": tname, "team": team, "team_name": team_name,
         "registered_at": at.isoformat()}
        for tid, tclub, tname, team, team_name, at in conn.execute(_TOURNAMENTS, (ids,))
    ]  # fmt: skip
    return {
        "generated_at": datetime.now(UTC).isoformat(),
        "player": player.json(),
        "merged": [m.json() for m in merged if m is not None],
        "history": [{"player": i, **h} for i in ids for h in registry.history_of(conn, i)],
        "games": games,
        "statistics": statistics,
        "tournaments": tournaments,
    }
