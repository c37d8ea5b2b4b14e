"""Projection benchmark: the state of a stored 20-deal game at random positions.

On the embedded PostgreSQL (or ``DATABASE_URL``'s server), in a scratch database:
a generated 20-deal game (about 900 events) is stored, then
(a) the state at a random position is rebuilt cold (no snapshot: every event read
    and folded), (b) the same with the snapshots written at deal boundaries,
    (c) the fold alone in memory (events/s, entries already decoded), and the fold
    including the decoding of the stored rows into records (as the snapshots' reads
    do it, :func:`projections.entries.from_rows`, and through the store's events,
    :func:`projections.entries.from_stored`); each as a rate over one second of wall
    clock, over this process's CPU time, and from the fastest of those rounds (the
    machine's speed when nothing else runs: on a shared machine, compare those);
(d) a long game (5,000 events, ``--long``): its state at the end and at a random point
    of its last deal, cold and with snapshots: as the service reads it (the process
    keeps the last snapshots it decoded) and decoding the JSON row every time.

    python benchmarks/replay_bench.py [--samples 300] [--long 5000] [--smoke]

Targets: (b) and (d) p50 ≤ 10 ms including the database reads; (c) ≥ 200,000 events/s.
The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
import uuid
from collections.abc import Callable, Sequence

import psycopg

from events.records import NewEvent
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.event_store import EventStore
from events.store.jsonb import use_fast_loads
from events.store.migrate import migrate
from events.store.pool import make_pool
from projections.address import Upto
from projections.entries import from_rows, from_stored
from projections.fold import project
from projections.snapshots import DECODED, SELECT_EVENTS, load_state
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game


def game_events(deals: int, seed: int) -> list[dict]:
    """Wire events of a generated ffb-sata game of exactly ``deals`` deals."""
    g = generate_game(
        find_profile("ffb-sata"), seed, target=100_000, max_deals=deals, misdeal_rate=0
    )
    created = {
        "type": "GameCreated",
        "data": {
            "profile": g.profile.id,
            "first_dealer": g.first_dealer.name,
            "length": {"target": 100_000},
            "seats": {"N": "nadia", "E": "emile", "S": "sacha", "W": "wanda"},
        },
    }
    return [created] + [
        dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions
    ]


def percentiles(samples: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def timed(fn: Callable[[], object], samples: int) -> list[float]:
    out = []
    for _ in range(samples):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def fold_rates(fold: Callable[[], object], n: int, min_seconds: float = 1.0) -> list[float]:
    """Events/s of ``fold`` (``n`` events) repeated for ``min_seconds``: over the wall
    clock, over this process's CPU time, and in its fastest round."""
    rounds, best = 0, float("inf")
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < min_seconds:
        t0 = time.perf_counter()
        fold()
        best = min(best, time.perf_counter() - t0)
        rounds += 1
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return [rounds * n / wall, rounds * n / max(used, 1e-9), n / best]


def measure(url: str, deals: int, samples: int, seed: int) -> dict[str, float]:
    events = game_events(deals, seed)
    pool = make_pool(url, max_size=2)
    store = EventStore(pool)
    game_id = uuid.uuid4()
    store.append(game_id, [NewEvent(e["type"], e["data"]) for e in events], 0, "bench")
    stored = store.read(game_id)
    n = len(stored)
    rng = random.Random(seed)
    positions = [rng.randint(1, n) for _ in range(samples)]
    figures: dict[str, float] = {"deals": deals, "events": n, "samples": samples}
    with psycopg.connect(url, autocommit=True) as conn:
        use_fast_loads(conn)  # as the pool's connections
        rows = conn.execute(SELECT_EVENTS, (game_id, 0, n)).fetchall()
        it = iter(positions)
        cold = timed(
            lambda: load_state(
                conn, game_id, Upto(version=next(it)), use_snapshots=False, write_snapshots=False
            ),
            samples,
        )
        load_state(conn, game_id)  # writes the deal-boundary snapshots once
        snaps = conn.execute(
            "SELECT count(*) FROM projection_snapshots WHERE game_id = %s", (game_id,)
        ).fetchone()[0]
        it = iter(positions)
        warm = timed(
            lambda: load_state(conn, game_id, Upto(version=next(it)), write_snapshots=False),
            samples,
        )
    pool.close()
    figures["snapshots"] = snaps
    figures["cold_p50_ms"], figures["cold_p99_ms"] = percentiles(cold)
    figures["snapshot_p50_ms"], figures["snapshot_p99_ms"] = percentiles(warm)
    entries = list(from_rows(rows))
    assert entries == list(from_stored(stored))
    rates = {
        "fold": fold_rates(lambda: project(entries), n),
        "decode_and_fold": fold_rates(lambda: project(from_rows(rows)), n),
        "decode_events_and_fold": fold_rates(lambda: project(from_stored(stored)), n),
    }
    for name, (wall, cpu, best) in rates.items():
        figures[f"{name}_events_per_s"] = wall
        figures[f"{name}_cpu_events_per_s"] = cpu
        figures[f"{name}_best_events_per_s"] = best
    figures["cold_over_snapshot_p50"] = figures["cold_p50_ms"] / figures["snapshot_p50_ms"]
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}


