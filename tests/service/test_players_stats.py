"""The statistics are written with the roster ids the seats resolve to: facts first
computed after a merge and an adoption already count the kept player and the linked id
(nothing rewrites them later), and a rebuild gives the same rows."""

from __future__ import annotations

import uuid
from typing import Any

from service.bootstrap import services
from service.players import adoption, registry
from tests.gamekit import wire_game
from tests.service.conftest import Api
from tests.service.test_players_adopt import legacy_game
from workers.stats_store import rebuild, refresh


def stat_rows(app: Any, games: list[uuid.UUID]) -> dict[str, Any]:
    with services(app).pool.connection() as conn:
        return {
            "games": conn.execute(
                "SELECT game_id, players FROM stat_games WHERE game_id = ANY(%s) ORDER BY 1",
                (games,),
            ).fetchall(),
            "seats": conn.execute(
                "SELECT game_id, deal, seat, player, partner, partnership FROM stat_seats"
                " WHERE game_id = ANY(%s) ORDER BY 1, 2, 3",
                (games,),
            ).fetchall(),
            "rows": conn.execute(
                "SELECT game_id, players FROM games WHERE game_id = ANY(%s) ORDER BY 1", (games,)
            ).fetchall(),
        }


def test_facts_written_after_a_merge_and_an_adoption_hold_the_resolved_ids(
    client: Any, make_token: Any, app: Any
) -> None:
    api = Api(client, make_token, f"stats-{uuid.uuid4().hex[:8]}")
    _g, events = wire_game("ffb", 5, target=300)
    seats = events[0]["data"]["seats"]
    game_a, _ = api.record(events)
    renamed = dict(events[0], data={**events[0]["data"], "seats": {**seats, "N": "Emmanuelle"}})
    game_b, _ = api.record([renamed, *events[1:]])
    kept = api.get(f"/games/{game_a}", api.reader).get_json()["player_ids"]["N"]
    duplicate = api.get(f"/games/{game_b}", api.reader).get_json()["player_ids"]["N"]
    old = legacy_game(app, api.club, {"N": "Olga", "E": "Pia", "S": "Quentin", "W": "Rose"}, 6)
    games = [uuid.UUID(game_a), uuid.UUID(game_b), old]
    with services(app).pool.connection() as conn, conn.transaction():
        registry.merge(conn, api.club, duplicate, kept, "test")
        adoption.adopt(conn, api.club, {}, "test")  # four new entries, one per name
    # the facts of these games are written for the first time now, after both
    refresh(services(app).pool)
    written = stat_rows(app, games)
    held = {p for _g, players in written["games"] for p in players}
    assert duplicate not in held and kept in held
    assert all(registry.PLAYER_ID.match(p) for p in held), held  # no name of the old game
    assert written["games"] == written["rows"]  # the statistics seat what the games rows do
    for _g, _d, _seat, player, partner, partnership in written["seats"]:
        assert registry.PLAYER_ID.match(player) and registry.PLAYER_ID.match(partner)
        assert partnership == " & ".join(sorted((player, partner)))
        assert player != duplicate and partner != duplicate
    assert {row[3] for row in written["seats"] if row[0] == old} == {
        p for g, players in written["rows"] if g == old for p in players
    }
    rebuild(services(app).pool)
    assert stat_rows(app, games) == written
