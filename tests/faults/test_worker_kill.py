"""A whole worker killed mid-job (``kill -9`` of its process group: the main process, its
pool and its beat): once a worker is back, the job finishes within a minute with exact
counts; and ``coinche worker --beat`` stops on one SIGTERM. Prints its figures.

The broker is ``CELERY_BROKER_URL`` when set (CI: the machine's Redis), on a queue of its
own, else the filesystem broker in a temporary folder (the embedded default, where a
killed worker takes the messages it holds with it).
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
from workers.loading import audit_one, load_games
from workers.queue import submit

ROOT = Path(__file__).resolve().parents[2]
LEASE = 4.0  # seconds: short, so that the test is too


@pytest.fixture
def setup(database_url: str, tmp_path: Path) -> Iterator[dict[str, Any]]:
    from service.app import create_app
    from service.bootstrap import services

    queue = f"faults-{uuid.uuid4().hex[:8]}"
    broker = os.environ.get("CELERY_BROKER_URL")
    env = dict(os.environ, DATABASE_URL=database_url, COINCHE_DATA_DIR=str(tmp_path),
               COINCHE_QUEUE=queue, COINCHE_JOBS_LEASE=str(LEASE), COINCHE_JOBS_STALE="6",
               COINCHE_CHUNK_DELAY="0.4")  # fmt: skip
    config = {"TESTING": True, "DATABASE_URL": database_url, "DATA_DIR": str(tmp_path),
              "CELERY_QUEUE": queue, "CELERY_BROKER_URL": broker}  # fmt: skip
    app = create_app(config)
    yield {"app": app, "env": env, "pool": services(app).pool, "store": services(app).store,
           "logs": tmp_path}  # fmt: skip
    services(app).pool.close()


def start_worker(env: dict[str, str], logs: Path, name: str) -> subprocess.Popen[bytes]:
    """``coinche worker --beat`` in a process group of its own (so it can be killed whole)."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "service.cli",
            "worker",
            "--concurrency=2",
            "--beat",
            "--loglevel=INFO",
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(logs / f"{name}.log").open("w"),
        start_new_session=True,
    )


def job_row(pool: Any, job_id: Any) -> tuple[Any, ...]:
    with pool.connection() as conn:
        return conn.execute(
            "SELECT status, chunks, chunks_done, done, total, result FROM jobs WHERE job_id = %s",
            (job_id,),
        ).fetchone()


def wait_for(predicate: Any, timeout: float) -> float:
    t0 = time.monotonic()
    while not predicate():
        if time.monotonic() - t0 > timeout:
            raise AssertionError("timed out")
        time.sleep(0.1)
    return time.monotonic() - t0


def test_a_job_survives_its_whole_worker_killed(setup: dict[str, Any]) -> None:
    club = f"kill-{uuid.uuid4().hex[:6]}"
    ids = import_events(setup["store"], club_games(club, "ffb", range(20), breaches=0.05,
                                                   max_deals=4))  # fmt: skip
    pool, env, logs = setup["pool"], setup["env"], setup["logs"]
    first = start_worker(env, logs, "first")
    try:
        with setup["app"].app_context():
            params = {"club": club, "chunk_size": 2, "readable_by": club}
            job_id = submit(services(setup["app"]).celery, pool, "audit", params, "test", club)
        wait_for(lambda: 2 <= job_row(pool, job_id)[2] < 8, 120)  # a few chunks done
    finally:
        os.killpg(first.pid, signal.SIGKILL)  # the main process, its pool and its beat
        first.wait(10)
    killed_at = time.monotonic()
    status, chunks, done_at_kill, *_ = job_row(pool, job_id)
    assert status == "running" and done_at_kill < chunks
    second = start_worker(env, logs, "second")
    back_at = time.monotonic()
    try:
        finished = wait_for(lambda: job_row(pool, job_id)[0] != "running", 90)
    finally:
        second.terminate()
        second.wait(30)
    status, chunks, chunks_done, done, total, result = job_row(pool, job_id)
    assert status == "done", (logs / "second.log").read_text()[-3000:]
    assert (chunks_done, done, total, result["games"]) == (chunks, 20, 20, 20)
    with pool.connection() as conn:
        expected = sum(len(audit_one(g)) for g in load_games(conn, ids))
        stored = conn.execute(
            "SELECT count(*) FROM job_findings WHERE job_id = %s", (job_id,)
        ).fetchone()[0]
        runs = conn.execute(
            "SELECT sum(runs), count(*) FILTER (WHERE runs > 1) FROM job_chunks WHERE job_id = %s",
            (job_id,),
        ).fetchone()
    assert result["findings"] == stored == expected > 0  # nothing lost, nothing twice
    assert finished < 60
    print(
        f"\nworker killed with {done_at_kill}/{chunks} chunks done; job done "
        f"{finished:.1f} s after a worker came back ({time.monotonic() - killed_at:.1f} s after "
        f"the kill); {runs[0]} chunk runs, {runs[1]} chunks run twice; findings {stored} = "
        f"{expected} expected; broker {'Redis' if env.get('CELERY_BROKER_URL') else 'files'}"
    )
    assert back_at >= killed_at


def test_the_worker_with_its_beat_stops_on_one_sigterm(setup: dict[str, Any]) -> None:
    process = start_worker(setup["env"], setup["logs"], "sigterm")
    log = setup["logs"] / "sigterm.log"
    wait_for(lambda: "ready." in log.read_text(), 60)
    time.sleep(1)
    os.kill(process.pid, signal.SIGTERM)  # once
    t0 = time.monotonic()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    stopped = time.monotonic() - t0
    assert process.returncode == 0

    def group() -> str:
        found = subprocess.run(["ps", "-o", "pid=,args=", "-g", str(process.pid)],
                               capture_output=True, text=True)  # fmt: skip
        return found.stdout.strip()

    try:  # no pool or beat process left behind
        wait_for(lambda: group() == "", 10)
    except AssertionError:
        left = group()
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"left running: {left}") from None
    print(f"\nworker --beat stopped {stopped:.1f} s after one SIGTERM, and all its processes")
