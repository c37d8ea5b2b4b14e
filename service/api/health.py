"""Liveness (``/health``: the process answers) and readiness (``/ready``: the database too)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from service.api.problems import Problem, _
from service.bootstrap import services

bp = Blueprint("health", __name__)


@bp.get("/health")
def health() -> dict[str, Any]:
    return {"status": "ok"}


@bp.get("/ready")
def ready() -> dict[str, Any]:
    try:
        with services().pool.connection(timeout=2) as conn:
            conn.execute("SELECT 1 FROM games LIMIT 1")
    except Exception as e:  # any failure means "not ready"
        raise Problem(
            "unavailable", _("the database does not answer: {error}", error=type(e).__name__)
        ) from e
    return {"status": "ready"}
