"""A Flask app with its own filesystem broker, a real in-process Celery worker on it,
and helpers to load games and wait for jobs."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.gamekit import wire_game


@pytest.fixture(scope="session")
def wapp(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from service.app import create_app

    data = tmp_path_factory.mktemp("coinche-data")
    application = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "DATA_DIR": str(data),
            "JOBS_CHUNK_SIZE": 3,
        }
    )
    yield application
    found = application.extensions.get("coinche")
    if found is not None:
        found.close()


@pytest.fixture(scope="session")
def worker(wapp: Any) -> Iterator[Any]:
    """A real Celery worker (threads) consuming the filesystem broker of ``wapp``."""
    from celery.contrib.testing.worker import start_worker

    celery = wapp.extensions["celery"]
    with start_worker(
        celery, pool="threads", concurrency=2, perform_ping_check=False, shutdown_timeout=30
    ) as w:
        yield w


@pytest.fixture
def wclient(wapp: Any) -> Any:
    return wapp.test_client()


@pytest.fixture(scope="session")
def pool(wapp: Any) -> Any:
    from service.bootstrap import services

    return services(wapp).pool


@pytest.fixture(scope="session")
def store(wapp: Any) -> Any:
    from service.bootstrap import services

    return services(wapp).store


def archive_line(events: list[dict[str, Any]], game_id: uuid.UUID | None = None) -> str:
    return json.dumps({"game": str(game_id or uuid.uuid4()), "events": events})


def import_events(
    store: Any, games: list[list[dict[str, Any]]], check: Any = None
) -> list[uuid.UUID]:
    ids = [uuid.uuid4() for _ in games]
    summary = store.import_ndjson(
        [archive_line(ev, gid) for ev, gid in zip(games, ids, strict=True)],
        check=check,
        progress=False,
    )
    assert not summary.refused, summary.refused
    return ids


def club_games(
    club: str, profile: str, seeds: range, visibility: str = "private", **kwargs: Any
) -> list[list[dict[str, Any]]]:
    out = []
    for seed in seeds:
        _g, events = wire_game(profile, seed, enforcement="record", **kwargs)
        events[0]["data"]["club"] = club
        events[0]["data"]["visibility"] = visibility
        out.append(events)
    return out


@pytest.fixture(scope="session")
def wait_job(pool: Any) -> Callable[..., dict[str, Any]]:
    ended = ("done", "failed", "cancelled")

    def wait(job_id: Any, timeout: float = 120.0, until: tuple[str, ...] = ended) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            with pool.connection() as conn:
                row = conn.execute(
                    "SELECT status, error, result, done, total, chunks, chunks_done "
                    "FROM jobs WHERE job_id = %s",
                    (job_id,),
                ).fetchone()
            keys = ("status", "error", "result", "done", "total", "chunks", "chunks_done")
            job = dict(zip(keys, row, strict=True))
            if job["status"] in until:
                return job
            if time.monotonic() > deadline:
                raise AssertionError(f"job {job_id} still {job} after {timeout}s")
            time.sleep(0.05)

    return wait
