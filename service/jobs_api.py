"""Audit and statistics jobs over HTTP, and the statistics read model.

``POST /audits`` and ``POST /stats`` take a selection of games and answer 202 with
the job; ``GET /jobs/{id}`` reports its progress; ``GET /jobs/{id}/findings`` pages
an audit's findings with its summary; ``GET /stats/{players|partnerships|clubs|
profiles}`` serve the statistics as JSON or CSV; ``POST /jobs/{id}/cancel`` stops a
job. A token with the ``read`` scope is needed; it sees its club's jobs, and
statistics of its club's games and of public games.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from flask import Blueprint, Response, request
from flask.blueprints import BlueprintSetupState
from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from service.access import require
from service.auth import Token
from service.extensions import services
from service.problems import Problem
from workers import jobs
from workers.celery_app import celery_init_app
from workers.results import findings_page, game_summary, stats_columns, stats_rows, to_csv
from workers.selection import select_games

bp = Blueprint("jobs", __name__)


@bp.record_once
def _bind_celery(state: BlueprintSetupState) -> None:
    celery_init_app(state.app)  # type: ignore[arg-type]


class When(fields.Field):  # type: ignore[type-arg]
    """An ISO date or date-time; a time without offset is UTC."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> datetime:
        try:
            moment = datetime.fromisoformat(str(value))
        except ValueError:
            raise ValidationError("not an ISO 8601 date or date-time") from None
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


CLUB = validate.Regexp(r"^[a-z0-9][a-z0-9._-]{0,62}$", error="not a club id")


def _text(high: int) -> validate.Validator:
    """1 to ``high`` characters, no NUL (PostgreSQL's text refuses it)."""
    no_nul = validate.Regexp(r"^[^\x00]*$", error="must not contain the NUL character")
    return validate.And(validate.Length(1, high), no_nul)


class Selection(Schema):
    class Meta:
        unknown = RAISE

    games = fields.List(fields.UUID(), validate=validate.Length(min=1, max=100_000))
    club = fields.String(validate=CLUB)
    players = fields.List(fields.String(validate=_text(200)),
                          validate=validate.Length(min=1, max=100))  # fmt: skip
    profile = fields.String(validate=_text(100))
    from_ = When(data_key="from")
    to = When()
    chunk_size = fields.Integer(validate=validate.Range(1, 10_000))

    @validates_schema
    def _range(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "from_" in data and "to" in data and data["from_"] >= data["to"]:
            raise ValidationError("the date range is empty: 'to' must be after 'from'", "to")


def _selection(token: Token) -> dict[str, Any]:
    body = request.get_json(silent=True)
    if not request.is_json:
        raise Problem("unsupported-media-type", "send the selection as application/json")
    if not isinstance(body, dict):
        raise Problem("bad-request", "the body must be a JSON object (a selection of games)")
    try:
        loaded = Selection().load(body)
    except ValidationError as e:
        raise Problem("validation", "the selection is not valid", errors=e.messages) from None
    params: dict[str, Any] = {k.rstrip("_"): v for k, v in loaded.items()}
    for key in ("from", "to"):
        if key in params:
            params[key] = params[key].isoformat()
    if "games" in params:
        params["games"] = [str(g) for g in params["games"]]
    params["readable_by"] = token.club
    with services().pool.connection() as conn:
        if "club" in params:
            found = conn.execute("SELECT 1 FROM clubs WHERE club = %s", (params["club"],))
            if found.fetchone() is None:
                raise Problem("validation", "unknown club", errors={"club": ["unknown club"]})
        if "games" in params:
            known = {str(g) for g in select_games(conn, {"games": params["games"],
                                                         "readable_by": token.club})}  # fmt: skip
            missing = [g for g in params["games"] if g not in known]
            if missing:
                shown = ", ".join(missing[:5]) + (" …" if len(missing) > 5 else "")
                errors = {"games": [f"no such game (or not readable): {shown}"]}
                raise Problem("validation", "unknown games in the selection", errors=errors)
    return params


def _submit(kind: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    token = require("read")
    params = _selection(token)
    try:
        job_id = jobs.submit(kind, params, token.recorded_by, token.club)
    except Exception as e:
        raise Problem("unavailable", f"the job queue does not answer: {type(e).__name__}") from e
    with services().pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
    assert job is not None
    return {"job": job_view(job)}, 202, {"Location": f"/jobs/{job_id}"}


@bp.post("/audits")
def post_audit() -> tuple[dict[str, Any], int, dict[str, str]]:
    return _submit("audit")


@bp.post("/stats")
def post_stats() -> tuple[dict[str, Any], int, dict[str, str]]:
    return _submit("stats")


def job_view(job: jobs.Job) -> dict[str, Any]:
    base = f"/jobs/{job.job_id}"
    links = {"self": base}
    if job.status in jobs.ACTIVE:
        links["cancel"] = f"{base}/cancel"
    if job.kind == "audit":
        links["findings"] = f"{base}/findings"
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


def _job(job_id: str) -> jobs.Job:
    token = require("read")
    try:
        jid = UUID(job_id)
    except ValueError:
        raise Problem("not-found", f"no job {job_id!r}: job ids are UUIDs") from None
    with services().pool.connection() as conn:
        job = jobs.get_job(conn, jid)
    if job is None or job.club != token.club:
        raise Problem("not-found", f"no job {job_id}")
    return job


@bp.get("/jobs/<job_id>")
def get_job(job_id: str) -> dict[str, Any]:
    return {"job": job_view(_job(job_id))}


@bp.post("/jobs/<job_id>/cancel")
def cancel_job(job_id: str) -> dict[str, Any]:
    job = _job(job_id)
    with services().pool.connection() as conn:
        if not jobs.cancel(conn, job.job_id):
            raise Problem("conflict", f"job {job.job_id} has already ended ({job.status})")
        job = jobs.get_job(conn, job.job_id) or job
    return {"job": job_view(job)}


class FindingQuery(Schema):
    class Meta:
        unknown = RAISE

    game = fields.UUID()
    rule = fields.String(validate=_text(100))
    player = fields.String(validate=_text(200))
    severity = fields.String(validate=_text(40))
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 1000))
    after = fields.String(validate=lambda text: _cursor(text))


