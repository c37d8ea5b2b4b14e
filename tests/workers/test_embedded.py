"""The embedded default: ``coinche serve``'s worker process on the filesystem broker, and
the ``worker`` command's arguments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.bootstrap import services
from service.cli.worker import worker, worker_argv
from tests.workers.conftest import club_games, import_events
from workers.queue import submit


def test_worker_command_arguments():
    argv = worker_argv(3, "coinche", "INFO", True, True, "beat-schedule")
    assert argv[:4] == ["worker", "--concurrency=3", "--queues=coinche", "--loglevel=INFO"]
    assert "--without-mingle" in argv and "--beat" in argv and "--schedule=beat-schedule" in argv
    assert "--without-mingle" not in worker_argv(2, "q", "INFO", False, False, "s")
    params = {p.name: p for p in worker.params}
    assert {"concurrency", "queues", "loglevel", "beat"} <= set(params)


@pytest.fixture
def embedded_app(database_url: str, tmp_path: Any) -> Any:
    from service.app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "DATA_DIR": str(tmp_path)})
    yield app
    found = app.extensions.get("coinche")
    if found is not None:
        found.close()


def test_the_embedded_worker_runs_jobs_with_no_broker_server(embedded_app, store, wait_job):
    from service.cli.embedded_worker import start_embedded_worker

    ids = import_events(store, club_games("embedded", "yeeqia", range(3), breaches=0.05))
    process = start_embedded_worker(embedded_app, concurrency=1)
    try:
        with embedded_app.app_context():
            s = services(embedded_app)
            job_id = submit(s.celery, s.pool, "audit", {"games": [str(i) for i in ids]}, "test",
                            "embedded")  # fmt: skip
        job = wait_job(job_id, timeout=90)
        assert job["status"] == "done" and job["result"]["games"] == 3, job
        assert (Path(embedded_app.config["DATA_DIR"]) / "broker" / "queue").is_dir()
    finally:
        process.terminate()
        process.wait(timeout=30)
