"""Archive benchmark: a full audit and full statistics over a generated archive, with one
and with two Celery worker processes on Redis, against the in-memory rules replay.

    .venv/bin/python benchmarks/archive_bench.py             # 2,000 games, all profiles
    .venv/bin/python benchmarks/archive_bench.py --smoke     # tiny, for CI
    .venv/bin/python benchmarks/archive_bench.py --games 500 --chunk 50

Games come from the rules' generator (every profile in turn, played to 1.6 times the
profile's target so that 2,000 games make about 30,000 deals, 2 % of cards revoked so
the audit has something to report) and are imported into a scratch database with
``store.import_ndjson`` *without* the check hook (the judgement would replay each game
once more at import; the audit does that work anyway). Workers are separate
``celery worker`` processes (``--pool=solo``, one per core used), started before
the clock and fed by Redis at ``--redis``; a job is timed from submission to
``done``. The replay figure replays the same games' actions in this process with
``rules.judge.judge`` + ``Game.apply``: ``audit_vs_replay`` says what fraction of
that raw rate a worker keeps (reading from PostgreSQL, the fold, findings, the job
system). The workers' own CPU time is read from ``/proc`` too (``…_deals_per_worker_cpu_s``):
on a shared machine, other load slows the wall clock but not that figure; the load
average is printed with the figures. The last line printed is one JSON object with every
figure (times in ms, rates per second, ratios as plain numbers).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def generate(job: tuple[int, int]) -> list[tuple[str, str, int]]:
    """(archive line, profile id, deals) for seeds ``first`` … ``last`` - 1."""
    from rules.notation import action_to_wire
    from rules.registry import PROFILES
    from rules.simulation.generator import generate_game

    ids = sorted(PROFILES)
    out = []
    for seed in range(*job):
        profile = PROFILES[ids[seed % len(ids)]]
        # games to 1.6 x the profile's target: ~15 deals a game, as the archive
        g = generate_game(profile, seed, breaches=0.02, target=profile.target * 8 // 5)
        seats = {s: f"player-{(seed * 7 + i) % 40}" for i, s in enumerate("NESW")}
        created = {
            "profile": profile.id,
            "seats": seats,
            "first_dealer": g.first_dealer.name,
            "enforcement": "record",
            "club": f"club-{seed % 5}",
            "visibility": "public",
        }
        if g.target != profile.target:
            created["length"] = {"target": g.target}
        events = [{"type": "GameCreated", "data": created}]
        events += [dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions]
        line = json.dumps({"game": str(uuid.UUID(int=seed + 1, version=4)), "events": events})
        out.append((line, profile.id, len(g.final.records)))
    return out


def replay_rate(lines: list[str]) -> tuple[float, int]:
    """Deals per second replaying the games' actions with judge + apply, in memory."""
    from projections.entries import from_wire
    from rules.game import Game
    from rules.judge import judge
    from rules.notation import TABLE_TYPES
    from rules.registry import find_profile

    games = []
    for line in lines:
        events = json.loads(line)["events"]
        created = events[0]["data"]
        actions = [from_wire(i, e["type"], e["data"]).record
                   for i, e in enumerate(events[1:], 2) if e["type"] in TABLE_TYPES]  # fmt: skip
        games.append((find_profile(created["profile"]), created, actions))
    deals = 0
    start = time.perf_counter()
    for profile, created, actions in games:
        from rules.seats import Seat

        game = Game.start(
            profile, Seat[created["first_dealer"]], created.get("length", {}).get("target")
        )
        for a in actions:
            judge(game, a)
            game = game.apply(a)
        deals += len(game.records)
    return deals / (time.perf_counter() - start), deals


def start_workers(n: int, env: dict[str, str], log: Path) -> list[subprocess.Popen[bytes]]:
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "service.worker",
                "worker",
                "-n",
                f"bench{i}@%h",
                "--pool=solo",
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
            ],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=log.open("a"),
        )
        for i in range(n)
    ]


