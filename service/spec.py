"""The contract: ``/openapi.yaml`` (the single source, read from the project root),
``/openapi.json``, ``/problems/<slug>`` explaining each problem type, and ``/docs``,
the interactive documentation (Swagger UI served from ``service/static``, no CDN)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response

from service.problems import PROBLEMS, Problem

bp = Blueprint("spec", __name__)
SPEC_PATHS = (
    Path(__file__).resolve().parent.parent / "openapi.yaml",  # a source checkout
    Path(sys.prefix) / "share" / "coinche-log" / "openapi.yaml",  # a wheel's data file
)
SPEC_PATH = next((p for p in SPEC_PATHS if p.exists()), SPEC_PATHS[0])


@cache
def spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@cache
def spec() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(spec_text())
    return loaded


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(spec_text(), mimetype="application/yaml")


@bp.get("/openapi.json")
def openapi_json() -> dict[str, Any]:
    return spec()


@bp.get("/docs")
def docs() -> Response:
    page = Path(__file__).resolve().parent / "static" / "docs.html"
    return Response(page.read_text(encoding="utf-8"), mimetype="text/html")


@bp.get("/problems/<slug>")
def problem_type(slug: str) -> dict[str, Any]:
    if slug not in PROBLEMS:
        raise Problem("not-found", f"no problem type {slug!r}")
    status, title = PROBLEMS[slug]
    return {"type": f"/problems/{slug}", "title": title, "status": status}
