"""Jobs in PostgreSQL: plan into chunks, complete chunks exactly once, cancel.

A job row holds its kind, parameters, status (``queued`` → ``running`` → ``done``,
``failed`` or ``cancelled``), progress and merged result. Its selection of games is
split into chunks (``job_chunks``), planned once, in the same transaction that
moves the job to ``running``. A chunk is completed by one ``UPDATE … WHERE NOT
done``, in the transaction that writes its findings and bumps the job's counters:
a chunk run twice (a redelivered task, a killed worker) changes nothing the second
time, and exactly one run sees the counter reach the number of chunks. A job is
created and queued by :func:`workers.queue.submit`.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import Connection, sql

KINDS = ("audit", "stats", "import", "analysis", "ddstats")
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


def chunk_games(
    conn: Connection[Any], job_id: uuid.UUID, chunk: int, worker: str = "", lease: float = 30.0
) -> list[uuid.UUID] | None:
    """Take the chunk for ``lease`` seconds (``worker`` renews it while it works) and
    return its game ids; None when it is done or its job is no longer running."""
    row = conn.execute(
        "SELECT c.game_ids, c.done, j.status FROM job_chunks c JOIN jobs j USING (job_id) "
        "WHERE c.job_id = %s AND c.chunk = %s",
        (job_id, chunk),
    ).fetchone()
    if row is None or row[1] or row[2] != "running":
        return None
    conn.execute(
        "UPDATE job_chunks SET runs = runs + 1, claimed_by = %s, claimed_at = now(), "
        "lease_until = now() + make_interval(secs => %s) WHERE job_id = %s AND chunk = %s",
        (worker, lease, job_id, chunk),
    )
    return list(row[0])


def renew(conn: Connection[Any], job_id: uuid.UUID, chunk: int, worker: str, lease: float) -> None:
    """Extend the lease of a chunk this worker still holds."""
    conn.execute(
        "UPDATE job_chunks SET lease_until = now() + make_interval(secs => %s) "
        "WHERE job_id = %s AND chunk = %s AND claimed_by = %s AND NOT done",
        (lease, job_id, chunk, worker),
    )


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


def stalled(
    conn: Connection[Any], idle_seconds: float, lease: float
) -> list[tuple[uuid.UUID, int]]:
    """The chunks to send again, each given a fresh lease so that it is sent once: chunks
    whose lease ran out (their worker died: a killed whole worker takes its messages with
    it on the filesystem broker, and Redis gives them back only after its visibility
    timeout), and chunks never taken of a job idle for ``idle_seconds`` (their messages
    were lost before a worker took them)."""
    rows = conn.execute(
        "WITH idle AS (SELECT j.job_id FROM jobs j WHERE j.status = 'running' "
        "AND j.kind <> 'import' AND greatest(j.started_at, (SELECT max(greatest(c.claimed_at, "
        "c.finished_at)) FROM job_chunks c WHERE c.job_id = j.job_id)) "
        "< now() - make_interval(secs => %(idle)s)) "
        "UPDATE job_chunks c SET lease_until = now() + make_interval(secs => %(lease)s) "
        "FROM jobs j WHERE j.job_id = c.job_id AND j.status = 'running' AND j.kind <> 'import' "
        "AND NOT c.done AND (c.lease_until < now() "
        "OR (c.lease_until IS NULL AND c.job_id IN (SELECT job_id FROM idle))) "
        "RETURNING c.job_id, c.chunk",
        {"idle": idle_seconds, "lease": lease},
    ).fetchall()
    return [(r[0], int(r[1])) for r in rows]


def unreduced(conn: Connection[Any], idle_seconds: float) -> list[uuid.UUID]:
    """Running jobs whose chunks are all done but whose result was never merged (the last
    run died between its commit and the reduce)."""
    rows = conn.execute(
        "SELECT job_id FROM jobs WHERE status = 'running' AND kind <> 'import' AND chunks > 0 "
        "AND chunks_done = chunks AND started_at < now() - make_interval(secs => %s)",
        (idle_seconds,),
    ).fetchall()
    return [r[0] for r in rows]
