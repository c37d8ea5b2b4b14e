"""Queueing a job: its row in ``jobs``, then its first task on the broker.

The job is written first, so it exists (``queued``) whatever the broker does; its
task is sent by name (``workers.tasks.start_job``, or ``run_import``), so queueing
needs neither the task definitions nor a worker. If the broker refuses the message,
the job is marked failed with the reason and the error goes back to the caller.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from celery import Celery

from events.store.pool import Pool
from workers.jobs import KINDS, fail


def submit(
    celery: Celery,
    pool: Pool,
    kind: str,
    params: dict[str, Any],
    created_by: str,
    club: str | None,
) -> uuid.UUID:
    """Create a job and enqueue it; returns its id.

    Kinds: ``audit`` and ``stats`` (``params`` is a selection, see
    :func:`workers.selection.select_games`) and ``import`` (``{"path": <file under
    DATA_DIR>, "recorded_by": …}``).
    """
    if kind not in KINDS:
        raise ValueError(f"job kinds are {', '.join(KINDS)}, not {kind!r}")
    job_id = uuid.uuid4()
    with pool.connection() as conn:
        conn.execute(
            "INSERT INTO jobs (job_id, kind, params, created_by, club) VALUES (%s, %s, %s, %s, %s)",
            (job_id, kind, json.dumps(params), created_by, club),
        )
    task = "workers.tasks.run_import" if kind == "import" else "workers.tasks.start_job"
    try:
        celery.send_task(task, args=[str(job_id)])
    except Exception as e:  # the broker is down: say so on the job, then to the caller
        with pool.connection() as conn:
            fail(conn, job_id, f"could not enqueue the job: {type(e).__name__}: {e}")
        raise
    return job_id
