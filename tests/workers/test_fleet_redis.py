"""A real fleet: two separate ``celery worker`` processes on Redis share one job.

Skipped when Redis does not answer at 127.0.0.1:6379. Each chunk records the
hostname of the worker that completed it: both workers must appear, and the merged
result must equal the sum of the chunks. Then one worker's pool process is killed
(SIGKILL) in the middle of a job: its task is delivered again (``acks_late``,
``reject_on_worker_lost``) and nothing is counted twice.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.bootstrap import services
from tests.workers.conftest import club_games, import_events
from workers import queue
from workers.loading import audit_one, load_games

REDIS = "redis://127.0.0.1:6379/{db}"
CLUB = "fleet-club"
QUEUE = f"fleet-{uuid.uuid4().hex[:8]}"  # a queue of its own: the machine's Redis is shared


def redis_url() -> str:
    try:
        import redis

        db = 11 + int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").lstrip("gw") or 0)
        url = REDIS.format(db=db)
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except Exception as e:  # no server: skip the fleet tests
        pytest.skip(f"Redis is not reachable at 127.0.0.1:6379 ({type(e).__name__})")
    return url


@pytest.fixture(scope="module")
def fleet(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    url = redis_url()
    import redis

    redis.Redis.from_url(url).flushdb()
    data = tmp_path_factory.mktemp("fleet")
    env = dict(os.environ, DATABASE_URL=database_url, CELERY_BROKER_URL=url,
               COINCHE_DATA_DIR=str(data), COINCHE_CHUNK_DELAY="0.3",
               COINCHE_QUEUE=QUEUE)  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "service.worker",
                "worker",
                "-n",
                f"{name}@%h",
                "--concurrency=1",
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
            ],
            env=env,
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=(data / f"{name}.log").open("w"),
        )
        for name in ("alpha", "beta")
    ]
    from service.app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "DATA_DIR": str(data),
                      "CELERY_BROKER_URL": url, "CELERY_QUEUE": QUEUE})  # fmt: skip
    try:
        yield {"app": app, "procs": procs, "logs": data}
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
        found = app.extensions.get("coinche")
        if found is not None:
            found.close()
        redis.Redis.from_url(url).flushdb()


@pytest.fixture(scope="module")
def fleet_games(store):
    return import_events(store, club_games(CLUB, "funbelote-coinche", range(24), breaches=0.04))


def submit(app: Any, params: dict[str, Any]) -> Any:
    s = services(app)
    return queue.submit(s.celery, s.pool, "audit", params | {"readable_by": CLUB}, "test", CLUB)


def expected_findings(pool: Any, ids: list[Any]) -> int:
    with pool.connection() as conn:
        return sum(len(audit_one(g)) for g in load_games(conn, ids))


def chunk_rows(pool: Any, job_id: Any) -> list[tuple[Any, ...]]:
    with pool.connection() as conn:
        return conn.execute(
            "SELECT chunk, worker, runs, partial FROM job_chunks WHERE job_id = %s ORDER BY chunk",
            (job_id,),
        ).fetchall()


def test_two_worker_processes_share_the_chunks(fleet, fleet_games, pool, wait_job):
    job_id = submit(fleet["app"], {"club": CLUB, "chunk_size": 2})
    job = wait_job(job_id, timeout=90)
    assert job["status"] == "done", (job, (fleet["logs"] / "alpha.log").read_text()[-2000:])
    rows = chunk_rows(pool, job_id)
    hosts = {w.split("@")[0] for _c, w, _r, _p in rows}
    assert hosts == {"alpha", "beta"}, rows
    assert job["result"]["findings"] == sum(p["findings"] for *_x, p in rows)
    assert job["result"]["findings"] == expected_findings(pool, fleet_games) > 0
    assert (job["done"], job["total"], job["chunks_done"]) == (24, 24, 12)


def test_a_killed_worker_process_is_redelivered_without_double_counting(
    fleet, fleet_games, pool, wait_job
):
    job_id = submit(fleet["app"], {"club": CLUB, "chunk_size": 2})
    victim = fleet["procs"][0]
    deadline = time.monotonic() + 60
    killed = None
    while killed is None and time.monotonic() < deadline:
        with pool.connection() as conn:  # a chunk started but not finished
            busy = conn.execute(
                "SELECT count(*) FROM job_chunks WHERE job_id = %s AND runs > 0 AND NOT done",
                (job_id,),
            ).fetchone()[0]
        children = subprocess.run(["pgrep", "-P", str(victim.pid)], capture_output=True,
                                  text=True).stdout.split()  # fmt: skip
        if busy and children:
            os.kill(int(children[0]), signal.SIGKILL)  # the pool process dies mid-task
            killed = children[0]
        time.sleep(0.05)
    assert killed is not None, "never caught a chunk in progress"
    job = wait_job(job_id, timeout=120)
    assert job["status"] == "done", job
    rows = chunk_rows(pool, job_id)
    assert max(r for _c, _w, r, _p in rows) >= 2, rows  # one chunk was run again
    with pool.connection() as conn:
        stored = conn.execute("SELECT count(*) FROM job_findings WHERE job_id = %s",
                              (job_id,)).fetchone()[0]  # fmt: skip
    assert stored == job["result"]["findings"] == expected_findings(pool, fleet_games)
    assert (job["done"], job["chunks_done"]) == (24, 12)
