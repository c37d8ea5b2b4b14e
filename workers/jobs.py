"""Jobs in PostgreSQL: submit, plan into chunks, complete chunks exactly once, cancel.

A job row holds its kind, parameters, status (``queued`` → ``running`` → ``done``,
``failed`` or ``cancelled``), progress and merged result. Its selection of games is
split into chunks (``job_chunks``), planned once, in the same transaction that
moves the job to ``running``. A chunk is completed by one ``UPDATE … WHERE NOT
done``, in the transaction that writes its findings and bumps the job's counters:
a chunk run twice (a redelivered task, a killed worker) changes nothing the second
time, and exactly one run sees the counter reach the number of chunks.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import current_app
from psycopg import Connection, sql

from workers.runtime import services

KINDS = ("audit", "stats", "import")
ACTIVE = ("queued", "running")
_COLUMNS = (
    "job_id, kind, params, status, done, total, chunks, chunks_done, created_at, "
    "started_at, finished_at, error, result, created_by, club"
)


@dataclass(frozen=True, slots=True)
class Job:
    job_id: uuid.UUID
    kind: str
    params: dict[str, Any]
    status: str
    done: int
    total: int
    chunks: int
    chunks_done: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    error: str | None
    result: dict[str, Any] | None
    created_by: str
    club: str | None


def submit(kind: str, params: dict[str, Any], created_by: str, club: str | None) -> uuid.UUID:
    """Create a job and enqueue it (inside a Flask app context); returns its id.

    Kinds: ``audit`` and ``stats`` (``params`` is a selection, see
    :func:`select_games`) and ``import`` (``{"path": <file under DATA_DIR>,
    "recorded_by": …}``).
    """
    if kind not in KINDS:
        raise ValueError(f"job kinds are {', '.join(KINDS)}, not {kind!r}")
    from workers.celery_app import celery_init_app

    job_id = uuid.uuid4()
    with services().pool.connection() as conn:
        conn.execute(
            "INSERT INTO jobs (job_id, kind, params, created_by, club) VALUES (%s, %s, %s, %s, %s)",
            (job_id, kind, json.dumps(params), created_by, club),
        )
    celery = celery_init_app(current_app._get_current_object())  # type: ignore[attr-defined]
    task = "workers.tasks.run_import" if kind == "import" else "workers.tasks.start_job"
    try:
        celery.send_task(task, args=[str(job_id)])
    except Exception as e:  # the broker is down: say so on the job, then to the caller
        with services().pool.connection() as conn:
            fail(conn, job_id, f"could not enqueue the job: {type(e).__name__}: {e}")
        raise
    return job_id


def get_job(conn: Connection[Any], job_id: uuid.UUID) -> Job | None:
    row = conn.execute(
        sql.SQL("SELECT {} FROM jobs WHERE job_id = %s").format(sql.SQL(_COLUMNS)), (job_id,)
    ).fetchone()
    return None if row is None else Job(*row)


def cancel(conn: Connection[Any], job_id: uuid.UUID) -> bool:
    """Cancel a queued or running job; False when it had already ended."""
    row = conn.execute(
        "UPDATE jobs SET status = 'cancelled', finished_at = now() "
        "WHERE job_id = %s AND status IN ('queued', 'running') RETURNING job_id",
        (job_id,),
    ).fetchone()
    return row is not None


def fail(conn: Connection[Any], job_id: uuid.UUID, error: str) -> None:
    conn.execute(
        "UPDATE jobs SET status = 'failed', error = %s, finished_at = now() "
        "WHERE job_id = %s AND status IN ('queued', 'running')",
        (error[:2000], job_id),
    )


def plan(
    conn: Connection[Any], job_id: uuid.UUID, game_ids: Sequence[uuid.UUID], size: int
) -> bool:
    """Move a queued job to running with its chunks; False if it was not queued."""
    chunks = [list(game_ids[i : i + size]) for i in range(0, len(game_ids), size)]
    with conn.transaction():
        row = conn.execute(
            "UPDATE jobs SET status = 'running', started_at = now(), total = %s, chunks = %s "
            "WHERE job_id = %s AND status = 'queued' RETURNING job_id",
            (len(game_ids), len(chunks), job_id),
        ).fetchone()
        if row is None:
            return False
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO job_chunks (job_id, chunk, game_ids) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING",
                [(job_id, n, ids) for n, ids in enumerate(chunks)],
            )
    return True


def pending_chunks(conn: Connection[Any], job_id: uuid.UUID) -> list[int]:
    rows = conn.execute(
        "SELECT chunk FROM job_chunks WHERE job_id = %s AND NOT done ORDER BY chunk", (job_id,)
    ).fetchall()
    return [int(r[0]) for r in rows]


def chunk_games(conn: Connection[Any], job_id: uuid.UUID, chunk: int) -> list[uuid.UUID] | None:
    """The chunk's game ids; None when the chunk is done or its job is no longer running."""
    row = conn.execute(
        "SELECT c.game_ids, c.done, j.status FROM job_chunks c JOIN jobs j USING (job_id) "
        "WHERE c.job_id = %s AND c.chunk = %s",
        (job_id, chunk),
    ).fetchone()
    if row is None or row[1] or row[2] != "running":
        return None
    conn.execute(
        "UPDATE job_chunks SET runs = runs + 1 WHERE job_id = %s AND chunk = %s", (job_id, chunk)
    )
    return list(row[0])


