"""Players benchmark: erasing a player from a large archive, and what the roster ids cost
the statistics.

On the embedded PostgreSQL (or ``DATABASE_URL``'s server), in scratch databases:
(a) an archive of ``--games`` games (100,000) of one club seating roster ids
    (``GameCreated`` v3), a roster of ``--players`` players, each erased player sitting
    in 1 % of the games; the erasure (:func:`service.players.erasure.erase`, one
    transaction, committed) of ``--erasures`` players, against the baseline of finding
    the same number of games of another player (the least any erasure must do);
(b) the statistics refresh (:func:`workers.stats_store.rebuild`) of ``--stat-games``
    finished games, recorded with names and the code as it was before the roster
    (no id resolution), then the same games recorded with roster ids and the code as it
    is (merged and adopted ids resolved as the facts are written): after / before.

    python benchmarks/players_bench.py [--games 100000] [--stat-games 1000] [--smoke]

Target: (a) an erasure in ≤ 5 s; (b) after / before ≤ 1 (no slower than before).
The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import os
import random
import statistics
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import psycopg

from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.event_store import EventStore
from events.store.migrate import migrate
from events.store.pool import make_pool
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game
from service.players import erasure
from workers import stats_store
from workers.roster import games_of

CLUB = "bench"


def scratch(admin: str, tag: str) -> str:
    name = f"coinche_players_bench_{tag}_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    migrate(url)
    return url


def roster(conn: psycopg.Connection[Any], count: int) -> list[str]:
    ids = [f"pl_{i:032x}" for i in range(1, count + 1)]
    conn.execute("INSERT INTO clubs (club, name) VALUES (%s, %s)", (CLUB, CLUB))
    with conn.cursor().copy(
        "COPY players (player_id, club, display_name, licence, match_key, created_by) FROM STDIN"
    ) as copy:
        for i, pid in enumerate(ids):
            copy.write_row((pid, CLUB, f"Joueur {i:05d}", f"L{i:06d}", f"joueur {i:05d}", "b"))
    return ids


def archive(games: int, ids: list[str], erased: list[str], seed: int) -> Iterator[str]:
    """One ``GameCreated`` per game (the erasure reads rows, never a game's events): the
    ``k``-th erased player sits in every game ``g`` with ``g % 100 == k``."""
    rng = random.Random(seed)
    others = [p for p in ids if p not in erased]
    for g in range(games):
        seats = rng.sample(others, 4)
        k = g % 100
        if k < len(erased):
            seats[g % 4] = erased[k]
        created = {"profile": "ffb", "first_dealer": "N", "club": CLUB, "roster": True,
                   "seats": dict(zip("NESW", seats, strict=True))}  # fmt: skip
        line = {"game": str(uuid.UUID(int=g + 1)), "events": [{"type": "GameCreated",
                                                              "data": created}]}  # fmt: skip
        yield json.dumps(line)


def best_of(rounds: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def measure_erasure(admin: str, games: int, players: int, erasures: int, seed: int) -> dict:
    url = scratch(admin, "erase")
    try:
        with psycopg.connect(url) as conn, conn.transaction():
            ids = roster(conn, players)
        erased, probe = ids[:erasures], ids[erasures]
        pool = make_pool(url, max_size=2)
        store = EventStore(pool)
        t0 = time.perf_counter()
        summary = store.import_ndjson(archive(games, ids, erased, seed), progress=False,
                                      batch_games=2_000)  # fmt: skip
        load_s = time.perf_counter() - t0
        assert summary.imported == games, summary.refused[:3]
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ANALYZE")
        times, baseline, touched = [], [], []
        for pid in erased:
            with psycopg.connect(url) as conn:
                t0 = time.perf_counter()
                found = games_of(conn, [probe])
                baseline.append(time.perf_counter() - t0)
            with psycopg.connect(url) as conn:
                t0 = time.perf_counter()
                with conn.transaction():
                    done = erasure.erase(conn, CLUB, pid, "bench")
                times.append(time.perf_counter() - t0)
            touched.append(done["games"])
            assert found
        with psycopg.connect(url) as conn:
            left = conn.execute(
                "SELECT count(*) FROM players WHERE player_id = ANY(%s) AND display_name"
                " IS NOT NULL",
                (erased,),
            ).fetchone()
        assert left == (0,)
        pool.close()
    finally:
        drop_database(admin, url.rsplit("/", 1)[1].split("?")[0])
    return {
        "archive_games": games,
        "roster_players": players,
        "archive_load_s": round(load_s, 2),
        "erasures": len(times),
        "games_per_erased_player": round(statistics.mean(touched), 1),
        "erase_p50_ms": round(statistics.median(times) * 1000, 1),
        "erase_max_ms": round(max(times) * 1000, 1),
        "find_games_p50_ms": round(statistics.median(baseline) * 1000, 1),
        "erase_over_find": round(statistics.median(times) / statistics.median(baseline), 1),
    }


def finished_games(count: int, seed: int, with_ids: bool) -> list[str]:
    lines = []
    for i in range(count):
        g = generate_game(find_profile("ffb"), seed + i, target=500)
        names = [f"joueur {(seed + i * 4 + k) % 40:02d}" for k in range(4)]
        if len(set(names)) < 4:
            names = [f"joueur {k}" for k in range(4)]
        seats = [f"pl_{int(n.split()[1]) + 1:032x}" for n in names] if with_ids else names
        created: dict[str, Any] = {
            "profile": "ffb", "first_dealer": g.first_dealer.name, "length": {"target": 500},
            "club": CLUB, "seats": dict(zip("NESW", seats, strict=True)),
        }  # fmt: skip
        events = [{"type": "GameCreated", "data": created}]
        if with_ids:
            created["roster"] = True
        else:
            events[0]["version"] = 2  # recorded before the roster: names in the log
            created["target"] = created.pop("length")["target"]  # v2 has a target
        events += [dict(zip(("type", "data"), action_to_wire(a), strict=True))
                   for a in g.actions]  # fmt: skip
        lines.append(json.dumps({"game": str(uuid.uuid4()), "events": events}))
    return lines


def measure_refresh(admin: str, count: int, rounds: int, seed: int) -> dict:
    """Both archives loaded first, then their rebuilds alternated round by round (a shared
    machine's load drifts: alternating gives both the same weather), the best of each."""
    out: dict[str, Any] = {}
    resolve = stats_store.resolve_seats
    setups = (("names_before", False), ("ids_after", True))
    urls, pools = {}, {}
    try:
        for label, with_ids in setups:
            urls[label] = scratch(admin, label.split("_")[0])
            pools[label] = make_pool(urls[label], max_size=2)
            with psycopg.connect(urls[label]) as conn, conn.transaction():
                roster(conn, 40)
            lines = finished_games(count, seed, with_ids)
            summary = EventStore(pools[label]).import_ndjson(lines, progress=False)
            assert summary.imported == count, summary.refused[:3]
        times: dict[str, list[float]] = {label: [] for label, _ in setups}
        for _ in range(rounds):
            for label, with_ids in setups:
                if not with_ids:  # the code before the roster: no id resolution
                    stats_store.resolve_seats = lambda conn, facts: None  # type: ignore[assignment]
                try:
                    times[label].append(best_of(1, functools.partial(stats_store.rebuild,
                                                                     pools[label])))  # fmt: skip
                finally:
                    stats_store.resolve_seats = resolve
        for label, _ in setups:
            with psycopg.connect(urls[label]) as conn:
                row = conn.execute("SELECT count(*), count(DISTINCT player) FROM stat_seats")
                seat_rows, distinct = row.fetchone() or (0, 0)
            out[f"refresh_{label}_s"] = round(min(times[label]), 3)
            out[f"refresh_{label}_rounds_s"] = [round(t, 3) for t in times[label]]
            out[f"refresh_{label}_seat_rows"] = seat_rows
            out[f"refresh_{label}_players"] = distinct
    finally:
        for label in urls:
            pools[label].close()
            drop_database(admin, urls[label].rsplit("/", 1)[1].split("?")[0])
    out["refresh_games"] = count
    out["refresh_after_over_before"] = round(
        out["refresh_ids_after_s"] / out["refresh_names_before_s"], 3
    )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--erasures", type=int, default=5)
    parser.add_argument("--stat-games", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--smoke", action="store_true", help="2,000 games, 30 for statistics")
    args = parser.parse_args(argv)
    if args.smoke:
        args.games, args.players, args.erasures = 2_000, 200, 2
        args.stat_games, args.rounds = 30, 1
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    f = measure_erasure(admin, args.games, args.players, args.erasures, args.seed)
    print(
        f"(a) archive of {f['archive_games']:,} games ({f['archive_load_s']} s to load), roster "
        f"of {f['roster_players']:,}; {f['erasures']} players erased, each in "
        f"{f['games_per_erased_player']:,} games: erasure p50 {f['erase_p50_ms']} ms, max "
        f"{f['erase_max_ms']} ms (target ≤ 5,000 ms); baseline, finding a player's games: "
        f"p50 {f['find_games_p50_ms']} ms; erasure / baseline = {f['erase_over_find']}"
    )
    f |= measure_refresh(admin, args.stat_games, args.rounds, args.seed)
    print(
        f"(b) statistics rebuild of {f['refresh_games']:,} finished games "
        f"({f['refresh_ids_after_seat_rows']:,} seat rows): names and the code before the "
        f"roster {f['refresh_names_before_s']} s; roster ids, resolved when written "
        f"{f['refresh_ids_after_s']} s; after / before = {f['refresh_after_over_before']} "
        f"(target ≤ 1)"
    )
    buffer = io.StringIO()
    json.dump(f, buffer)
    print(buffer.getvalue())


if __name__ == "__main__":
    main()
