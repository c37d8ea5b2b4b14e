"""Audit and statistics jobs over HTTP.

``POST /audits``, ``POST /stats`` and ``POST /stats/analysis`` take a selection of
games and answer 202 with the job; ``GET /jobs/{id}`` reports its progress;
``GET /jobs/{id}/findings`` pages an audit's findings with its summary;
``POST /jobs/{id}/cancel`` stops a job. A token with the ``read`` scope is needed;
it sees its club's jobs. The jobs themselves are the workers' (:mod:`workers.queue`,
:mod:`workers.jobs`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from flask import Blueprint, request

from service.api.access import require
from service.api.problems import Problem, _
from service.api.requests import json_body, load, load_args
from service.api.schemas import FindingArgs, Selection
from service.auth import Token
from service.bootstrap import services
from service.language import language
from service.players.names import named
from service.players.registry import player_keys
from workers import jobs
from workers.queue import submit
from workers.results import findings_page, game_summary
from workers.selection import select_games

bp = Blueprint("jobs", __name__)


def _selection(token: Token) -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise Problem("bad-request", _("the body must be a JSON object (a selection of games)"))
    loaded = load(Selection(), body, "selection")
    params: dict[str, Any] = {k.rstrip("_"): v for k, v in loaded.items()}
    for key in ("from", "to"):
        if key in params:
            params[key] = params[key].isoformat()
    if "games" in params:
        params["games"] = [str(g) for g in params["games"]]
    params["readable_by"] = token.club
    with services().pool.connection() as conn:
        if "players" in params:  # names or ids: what the games rows hold for them
            params["players"] = sorted({k for p in params["players"] for k in player_keys(conn, p)})
        if "club" in params:
            found = conn.execute("SELECT 1 FROM clubs WHERE club = %s", (params["club"],))
            if found.fetchone() is None:
                raise Problem("validation", _("unknown club"), errors={"club": [_("unknown club")]})
        if "games" in params:
            known = {str(g) for g in select_games(conn, {"games": params["games"],
                                                         "readable_by": token.club})}  # fmt: skip
            missing = [g for g in params["games"] if g not in known]
            if missing:
                shown = ", ".join(missing[:5]) + (" …" if len(missing) > 5 else "")
                errors = {"games": [_("no such game (or not readable): {games}", games=shown)]}
                raise Problem("validation", _("unknown games in the selection"), errors=errors)
    return params


def _submit(kind: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    token = require("read")
    params = _selection(token)
    if kind == "ddstats":  # a few seconds a game: small chunks show the progress
        params.setdefault("chunk_size", 2)
    s = services()
    try:
        job_id = submit(s.celery, s.pool, kind, params, token.recorded_by, token.club)
    except Exception as e:
        raise Problem(
            "unavailable", _("the job queue does not answer: {error}", error=type(e).__name__)
        ) from e
    with s.pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
    assert job is not None
    return {"job": job_view(job)}, 202, {"Location": f"/jobs/{job_id}"}


@bp.post("/audits")
def post_audit() -> tuple[dict[str, Any], int, dict[str, str]]:
    return _submit("audit")


@bp.post("/stats")
def post_stats() -> tuple[dict[str, Any], int, dict[str, str]]:
    return _submit("stats")


@bp.post("/stats/analysis")
def post_dd_stats() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Per-player double-dummy statistics of a selection (its result is the job's)."""
    return _submit("ddstats")


def job_view(job: jobs.Job) -> dict[str, Any]:
    base = f"/jobs/{job.job_id}"
    links = {"self": base}
    if job.status in jobs.ACTIVE:
        links["cancel"] = f"{base}/cancel"
    if job.kind == "audit":
        links["findings"] = f"{base}/findings"
    if job.kind == "analysis":
        links["analysis"] = f"/games/{job.params['game']}/deals/{job.params['deal']}/analysis"
    if job.kind == "stats":
        for mode in ("players", "partnerships", "clubs", "profiles"):
            links[mode] = f"/stats/{mode}?job={job.job_id}"
    return {
        "id": str(job.job_id),
        "kind": job.kind,
        "status": job.status,
        "progress": {"done": job.done, "total": job.total},
        "chunks": {"done": job.chunks_done, "total": job.chunks},
        "params": {k: v for k, v in job.params.items() if k != "readable_by"},
        "created_at": _stamp(job.created_at),
        "started_at": _stamp(job.started_at),
        "finished_at": _stamp(job.finished_at),
        "error": job.error,
        "result": job.result,
        "links": links,
    }


def _stamp(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def readable_job(job_id: str) -> jobs.Job:
    """The job, if the request's token may read it (its club's jobs only); else 404."""
    token = require("read")
    try:
        jid = UUID(job_id)
    except ValueError:
        raise Problem("not-found", _("no job {job}: job ids are UUIDs", job=repr(job_id))) from None
    with services().pool.connection() as conn:
        job = jobs.get_job(conn, jid)
    if job is None or job.club != token.club:
        raise Problem("not-found", _("no job {job}", job=job_id))
    return job


@bp.get("/jobs/<job_id>")
def get_job(job_id: str) -> dict[str, Any]:
    return {"job": job_view(readable_job(job_id))}


@bp.post("/jobs/<job_id>/cancel")
def cancel_job(job_id: str) -> dict[str, Any]:
    job = readable_job(job_id)
    with services().pool.connection() as conn:
        if not jobs.cancel(conn, job.job_id):
            raise Problem(
                "conflict",
                _("job {job} has already ended ({status})", job=job.job_id, status=job.status),
            )
        job = jobs.get_job(conn, job.job_id) or job
    return {"job": job_view(job)}


@bp.get("/jobs/<job_id>/findings")
def get_findings(job_id: str) -> dict[str, Any]:
    job = readable_job(job_id)
    if job.kind != "audit":
        raise Problem(
            "not-found",
            _("job {job} is a {kind} job: it has no findings", job=job.job_id, kind=job.kind),
        )
    q = load_args(FindingArgs())
    with services().pool.connection() as conn:
        found, cursor = findings_page(conn, job.job_id, q, q["limit"], language())
        summary = game_summary(conn, job.job_id, q["game"]) if "game" in q else job.result
        found, summary = named(conn, [found, summary])
    nxt = None
    if cursor is not None:
        args = {k: v for k, v in request.args.items() if k != "after"}
        nxt = f"/jobs/{job.job_id}/findings?" + urlencode({**args, "after": cursor})
    return {"job": job_view(job), "summary": summary, "findings": found, "next": nxt}
