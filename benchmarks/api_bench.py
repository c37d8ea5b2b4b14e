"""HTTP API benchmark: clients recording games card by card through ``coinche serve``.

    .venv/bin/python benchmarks/api_bench.py              # 4 clients, 30 s
    .venv/bin/python benchmarks/api_bench.py --smoke      # a few seconds, for CI

The script creates a scratch database on the embedded PostgreSQL (``DATABASE_URL``
overrides: it is then the admin URL on which the scratch database is created),
starts ``coinche serve`` (gunicorn, default workers) on a free port in a
subprocess with a scratch data folder, and stops it at the end. Then:

1. ``--clients`` threads, each with one keep-alive ``http.client`` connection,
   record different generated games event by event (one ``POST
   /games/{id}/events`` per event, with ``expected_version``) for ``--seconds``:
   appends/s, p50/p99 latency, errors;
2. the same clients replay a finished game (``GET /games/{id}/state`` at random
   versions, arbiter view) without and with ``If-None-Match``: reads/s each way;
3. with the server stopped, the store's own single appends (same database, same
   judgement hook, one thread): appends/s, and the ratio of the HTTP append rate to it.

The last line printed is one JSON object with every figure (times in ms, rates per
second, ratios as plain numbers).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from events.records import NewEvent
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.event_store import EventStore
from events.store.migrate import migrate
from events.store.pool import make_pool
from projections.judgement import Judgement
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game
from service.auth import create_token

PROFILES = ("ffb", "contree", "tripot", "yeeqia", "ffb-sata", "funbelote-coinche")
Event = dict[str, Any]


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def game_events(profile: str, seed: int, **kw: Any) -> list[Event]:
    g = generate_game(find_profile(profile), seed, **kw)
    created: Event = {"profile": profile, "first_dealer": g.first_dealer.name,
                      "seats": {s: f"{s.lower()}{seed}" for s in "NESW"}}  # fmt: skip
    if g.target != g.profile.target:
        created["length"] = {"target": g.target}
    events = [{"type": "GameCreated", "data": created}]
    return events + [dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    """One keep-alive connection speaking JSON."""

    def __init__(self, port: int, secret: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.auth = {"Authorization": f"Bearer {secret}"}

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes, Any]:  # fmt: skip
        h = dict(self.auth, **(headers or {}))
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=h)
        response = self.conn.getresponse()
        return response.status, response.read(), response.headers

    def close(self) -> None:
        self.conn.close()


class Recorder(threading.Thread):
    """Records games from ``pool`` (each under a new id) until ``deadline``."""

    def __init__(self, port: int, secret: str, pool: list[list[Event]], deadline: float) -> None:
        super().__init__(daemon=True)
        self.client, self.pool, self.deadline = Client(port, secret), pool, deadline
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games = 0

    def run(self) -> None:
        try:
            n = 0
            while time.monotonic() < self.deadline:
                self.record(self.pool[n % len(self.pool)])
                n += 1
        except Exception as e:  # a broken connection counts as an error, and stops the client
            self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            self.client.close()

    def record(self, events: list[Event]) -> None:
        status, body, _ = self.client.request("POST", "/games", events[0]["data"])
        if status != 201:
            self.errors.append(f"POST /games {status}: {body[:200]!r}")
            return
        game, version = json.loads(body)["id"], 1
        self.games += 1
        for event in events[1:]:
            if time.monotonic() >= self.deadline:
                return
            payload = {"expected_version": version, "events": [event]}
            start = time.perf_counter()
            status, body, _ = self.client.request("POST", f"/games/{game}/events", payload)
            self.latencies.append(time.perf_counter() - start)
            if status != 201:
                self.errors.append(f"append {status}: {body[:200]!r}")
                return
            version += 1


class Replayer(threading.Thread):
    """GETs states of a finished game at random versions until ``deadline``."""

    def __init__(self, port: int, secret: str, paths: dict[str, str], deadline: float,
                 conditional: bool, seed: int) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.client, self.paths, self.deadline = Client(port, secret), paths, deadline
        self.conditional, self.rng = conditional, random.Random(seed)
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def run(self) -> None:
        keys = list(self.paths)
        expected = 304 if self.conditional else 200
        try:
            while time.monotonic() < self.deadline:
                path = self.rng.choice(keys)
                headers = {"If-None-Match": self.paths[path]} if self.conditional else {}
                start = time.perf_counter()
                status, body, _ = self.client.request("GET", path, headers=headers)
                self.latencies.append(time.perf_counter() - start)
                if status != expected:
                    self.errors.append(f"GET {path} {status}: {body[:200]!r}")
        except Exception as e:
            self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            self.client.close()


def start_server(
    url: str, data_dir: Path, port: int, workers: int | None
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, DATABASE_URL=url, COINCHE_DATA_DIR=str(data_dir))
    env.pop("CELERY_BROKER_URL", None)
    script = Path(sys.executable).with_name("coinche")
    inline = [sys.executable, "-c", "from service.cli.main import main; main()"]
    argv = [str(script)] if script.exists() else inline
    argv += ["serve", "--no-worker", "--bind", f"127.0.0.1:{port}"]
    if workers:
        argv += ["--workers", str(workers)]
    server = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            assert server.stderr is not None
            raise RuntimeError(f"coinche serve exited: {server.stderr.read().decode()[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/ready")
            if conn.getresponse().status == 200:
                conn.close()
                return server
        except OSError:
            time.sleep(0.2)
    stop_server(server)
    raise RuntimeError("coinche serve did not become ready within 60 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)  # the gunicorn master and its workers
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def finished_game(port: int, secret: str) -> tuple[str, int]:
    """Record one whole game through the API (in batches: it is not measured)."""
    for seed in range(1000, 1100):
        events = game_events("contree", seed)
        if generate_game(find_profile("contree"), seed).final.over:
            break
    client = Client(port, secret)
    status, body, _ = client.request("POST", "/games", events[0]["data"])
    game, version = json.loads(body)["id"], 1
    for i in range(1, len(events), 200):
        status, body, _ = client.request(
            "POST", f"/games/{game}/events",
            {"expected_version": version, "events": events[i : i + 200]},
        )  # fmt: skip
        assert status == 201, body
        version = json.loads(body)["version"]
    client.close()
    return game, version


def store_appends(url: str, seconds: float, pool_games: list[list[Event]]) -> list[float]:
    """Latencies of the store's own single appends (judgement included), one thread."""
    pool = make_pool(url, max_size=2)
    store, judgement = EventStore(pool), Judgement()
    latencies: list[float] = []
    deadline = time.monotonic() + seconds
    try:
        n = 0
        while time.monotonic() < deadline:
            events = pool_games[n % len(pool_games)]
            n += 1
            game = uuid.uuid4()
            version = store.append(game, [NewEvent("GameCreated", events[0]["data"])], 0, "bench",
                                   check=judgement).last_version  # fmt: skip
            for event in events[1:]:
                if time.monotonic() >= deadline:
                    break
                start = time.perf_counter()
                version = store.append(game, [NewEvent(event["type"], event["data"])], version,
                                       "bench", check=judgement).last_version  # fmt: skip
                latencies.append(time.perf_counter() - start)
    finally:
        pool.close()
    return latencies


