"""The Celery tasks: thin, idempotent, taking ids and plain values.

``start_job`` plans a job's chunks and sends one ``run_chunk`` per chunk;
``run_chunk`` reads its games, does the pure work (:mod:`workers.loading`) and
completes the chunk exactly once (:func:`workers.jobs.complete_chunk`); the run
that completes the last chunk merges the partial results (``reduce``), and a run
that finds everything done but the job still running (the last run died after
its commit) merges them too. ``refresh_stats`` is the periodic statistics update;
``run_import`` imports an NDJSON archive. Every task is ``acks_late`` and
rejected when its worker is lost, so a killed worker's task is delivered again.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import psycopg
from celery import Task
from celery import shared_task as _shared_task
from celery.signals import worker_init, worker_process_init
from flask import current_app
from psycopg import Connection

from i18n.vocabulary import Vocabulary
from projections.judgement import ClubCheck
from workers import anchoring, jobs
from workers.auditing import merge_summaries, summarize
from workers.dd_stats import ddstats_chunk, merge_ddstats
from workers.deal_analysis import analysis_chunk
from workers.finding_words import stored_detail
from workers.loading import audit_one, facts_one, load_games
from workers.roster import canonical_players
from workers.runtime import runtime
from workers.selection import select_games
from workers.settings import data_dir, setting
from workers.stats_store import refresh, write_facts

log = logging.getLogger("coinche.workers")


def _fewer_collections(**_: Any) -> None:
    """A chunk allocates a game's worth of small immutable objects at a time; the default
    collector thresholds rescan them over and over (a tenth of a worker's time)."""
    gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(max(gen0, 100_000), gen1, gen2)


worker_init.connect(_fewer_collections, weak=False)
worker_process_init.connect(_fewer_collections, weak=False)


shared_task: Callable[..., Callable[[Callable[..., Any]], Any]] = _shared_task
OPTIONS: dict[str, Any] = {"acks_late": True, "reject_on_worker_lost": True, "ignore_result": True}
FINDING_COLUMNS = (
    "job_id, game_id, seq, position, version, deal, trick, seat, player, card, rule, detail, "
    "severity, source"
)


@shared_task(bind=True, name="workers.tasks.start_job", **OPTIONS)
def start_job(self: Task, job_id: str) -> None:
    jid = UUID(job_id)
    with runtime().pool.connection() as conn:
        job = jobs.get_job(conn, jid)
        if job is None or job.status not in jobs.ACTIVE:
            return
        if job.status == "queued":
            ids = select_games(conn, job.params)
            size = int(job.params.get("chunk_size") or setting(current_app, "JOBS_CHUNK_SIZE"))
            jobs.plan(conn, jid, ids, max(1, size))
        todo = jobs.pending_chunks(conn, jid)
        if not todo and jobs.all_done(conn, jid):
            reduce(conn, jid)
    for n in todo:
        self.app.send_task("workers.tasks.run_chunk", args=[job_id, n])


@shared_task(bind=True, name="workers.tasks.run_chunk", **OPTIONS)
def run_chunk(self: Task, job_id: str, chunk: int) -> None:
    jid = UUID(job_id)
    hostname = str(self.request.hostname or "unknown")
    me = f"{hostname}:{os.getpid()}"
    lease = float(setting(current_app, "JOBS_LEASE_SECONDS"))
    pool = runtime().pool
    with pool.connection() as conn:
        try:
            ids = jobs.chunk_games(conn, jid, chunk, me, lease)
            if ids is None:  # done already, or the job was cancelled or failed
                if jobs.all_done(conn, jid):
                    reduce(conn, jid)
                return
            job = jobs.get_job(conn, jid)
            assert job is not None
            with leased(pool, jid, chunk, me, lease):
                partial, write = WORK[job.kind](conn, jid, ids)
                time.sleep(float(setting(current_app, "JOBS_CHUNK_DELAY")))
            last = jobs.complete_chunk(conn, jid, chunk, hostname, partial, len(ids), write)
            if last or (last is None and jobs.all_done(conn, jid)):
                reduce(conn, jid)
        except psycopg.OperationalError as e:  # the database, not the job: its lease lapses
            log.warning(
                "job %s chunk %s: database unavailable (%s); sent again later", jid, chunk, e
            )
        except Exception as e:
            log.exception("job %s chunk %s failed", job_id, chunk)
            jobs.fail(conn, jid, f"chunk {chunk}: {type(e).__name__}: {e}")


@contextmanager
def leased(pool: Any, jid: UUID, chunk: int, me: str, lease: float) -> Iterator[None]:
    """Renew the chunk's lease every third of it while the body runs (a killed worker
    stops renewing: :func:`resume_stalled` then sends the chunk again)."""
    stop = threading.Event()

    def renew() -> None:
        while not stop.wait(lease / 3):
            try:
                with pool.connection() as c:
                    jobs.renew(c, jid, chunk, me, lease)
            except psycopg.OperationalError:
                log.warning("could not renew the lease of job %s chunk %s", jid, chunk)

    thread = threading.Thread(target=renew, name=f"lease-{jid}-{chunk}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


Write = Callable[[Connection[Any]], None]


def audit_chunk(conn: Connection[Any], jid: UUID, ids: list[UUID]) -> tuple[dict[str, Any], Write]:
    games = load_games(conn, ids)
    found = [f for g in games for f in audit_one(g)]
    partial = summarize(found) | {"games": len(games)}

    def write(c: Connection[Any]) -> None:
        seq: dict[UUID, int] = {}
        with c.cursor().copy(f"COPY job_findings ({FINDING_COLUMNS}) FROM STDIN") as copy:
            for f in found:
                n = seq[f["game_id"]] = seq.get(f["game_id"], 0) + 1
                copy.write_row(
                    (jid, f["game_id"], n, f["position"], f["version"], f["deal"], f["trick"],
                     f["seat"], f["player"], f.get("card"), f["rule"],
                     stored_detail(f, f.get("vocabulary", Vocabulary.FFB)), f["severity"],
                     f["source"])
                )  # fmt: skip
        canonical_players(c, ids)  # findings name the roster id of their seat

    return partial, write


def stats_chunk(conn: Connection[Any], jid: UUID, ids: list[UUID]) -> tuple[dict[str, Any], Write]:
    facts = [f for f in (facts_one(g) for g in load_games(conn, ids)) if f is not None]
    partial = {
        "games": len(ids),
        "games_over": len(facts),
        "deals": sum(len(f.deals) for f in facts),
    }
    return partial, lambda c: write_facts(c, ids, facts)


WORK = {
    "audit": audit_chunk,
    "stats": stats_chunk,
    "analysis": analysis_chunk,
    "ddstats": ddstats_chunk,
}


def reduce(conn: Connection[Any], jid: UUID) -> None:
    """Merge the chunks' partial results into the job's result (once)."""
    job = jobs.get_job(conn, jid)
    if job is None or job.status != "running":
        return
    parts = jobs.partials(conn, jid)
    if job.kind == "audit":
        result = merge_summaries(parts)
    elif job.kind == "ddstats":
        result = merge_ddstats(parts)
    elif job.kind == "analysis":
        result = {"games": sum(int(p["games"]) for p in parts),
                  "deals": [d for p in parts for d in p["deals"]]}  # fmt: skip
    else:
        result = {k: sum(int(p.get(k, 0)) for p in parts) for k in ("games", "games_over", "deals")}
    if jobs.finish(conn, jid, result):
        log.info("job %s done: %s", jid, {k: result[k] for k in ("games",)})


@shared_task(name="workers.tasks.refresh_stats", **OPTIONS)
def refresh_stats() -> int:
    """Fold the games changed since the checkpoint into the statistics."""
    return refresh(runtime().pool)


@shared_task(bind=True, name="workers.tasks.resume_stalled", **OPTIONS)
def resume_stalled(self: Task) -> int:
    """Send again the chunks whose worker died (lease lapsed) or whose message was lost
    (job idle), and reduce jobs whose last run died before merging; running a chunk twice
    is harmless (it completes once). Returns how many messages were sent."""
    idle = float(setting(current_app, "JOBS_STALE_SECONDS"))
    lease = float(setting(current_app, "JOBS_LEASE_SECONDS"))
    with runtime().pool.connection() as conn:
        chunks = jobs.stalled(conn, idle, lease)
        unmerged = jobs.unreduced(conn, idle)
    for job_id, chunk in chunks:
        log.warning("job %s chunk %s was lost with its worker: sending it again", job_id, chunk)
        self.app.send_task("workers.tasks.run_chunk", args=[str(job_id), chunk])
    for job_id in unmerged:
        self.app.send_task("workers.tasks.start_job", args=[str(job_id)])
    return len(chunks) + len(unmerged)


@shared_task(name="workers.tasks.take_checkpoint", **OPTIONS)
def take_checkpoint() -> int:
    """Anchor every game's head in a new signed checkpoint; returns its number."""
    made, carried = anchoring.take_checkpoint(current_app._get_current_object())  # type: ignore[attr-defined]
    for game in carried:
        log.warning("game %s went back since the last checkpoint: its anchor is kept", game)
    return made.seq


class _Cancelled(Exception):
    pass


@shared_task(name="workers.tasks.run_import", **OPTIONS)
def run_import(job_id: str) -> None:
    """Import an NDJSON archive (a file under DATA_DIR) with the write-side judgement;
    with ``club`` in the parameters, only that club's games are accepted."""
    jid = UUID(job_id)
    svc = runtime()
    with svc.pool.connection() as conn:
        job = jobs.get_job(conn, jid)
        if job is None or job.status not in jobs.ACTIVE:
            return
        conn.execute(
            "UPDATE jobs SET status = 'running', started_at = coalesce(started_at, now()) "
            "WHERE job_id = %s AND status IN ('queued', 'running')",
            (jid,),
        )
        try:
            path = archive_path(str(job.params["path"]))
            with path.open(encoding="utf-8") as f:
                total = sum(1 for line in f if line.strip())
            jobs.progress(conn, jid, 0, total)
            check: Any = svc.judgement
            if job.params.get("club"):
                check = ClubCheck(str(job.params["club"]), svc.judgement)
            with path.open(encoding="utf-8") as f:
                summary = svc.store.import_ndjson(
                    _watched(conn, jid, f),
                    check=check,
                    recorded_by=str(job.params.get("recorded_by") or "import"),
                    progress=False,
                )
        except _Cancelled:
            return
        except Exception as e:
            log.exception("import job %s failed", job_id)
            jobs.fail(conn, jid, f"{type(e).__name__}: {e}")
            return
        jobs.progress(conn, jid, total)
        refused = [{"line": n, "game": g, "reason": why} for n, g, why in summary.refused]
        result = {"imported": summary.imported, "events": summary.events, "refused": refused}
        jobs.finish(conn, jid, result)


def archive_path(name: str) -> Path:
    """A file under the data folder (relative names are taken from there); nothing outside."""
    root = data_dir(current_app).resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise FileNotFoundError(f"no archive {name!r} in the data folder")
    return path


def _watched(conn: Connection[Any], jid: UUID, lines: Any, every: int = 500) -> Iterator[str]:
    """The lines, reporting progress and stopping when the job is cancelled."""
    done = 0
    for line in lines:
        if line.strip():
            done += 1
            if done % every == 0:
                jobs.progress(conn, jid, done)
                row = conn.execute("SELECT status FROM jobs WHERE job_id = %s", (jid,)).fetchone()
                if row is not None and row[0] == "cancelled":
                    raise _Cancelled
        yield line
