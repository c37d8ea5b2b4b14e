"""Statistics on a hand-checked archive, the documented views, incremental = rebuild."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from events.records import NewEvent
from events.store.event_store import append_in
from tests.conftest import bearer
from tests.workers.conftest import club_games, import_events
from tests.workers.hand import hand_archive
from workers.results import stats_rows
from workers.stats_sql import VIEWS_FILE, views_migration
from workers.stats_store import checkpoint, rebuild, refresh


@pytest.fixture(scope="module")
def hand(store, pool):
    ids = import_events(store, hand_archive("hand"))
    refresh(pool)
    return ids


def rows(pool, mode, **filters):
    with pool.connection() as conn:
        return stats_rows(conn, mode, filters.pop("period", "all"), filters)


def test_player_figures_by_hand(hand, pool):
    (cid,) = rows(pool, "players", club="hand", player="cid")
    expected = {
        "games": 5, "wins": 0, "deals": 6, "taken": 3, "made": 2, "made_rate": 0.6667,
        "taken_suit": 3, "made_suit": 2, "taken_sa": 0, "taken_90": 1, "made_90": 0,
        "taken_100": 1, "made_100": 1, "taken_capot": 1, "made_capot": 1,
        "avg_margin": 23.5, "coinches": 0, "coinche_rate": 0.0, "coinche_success": None,
        "surcoinches": 0, "surcoinche_rate": 0.0, "capots_bid": 1, "capots_bid_made": 1,
        "capots_unbid": 0, "announces": 1, "announce_points": 20, "belotes": 2,
        "belote_points": 40, "points_per_deal": 132.5, "marks_per_deal": 355.0,
        "deals_pos1": 4, "taken_pos1": 2, "made_pos1": 2, "marks_pos1": 532.5,
        "deals_pos2": 2, "taken_pos2": 1, "made_pos2": 0, "marks_pos2": 0.0, "deals_pos3": 0,
    }  # fmt: skip
    assert {k: cid[k] for k in expected} == expected
    (bob,) = rows(pool, "players", club="hand", player="bob")
    assert (bob["coinches"], bob["coinche_success"], bob["taken"], bob["made"]) == (1, 0.0, 1, 0)


def test_partnership_and_club_figures_by_hand(hand, pool):
    pairs = {r["partnership"]: r for r in rows(pool, "partnerships", club="hand")}
    ns = pairs["ann & cid"]
    assert (ns["deals"], ns["taken"], ns["made"], ns["surcoinches"]) == (6, 4, 3, 1)
    assert (ns["surcoinche_rate"], ns["surcoinche_success"], ns["avg_margin"]) == (1.0, 1.0, 32.67)
    assert (ns["announces"], ns["announce_points"], ns["belotes"]) == (2, 70, 2)
    assert pairs["bob & dan"]["coinches"] == 1
    (club,) = rows(pool, "clubs", club="hand")
    expected = {
        "games": 5, "deals": 6, "taken": 5, "made": 3, "made_rate": 0.6, "coinches": 1,
        "coinche_rate": 0.2, "coinche_success": 0.0, "surcoinches": 1, "surcoinche_rate": 1.0,
        "capots_bid": 1, "capots_unbid": 0, "announces": 3, "announce_points": 70,
        "belotes": 2, "points_per_deal": 137.4, "avg_margin": 11.25,
    }  # fmt: skip
    assert {k: club[k] for k in expected} == expected
    (by_month,) = rows(pool, "profiles", club="hand", period="month")
    assert by_month["profile"] == "ffb" and by_month["deals"] == 6 and by_month["period"]


def test_the_views_are_the_generated_migration_and_match_the_api(hand, pool):
    import events.store.migrations

    path = Path(events.store.migrations.__file__).parent / VIEWS_FILE
    assert path.read_text(encoding="utf-8") == views_migration()
    with pool.connection() as conn:
        cur = conn.execute(
            "SELECT * FROM stats_player_month WHERE player = 'cid' AND club = 'hand'"
        )
        names = [d.name for d in cur.description]
        view = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
    api = rows(pool, "players", player="cid", club="hand", period="month")
    assert len(view) == len(api) >= 1
    for v, a in zip(view, api, strict=True):
        assert (v.pop("club"), v.pop("profile")) == ("hand", "ffb")  # the views' own columns
        assert {k: (float(x) if hasattr(x, "as_integer_ratio") and x is not None else x)
                for k, x in v.items() if k != "period"} == {
            k: x for k, x in a.items() if k != "period"
        }  # fmt: skip


def snapshot(pool):
    with pool.connection() as conn:
        out = {}
        for table, key in (("stat_games", "game_id"), ("stat_deals", "game_id, deal"),
                           ("stat_seats", "game_id, deal, seat")):  # fmt: skip
            out[table] = conn.execute(f"SELECT * FROM {table} ORDER BY {key}").fetchall()  # noqa: S608
        return out


def test_incremental_updates_equal_a_full_rebuild(hand, pool, store):
    refresh(pool)
    games = club_games("incr", "contree", range(3))
    ids = import_events(store, games[:2])
    live_id = import_events(store, [games[2][:40]])[0]  # a game still being played
    before = {r["club"]: r for r in rows(pool, "clubs")}
    assert "incr" not in before
    assert refresh(pool) == 3
    after = rows(pool, "clubs", club="incr")
    assert after and after[0]["games"] == 2
    rest = [NewEvent(e["type"], e["data"]) for e in games[2][40:]]
    store.append(live_id, rest, 40, "test")  # the live game ends
    assert refresh(pool) == 1
    assert rows(pool, "clubs", club="incr")[0]["games"] == 3
    with pool.connection() as conn:
        head = conn.execute("SELECT max(position) FROM events").fetchone()[0]
        assert checkpoint(conn) == head
    incremental = snapshot(pool)
    rebuild(pool)
    assert snapshot(pool) == incremental
    assert len(ids) == 2


def test_stats_endpoints_json_csv_and_errors(hand, wclient, make_token):
    secret = make_token("hand", ("read",))
    r = wclient.get("/stats/players?club=hand&player=cid", headers=bearer(secret))
    assert r.status_code == 200 and r.json["rows"][0]["made"] == 2
    assert r.json["columns"][:3] == ["period", "player", "games"]
    r = wclient.get("/stats/clubs?club=hand&period=year&format=csv", headers=bearer(secret))
    assert r.status_code == 200 and r.mimetype == "text/csv"
    head, line = r.data.decode().splitlines()[:2]
    assert head.startswith("period,club,games,wins,deals") and ",hand,5,0,6," in line
    r = wclient.get("/stats/partnerships?club=hand",
                    headers={**bearer(secret), "Accept": "text/csv"})  # fmt: skip
    assert r.mimetype == "text/csv" and "ann & cid" in r.data.decode()
    other = make_token("elsewhere", ("read",))
    r = wclient.get("/stats/players?club=hand", headers=bearer(other))
    assert r.status_code == 200 and r.json["rows"] == []  # private games of another club
    for query, field in (("period=week", "period"), ("from=yesterday", "from"),
                         ("colour=red", "colour")):  # fmt: skip
        r = wclient.get(f"/stats/players?{query}", headers=bearer(secret))
        assert r.status_code == 422 and field in r.json["errors"], r.json
        assert r.mimetype == "application/problem+json"
    assert wclient.get("/stats/players").status_code == 401
    assert wclient.get("/stats/nobody", headers=bearer(secret)).status_code == 404


def test_the_refresh_never_passes_an_event_that_commits_later(hand, pool, store, database_url):
    """An appender whose transaction is older stays open while a younger one commits: the
    refresh waits at the horizon instead of moving its checkpoint past the open one."""
    refresh(pool)
    games = club_games("late", "contree", range(2))
    old_game, young_game = import_events(store, [g[:10] for g in games])
    assert refresh(pool) == 2
    more = [[NewEvent(e["type"], e["data"]) for e in g[10:12]] for g in games]
    with psycopg.connect(database_url) as old:
        old.execute("SELECT pg_current_xact_id()")  # the older transaction
        store.append(young_game, more[1], 10, "young")  # commits first
        append_in(old, old_game, more[0], 10, "old")
        with pool.connection() as conn:
            before = checkpoint(conn)
        assert refresh(pool) == 0  # the young event waits behind the open transaction
        with pool.connection() as conn:
            assert checkpoint(conn) == before
        old.commit()
    assert refresh(pool) == 2  # both games, the older transaction's first
    assert refresh(pool) == 0


def test_the_refresh_takes_no_transaction_id_while_it_computes(hand, pool, store, monkeypatch):
    """Any transaction id holds the feed's horizon back for every reader: the refresh
    takes one only to write the facts, not during the (long) computation."""
    import workers.stats_store as stats_store

    refresh(pool)
    import_events(store, club_games("xid", "contree", range(1)))
    seen = []
    compute = stats_store.compute

    def spying(conn, game_ids):
        seen.append(conn.execute("SELECT pg_current_xact_id_if_assigned()").fetchone()[0])
        return compute(conn, game_ids)

    monkeypatch.setattr(stats_store, "compute", spying)
    assert refresh(pool) == 1
    assert seen == [None]


def test_the_statistics_say_as_of_when(hand, wclient, make_token, pool):
    """``as_of`` is when the last event the figures include was recorded."""
    refresh(pool)
    with pool.connection() as conn:
        head = checkpoint(conn)
        recorded = conn.execute(
            "SELECT recorded_at FROM events WHERE position <= %s ORDER BY position DESC LIMIT 1",
            (head,),
        ).fetchone()[0]
    r = wclient.get("/stats/profiles?club=hand", headers=bearer(make_token("hand", ("read",))))
    assert r.status_code == 200 and r.json["as_of"] == recorded.isoformat()
