"""Projection benchmark: the state of a stored 20-deal game at random positions.

On the embedded PostgreSQL (or ``DATABASE_URL``'s server), in a scratch database:
a generated 20-deal game (about 900 events) is stored, then
(a) the state at a random position is rebuilt cold (no snapshot: every event read
    and folded), (b) the same with the snapshots written at deal boundaries,
    (c) the fold alone in memory (events/s, entries already decoded), and the fold
    including the decoding of stored rows into records.

    python benchmarks/replay_bench.py [--samples 300] [--smoke]

Targets: (b) p50 ≤ 10 ms including the database read; (c) ≥ 200,000 events/s.
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

from events.config import Settings, with_database
from events.embedded import drop_database, ensure_database, server_url
from events.migrate import migrate
from events.pool import make_pool
from events.records import NewEvent
from events.store import EventStore
from projections.address import Upto
from projections.entries import Entry, from_stored
from projections.fold import project
from projections.snapshots import load_state
from rules.generator import generate_game
from rules.notation import action_to_wire
from rules.registry import find_profile


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
            "target": 100_000,
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


def fold_rate(entries: Sequence[Entry], min_seconds: float = 1.0) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < min_seconds:
        project(entries)
        count += len(entries)
    return count / (time.perf_counter() - start)


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
    entries = list(from_stored(stored))
    figures["fold_events_per_s"] = fold_rate(entries)
    t0 = time.perf_counter()
    rounds = 0
    while time.perf_counter() - t0 < 1.0:
        project(list(from_stored(stored)))
        rounds += 1
    figures["decode_and_fold_events_per_s"] = rounds * n / (time.perf_counter() - t0)
    figures["cold_over_snapshot_p50"] = figures["cold_p50_ms"] / figures["snapshot_p50_ms"]
    return {k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--smoke", action="store_true", help="3 deals, 20 samples")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.samples = 3, 20
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_replay_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        f = measure(url, args.deals, args.samples, args.seed)
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
    print(
        f"(c) fold alone in memory: {f['fold_events_per_s']:,.0f} events/s "
        f"(target ≥ 200,000); decoding rows included: "
        f"{f['decode_and_fold_events_per_s']:,.0f} events/s"
    )
    print(f"cold / snapshot p50 = {f['cold_over_snapshot_p50']:.1f}")
    print(json.dumps(f))


if __name__ == "__main__":
    main()