def measure_long(url: str, size: int, samples: int, seed: int) -> dict[str, float]:
    """(d): the end of a game of at least ``size`` events, cold and with snapshots."""
    deals = max(1, size // 45)
    events = game_events(deals, seed)
    while len(events) < size:
        deals += max(1, (size - len(events)) // 40)
        events = game_events(deals, seed)
    pool = make_pool(url, max_size=2)
    store = EventStore(pool)
    game_id = uuid.uuid4()
    store.append(game_id, [NewEvent(e["type"], e["data"]) for e in events], 0, "bench")
    pool.close()
    n = len(events)
    rng = random.Random(seed)
    last_deal = [rng.randint(n - 35, n) for _ in range(samples)]
    with psycopg.connect(url, autocommit=True) as conn:
        cold = timed(
            lambda: load_state(conn, game_id, use_snapshots=False, write_snapshots=False),
            max(3, samples // 20),
        )
        load_state(conn, game_id)  # writes the deal-boundary snapshots once
        size_row = conn.execute(
            "SELECT count(*), max(octet_length(data)) FROM projection_snapshots WHERE game_id = %s",
            (game_id,),
        ).fetchone()
        cpu0 = time.process_time()
        end = timed(lambda: load_state(conn, game_id, write_snapshots=False), samples)
        cpu_end = (time.process_time() - cpu0) / samples

        def decoded_each_time() -> object:
            DECODED.clear()  # as a process that never read this game: decode the snapshot
            return load_state(conn, game_id, write_snapshots=False)

        cpu0 = time.process_time()
        fresh = timed(decoded_each_time, samples)
        cpu_fresh = (time.process_time() - cpu0) / samples
        it = iter(last_deal)
        near = timed(
            lambda: load_state(conn, game_id, Upto(version=next(it)), write_snapshots=False),
            samples,
        )
    f: dict[str, float] = {"long_events": n, "long_deals": deals}
    f["long_snapshots"], f["long_snapshot_bytes"] = size_row[0], size_row[1]
    f["long_cold_end_p50_ms"], f["long_cold_end_p99_ms"] = percentiles(cold)
    f["long_snapshot_end_p50_ms"], f["long_snapshot_end_p99_ms"] = percentiles(end)
    f["long_snapshot_last_deal_p50_ms"], f["long_snapshot_last_deal_p99_ms"] = percentiles(near)
    f["long_cold_over_snapshot_p50"] = f["long_cold_end_p50_ms"] / f["long_snapshot_end_p50_ms"]
    # this process's CPU per state at the end (decoding the snapshot, folding, reading the
    # rows): unlike the wall clock, it does not grow with other load on the machine
    f["long_snapshot_end_cpu_ms"] = cpu_end * 1000
    f["long_decoded_end_p50_ms"], f["long_decoded_end_p99_ms"] = percentiles(fresh)
    f["long_decoded_end_cpu_ms"] = cpu_fresh * 1000
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in f.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--long", type=int, default=5000, help="events of the long game (d)")
    parser.add_argument("--smoke", action="store_true", help="3 deals, 20 samples, long 400")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.samples, args.long = 3, 20, 400
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_replay_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        f = measure(url, args.deals, args.samples, args.seed)
        f |= measure_long(url, args.long, args.samples, args.seed)
    finally:
        drop_database(admin, name)
    print(
        f"game: {f['deals']} deals, {f['events']} events stored; "
        f"{f['snapshots']} snapshots at deal boundaries"
    )
    print(
        f"(a) state at a random position, cold:      p50 {f['cold_p50_ms']:.2f} ms, "
        f"p99 {f['cold_p99_ms']:.2f} ms"
    )
    print(
        f"(b) state at a random position, snapshots: p50 {f['snapshot_p50_ms']:.2f} ms, "
        f"p99 {f['snapshot_p99_ms']:.2f} ms  (target p50 ≤ 10 ms)"
    )
    for name, what in (
        ("fold", "fold alone in memory (target ≥ 200,000)"),
        ("decode_and_fold", "rows decoded and folded (target ≥ 150,000)"),
        ("decode_events_and_fold", "the store's events decoded and folded"),
    ):
        print(
            f"(c) {what}: {f[f'{name}_events_per_s']:,.0f} events/s on the wall clock, "
            f"{f[f'{name}_cpu_events_per_s']:,.0f} per CPU second, "
            f"{f[f'{name}_best_events_per_s']:,.0f} in the fastest round"
        )
    print(f"cold / snapshot p50 = {f['cold_over_snapshot_p50']:.1f}")
    print(
        f"(d) long game: {f['long_events']} events, {f['long_deals']} deals, "
        f"{f['long_snapshots']} snapshots of at most {f['long_snapshot_bytes']:,} bytes; "
        f"state at the end cold p50 {f['long_cold_end_p50_ms']:.2f} ms, with snapshots "
        f"p50 {f['long_snapshot_end_p50_ms']:.2f} ms, p99 {f['long_snapshot_end_p99_ms']:.2f} ms "
        f"(target p50 ≤ 10 ms; this process's CPU {f['long_snapshot_end_cpu_ms']:.2f} ms "
        f"each); decoding the snapshot every time (a process new to the game) p50 "
        f"{f['long_decoded_end_p50_ms']:.2f} ms, CPU {f['long_decoded_end_cpu_ms']:.2f} ms; "
        f"in the last deal p50 "
        f"{f['long_snapshot_last_deal_p50_ms']:.2f} ms; cold / snapshot "
        f"{f['long_cold_over_snapshot_p50']:.1f}"
    )
    print(json.dumps(f))


if __name__ == "__main__":
    main()