def wait_ready(app: Any, n: int, timeout: float = 60) -> None:
    celery = app.extensions["celery"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(celery.control.ping(timeout=0.5) or []) >= n:
            return
    raise RuntimeError(f"{n} workers did not answer within {timeout}s")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes (Linux ``/proc``): a worker's own cost, which
    other load on the machine does not inflate the way it inflates wall time."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def run_job(app: Any, pool: Any, kind: str, chunk: int) -> tuple[float, dict[str, Any]]:
    from service.bootstrap import services
    from workers import jobs
    from workers.queue import submit

    start = time.perf_counter()
    job_id = submit(services(app).celery, pool, kind, {"chunk_size": chunk}, "bench", None)
    while True:
        with pool.connection() as conn:
            job = jobs.get_job(conn, job_id)
        assert job is not None
        if job.status not in jobs.ACTIVE:
            break
        time.sleep(0.02)
    if job.status != "done":
        raise RuntimeError(f"{kind} job {job.status}: {job.error}")
    return (time.perf_counter() - start) * 1000, job.result or {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--chunk", type=int, default=50, help="games per chunk")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes (CI)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.chunk = 24, 4

    from events.store.config import Settings, with_database
    from events.store.embedded import drop_database, ensure_database, server_url
    from events.store.migrate import migrate
    from service.app import create_app
    from service.bootstrap import services

    figures: dict[str, Any] = {"games": args.games, "chunk_games": args.chunk,
                               "loadavg_1m_start": round(os.getloadavg()[0], 2)}  # fmt: skip
    t = time.perf_counter()
    half = args.games // 2
    with ProcessPoolExecutor(2) as ex:
        made = [x for part in ex.map(generate, [(0, half), (half, args.games)]) for x in part]
    figures["generate_ms"] = round((time.perf_counter() - t) * 1000, 1)
    lines = [line for line, _p, _d in made]
    figures["deals"] = sum(d for _l, _p, d in made)
    print(f"generated {args.games} games, {figures['deals']} deals "
          f"in {figures['generate_ms'] / 1000:.1f} s")  # fmt: skip

    rate, replayed = replay_rate(lines)
    figures["replay_deals_per_s"] = round(rate)
    print(f"in-memory rules replay (judge + apply): {rate:,.0f} deals/s")

    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_archive_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    migrate(url)
    import redis

    redis.Redis.from_url(args.redis).flushdb()
    data = tempfile.mkdtemp(prefix="coinche-bench-")
    app = create_app({"DATABASE_URL": url, "DATA_DIR": data, "CELERY_BROKER_URL": args.redis})
    svc = services(app)
    try:
        t = time.perf_counter()
        summary = svc.store.import_ndjson(lines, progress=False)
        ms = (time.perf_counter() - t) * 1000
        assert summary.imported == args.games, summary.refused[:3]
        figures |= {"events": summary.events, "import_ms": round(ms, 1),
                    "import_events_per_s": round(summary.events / ms * 1000)}  # fmt: skip
        print(f"imported {summary.events:,} events in {ms / 1000:.1f} s (no check hook)")
        env = dict(os.environ, DATABASE_URL=url, CELERY_BROKER_URL=args.redis,
                   COINCHE_DATA_DIR=data)  # fmt: skip
        for n in (1, 2):
            procs = start_workers(n, env, Path(data) / "workers.log")
            try:
                wait_ready(app, n)
                for kind, label in (("audit", "audit"), ("stats", "stats")):
                    cpu = cpu_seconds([p.pid for p in procs])
                    ms, result = run_job(app, svc.pool, kind, args.chunk)
                    cpu = cpu_seconds([p.pid for p in procs]) - cpu
                    per_s = figures["deals"] / ms * 1000
                    figures[f"{label}_{n}w_ms"] = round(ms, 1)
                    figures[f"{label}_{n}w_deals_per_s"] = round(per_s)
                    figures[f"{label}_{n}w_worker_cpu_ms"] = round(cpu * 1000)
                    figures[f"{label}_{n}w_deals_per_worker_cpu_s"] = round(
                        figures["deals"] / max(cpu, 1e-3)
                    )
                    if kind == "audit":
                        figures["findings"] = result.get("findings")
                    print(f"{label} with {n} worker process(es): {ms / 1000:.2f} s, "
                          f"{per_s:,.0f} deals/s; workers' CPU {cpu:.2f} s")  # fmt: skip
            finally:
                for p in procs:
                    p.terminate()
                for p in procs:
                    p.wait(timeout=30)
    finally:
        svc.pool.close()
        drop_database(admin, name)
        redis.Redis.from_url(args.redis).flushdb()
    for label in ("audit", "stats"):
        one, two = figures[f"{label}_1w_deals_per_s"], figures[f"{label}_2w_deals_per_s"]
        figures[f"{label}_speedup_2_vs_1"] = round(two / one, 3)
        figures[f"{label}_1w_vs_replay"] = round(one / figures["replay_deals_per_s"], 3)
        print(
            f"{label}: speed-up 2 vs 1 = {two / one:.2f}, "
            f"1 worker = {one / figures['replay_deals_per_s']:.2f} x the in-memory replay"
        )
    assert replayed == figures["deals"]
    figures["loadavg_1m_end"] = round(os.getloadavg()[0], 2)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
