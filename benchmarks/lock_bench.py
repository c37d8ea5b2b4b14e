"""Write path at scale: appends of concurrent games, without the events table lock and with it.

    .venv/bin/python benchmarks/lock_bench.py                  # 1, 8 and 64 writers, 10 s each
    .venv/bin/python benchmarks/lock_bench.py --smoke          # 1 and 4 writers, 1 s each

Appends used to take ``LOCK TABLE events IN EXCLUSIVE MODE`` just before their insert
and hold it until commit, so that positions followed commit order: all games' writers
shared that one critical section. They no longer do: the feed is read in ``(tx,
position)`` order below the horizon of running transactions (see
``events/store/feed_order.py``), and appends to different games never wait for each
other. Here ``W`` writers (threads, each with its own pooled connection) each record
their own games event by event, one ``EventStore.append`` per event (one transaction
each, no judgement hook: what is measured is the store's), for ``--seconds`` at each
level, twice:

* as the store is (no table lock): appends/s and append latency p50/p99;
* the baseline, in the same run, the same code with the lock put back: the connection
  class the pool is given runs ``LOCK TABLE events IN EXCLUSIVE MODE`` just before the
  store's events ``INSERT``, as the store did, and times the lock wait (that statement)
  and the lock hold (from its return to the ``COMMIT``'s return) p50/p99, and the lock's
  occupancy: the sum of the hold times over the wall clock (1.0: some writer held it all
  the time, so the lock set the pace);
* the ratio lifted/locked: above 1, the lock was what limited the rate.

Runs on the embedded server or ``DATABASE_URL``'s (then the admin URL on which a scratch
database is created and dropped). The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from psycopg import Connection, Transaction
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool

from events.records import NewEvent
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.event_store import EventStore
from events.store.jsonb import use_fast_loads
from events.store.migrate import migrate
from events.store.pool import check_alive
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game

LOCK = "LOCK TABLE events IN EXCLUSIVE MODE"
INSERT = "INSERT INTO events "  # how the store's append statement starts
_PUT_BACK = threading.local()


class TimedConnection(Connection[Any]):
    """A connection that, when the lock is put back, takes it before the store's events
    insert, and times it: its wait, and its hold until commit."""

    waits: list[float]
    holds: list[float]
    _locked_at: float | None = None

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        if getattr(_PUT_BACK, "on", False) and str(query).startswith(INSERT):
            start = time.perf_counter()
            super().execute(LOCK)
            self._locked_at = time.perf_counter()
            self.waits.append(self._locked_at - start)
        return super().execute(query, params, **kwargs)

    @contextmanager
    def transaction(self, *args: Any, **kwargs: Any) -> Iterator[Transaction]:
        outer = self.pgconn.transaction_status == TransactionStatus.IDLE  # not a savepoint
        if outer:
            self._locked_at = None
        with super().transaction(*args, **kwargs) as tx:
            yield tx
        if outer and self._locked_at is not None:  # committed: the lock is released
            self.holds.append(time.perf_counter() - self._locked_at)


def wire_games(count: int) -> list[list[NewEvent]]:
    """The events of ``count`` generated ffb games (a GameCreated, then the table)."""
    out = []
    for seed in range(count):
        g = generate_game(find_profile("ffb"), seed)
        created = {
            "profile": "ffb",
            "first_dealer": g.first_dealer.name,
            "seats": {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"},
        }
        if g.target != find_profile("ffb").target:
            created["target"] = g.target
        events = [("GameCreated", created)] + [action_to_wire(a) for a in g.actions]
        out.append(events)
    return out  # type: ignore[return-value]


def writer(
    store: EventStore,
    games: list[list[tuple[str, dict[str, Any]]]],
    stop: float,
    latencies: list[float],
    first: int,
    put_back: bool,
) -> None:
    """Record games one event per append until ``stop``; a finished game starts another."""
    _PUT_BACK.on = put_back
    n = first
    while time.perf_counter() < stop:
        game_id, events = uuid.uuid4(), games[n % len(games)]
        n += 1
        for version, (kind, data) in enumerate(events):
            if time.perf_counter() >= stop:
                return
            start = time.perf_counter()
            store.append(game_id, [NewEvent(kind, data)], version, "lock-bench")
            latencies.append(time.perf_counter() - start)


def p(samples: list[float], q: float) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 3)


def level(url: str, writers: int, seconds: float, games: Any, put_back: bool) -> dict[str, Any]:
    """One run of ``writers`` concurrent games for ``seconds``."""
    pool: ConnectionPool[TimedConnection] = ConnectionPool(
        url,
        connection_class=TimedConnection,
        min_size=writers,
        max_size=writers,
        kwargs={"autocommit": True},
        configure=use_fast_loads,
        check=check_alive,
        open=True,
    )
    pool.wait(timeout=60)
    waits: list[float] = []
    holds: list[float] = []
    with pool.connection() as conn:  # every connection of the pool shares the two lists
        type(conn).waits, type(conn).holds = waits, holds
    store = EventStore(pool)  # type: ignore[arg-type]
    latencies: list[list[float]] = [[] for _ in range(writers)]
    stop = time.perf_counter() + seconds
    start = time.perf_counter()
    threads = [
        threading.Thread(target=writer, args=(store, games, stop, latencies[i], i, put_back))
        for i in range(writers)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    pool.close()
    done = [x for lat in latencies for x in lat]
    return {
        "appends": len(done),
        "appends_per_s": round(len(done) / wall, 1),
        "append_p50_ms": p(done, 0.5),
        "append_p99_ms": p(done, 0.99),
    } | (
        {
            "lock_wait_p50_ms": p(waits, 0.5),
            "lock_wait_p99_ms": p(waits, 0.99),
            "lock_hold_p50_ms": p(holds, 0.5),
            "lock_hold_p99_ms": p(holds, 0.99),
            "lock_occupancy": round(sum(holds) / wall, 3),
        }
        if put_back
        else {}
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 8, 64])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--smoke", action="store_true", help="1 and 4 writers, 1 s each")
    args = parser.parse_args()
    if args.smoke:
        args.writers, args.seconds = [1, 4], 1.0
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_lock_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    games = wire_games(8)
    result: dict[str, Any] = {"seconds": args.seconds, "cpus": os.cpu_count()}
    try:
        migrate(url)
        for w in args.writers:
            lifted = level(url, w, args.seconds, games, put_back=False)
            locked = level(url, w, args.seconds, games, put_back=True)
            ratio = round(lifted["appends_per_s"] / max(locked["appends_per_s"], 1e-9), 3)
            result[f"w{w}"] = lifted
            result[f"w{w}_with_lock"] = locked
            result[f"w{w}_lifted_vs_locked"] = ratio
            print(
                f"{w:>3} writers: {lifted['appends_per_s']:,.0f} appends/s, append p50 "
                f"{lifted['append_p50_ms']} ms p99 {lifted['append_p99_ms']} ms; with the lock "
                f"put back {locked['appends_per_s']:,.0f}/s (lifted/locked {ratio}), p50 "
                f"{locked['append_p50_ms']} ms p99 {locked['append_p99_ms']} ms, lock wait p50 "
                f"{locked['lock_wait_p50_ms']} ms p99 {locked['lock_wait_p99_ms']} ms, hold "
                f"p50 {locked['lock_hold_p50_ms']} ms p99 {locked['lock_hold_p99_ms']} ms, "
                f"held {locked['lock_occupancy']:.0%} of the time",
                flush=True,
            )
    finally:
        drop_database(admin, name)
    result["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