class _Stale(Exception):
    """The chunk was completed meanwhile, or its job stopped: write nothing."""


def complete_chunk(
    conn: Connection[Any],
    job_id: uuid.UUID,
    chunk: int,
    worker: str,
    partial: dict[str, Any],
    games: int,
    write: Callable[[Connection[Any]], None] = lambda conn: None,
) -> bool | None:
    """Record a chunk's partial result and run ``write`` (its findings, its facts) in one
    transaction, once. Returns None if it was done already (or the job stopped), else
    whether it was the job's last chunk."""
    try:
        with conn.transaction():
            row = conn.execute(
                "UPDATE job_chunks SET done = true, partial = %s, worker = %s, "
                "finished_at = now() WHERE job_id = %s AND chunk = %s AND NOT done "
                "RETURNING chunk",
                (json.dumps(partial), worker, job_id, chunk),
            ).fetchone()
            if row is None:
                raise _Stale
            counted = conn.execute(
                "UPDATE jobs SET chunks_done = chunks_done + 1, done = done + %s "
                "WHERE job_id = %s AND status = 'running' RETURNING chunks_done, chunks",
                (games, job_id),
            ).fetchone()
            if counted is None:
                raise _Stale
            write(conn)
    except _Stale:
        return None
    return bool(counted[0] == counted[1])


def all_done(conn: Connection[Any], job_id: uuid.UUID) -> bool:
    row = conn.execute(
        "SELECT status = 'running' AND chunks_done = chunks FROM jobs WHERE job_id = %s",
        (job_id,),
    ).fetchone()
    return bool(row and row[0])


def partials(conn: Connection[Any], job_id: uuid.UUID) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT partial FROM job_chunks WHERE job_id = %s AND done ORDER BY chunk", (job_id,)
    ).fetchall()
    return [r[0] for r in rows]


def finish(conn: Connection[Any], job_id: uuid.UUID, result: dict[str, Any]) -> bool:
    """Mark a running job done with its merged result (once: False if not running)."""
    row = conn.execute(
        "UPDATE jobs SET status = 'done', result = %s, finished_at = now() "
        "WHERE job_id = %s AND status = 'running' RETURNING job_id",
        (json.dumps(result), job_id),
    ).fetchone()
    return row is not None


def progress(conn: Connection[Any], job_id: uuid.UUID, done: int, total: int | None = None) -> None:
    conn.execute(
        "UPDATE jobs SET done = %s, total = coalesce(%s, total) WHERE job_id = %s",
        (done, total, job_id),
    )


def stalled(conn: Connection[Any], idle_seconds: float) -> list[uuid.UUID]:
    """Running audit and statistics jobs with no chunk finished for ``idle_seconds``
    (their messages were lost with a worker, e.g. a filesystem broker's worker killed)."""
    rows = conn.execute(
        "SELECT job_id FROM jobs j WHERE status = 'running' AND kind <> 'import' AND "
        "greatest(started_at, (SELECT max(finished_at) FROM job_chunks c "
        "WHERE c.job_id = j.job_id)) < now() - make_interval(secs => %s)",
        (idle_seconds,),
    ).fetchall()
    return [r[0] for r in rows]