def run(args: argparse.Namespace) -> dict[str, Any]:
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_apibench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    data_dir = Path(tempfile.mkdtemp(prefix="coinche-apibench-"))
    try:
        migrate(url)
        return measure(args, url, data_dir)
    finally:
        drop_database(admin, name)
        shutil.rmtree(data_dir, ignore_errors=True)


def measure(args: argparse.Namespace, url: str, data_dir: Path) -> dict[str, Any]:
    pool = make_pool(url, max_size=1)
    with pool.connection() as conn:
        _token, secret = create_token(conn, "bench", "api-bench", ["admin"])
    pool.close()
    games = [game_events(PROFILES[i % len(PROFILES)], i, record_hands=i % 2 == 0)
             for i in range(2 * args.clients)]  # fmt: skip
    port = free_port()
    workers = args.workers or 2 * (os.cpu_count() or 1)
    server = start_server(url, data_dir, port, args.workers)
    try:
        game, version = finished_game(port, secret)
        deadline = time.monotonic() + args.seconds
        recorders = [Recorder(port, secret, games[i::args.clients], deadline)
                     for i in range(args.clients)]  # fmt: skip
        started = time.monotonic()
        for r in recorders:
            r.start()
        for r in recorders:
            r.join()
        elapsed = time.monotonic() - started
        paths = {f"/games/{game}/state?at={v}&view=arbiter": "" for v in range(1, version + 1)}
        probe = Client(port, secret)
        for path in paths:
            _status, _body, headers = probe.request("GET", path)
            paths[path] = headers["ETag"]
        probe.close()
        reads = {}
        for conditional in (False, True):
            end = time.monotonic() + args.replay_seconds
            readers = [Replayer(port, secret, paths, end, conditional, i)
                       for i in range(args.clients)]  # fmt: skip
            t0 = time.monotonic()
            for r in readers:
                r.start()
            for r in readers:
                r.join()
            reads[conditional] = (readers, time.monotonic() - t0)
    finally:
        stop_server(server)
    store = store_appends(url, args.store_seconds, games)
    latencies = [x for r in recorders for x in r.latencies]
    errors = [e for r in recorders for e in r.errors]
    errors += [e for rs, _ in reads.values() for r in rs for e in r.errors]
    plain, cond = reads[False], reads[True]
    plain_lat = [x for r in plain[0] for x in r.latencies]
    cond_lat = [x for r in cond[0] for x in r.latencies]
    append_rate = len(latencies) / elapsed
    store_rate = len(store) / sum(store) if store else 0.0
    figures: dict[str, Any] = {
        "clients": args.clients,
        "seconds": round(elapsed, 3),
        "server_workers": workers,
        "appends": len(latencies),
        "games_recorded": sum(r.games for r in recorders),
        "append_rate_per_s": round(append_rate, 1),
        "append_p50_ms": ms(percentile(latencies, 0.50)),
        "append_p99_ms": ms(percentile(latencies, 0.99)),
        "append_mean_ms": ms(statistics.fmean(latencies)) if latencies else 0.0,
        "errors": len(errors),
        "replay_events": version,
        "replay_reads_per_s": round(len(plain_lat) / plain[1], 1),
        "replay_p50_ms": ms(percentile(plain_lat, 0.50)),
        "replay_304_reads_per_s": round(len(cond_lat) / cond[1], 1),
        "replay_304_p50_ms": ms(percentile(cond_lat, 0.50)),
        "store_appends": len(store),
        "store_append_rate_per_s": round(store_rate, 1),
        "store_append_p50_ms": ms(percentile(store, 0.50)),
        "http_to_store_append_ratio": round(append_rate / store_rate, 3) if store_rate else 0.0,
    }
    if errors:
        print("first errors:", *errors[:5], sep="\n  ", file=sys.stderr)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="append phase length")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers")
    parser.add_argument("--replay-seconds", type=float, default=5.0)
    parser.add_argument("--store-seconds", type=float, default=5.0)
    parser.add_argument("--smoke", action="store_true", help="a few seconds in all")
    args = parser.parse_args()
    if args.smoke:
        args.seconds, args.replay_seconds, args.store_seconds = 3.0, 1.0, 1.0
    figures = run(args)
    print(f"HTTP appends: {figures['appends']} in {figures['seconds']} s by {args.clients} "
          f"clients = {figures['append_rate_per_s']}/s; p50 {figures['append_p50_ms']} ms, "
          f"p99 {figures['append_p99_ms']} ms; errors {figures['errors']}")  # fmt: skip
    print(f"replay reads of a finished game ({figures['replay_events']} events): "
          f"{figures['replay_reads_per_s']}/s (p50 {figures['replay_p50_ms']} ms); with "
          f"If-None-Match {figures['replay_304_reads_per_s']}/s "
          f"(p50 {figures['replay_304_p50_ms']} ms)")  # fmt: skip
    print(f"store single appends: {figures['store_append_rate_per_s']}/s "
          f"(p50 {figures['store_append_p50_ms']} ms); HTTP/store append throughput "
          f"{figures['http_to_store_append_ratio']}")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