def _cursor(text: str) -> None:
    """A findings cursor is ``<game id>:<seq>``, as the previous page's ``next`` gives."""
    game, _, seq = text.partition(":")
    try:
        UUID(game)
    except ValueError:
        raise ValidationError("not a cursor: use the 'next' link of the previous page") from None
    if not (seq.isascii() and seq.isdigit() and len(seq) <= 9):
        raise ValidationError("not a cursor: use the 'next' link of the previous page")


def _query(schema: Schema) -> dict[str, Any]:
    try:
        loaded: dict[str, Any] = schema.load(request.args.to_dict())
    except ValidationError as e:
        raise Problem("validation", "bad query parameters", errors=e.messages) from None
    return loaded


@bp.get("/jobs/<job_id>/findings")
def get_findings(job_id: str) -> dict[str, Any]:
    job = _job(job_id)
    if job.kind != "audit":
        raise Problem("not-found", f"job {job.job_id} is a {job.kind} job: it has no findings")
    q = _query(FindingQuery())
    with services().pool.connection() as conn:
        found, cursor = findings_page(conn, job.job_id, q, q["limit"])
        summary = game_summary(conn, job.job_id, q["game"]) if "game" in q else job.result
    nxt = None
    if cursor is not None:
        args = {k: v for k, v in request.args.items() if k != "after"}
        nxt = f"/jobs/{job.job_id}/findings?" + urlencode({**args, "after": cursor})
    return {"job": job_view(job), "summary": summary, "findings": found, "next": nxt}


class StatsQuery(Schema):
    class Meta:
        unknown = RAISE

    period = fields.String(load_default="all", validate=validate.OneOf(["month", "year", "all"]))
    format = fields.String(load_default=None, validate=validate.OneOf(["json", "csv"]))
    club = fields.String(validate=CLUB)
    profile = fields.String(validate=_text(100))
    player = fields.String(validate=_text(200))
    from_ = When(data_key="from")
    to = When()
    job = fields.UUID()


@bp.get("/stats/<any(players, partnerships, clubs, profiles):mode>")
def get_stats(mode: str) -> Response | dict[str, Any]:
    token = require("read")
    q = {k.rstrip("_"): v for k, v in _query(StatsQuery()).items()}
    if q.get("job") is not None:
        _job(str(q["job"]))
    q["readable_by"] = token.club
    with services().pool.connection() as conn:
        rows = stats_rows(conn, mode, q["period"], q)
    wants_csv = q["format"] == "csv" or (
        q["format"] is None
        and request.accept_mimetypes.best_match(["application/json", "text/csv"]) == "text/csv"
    )
    if wants_csv:
        return Response(to_csv(rows, stats_columns(mode)), mimetype="text/csv")
    return {"mode": mode, "period": q["period"], "columns": stats_columns(mode), "rows": rows}
