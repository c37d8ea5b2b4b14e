"""The contract: ``/openapi.yaml`` (the single source, read from the project root),
``/openapi.json``, ``/problems`` and ``/problems/<slug>`` explaining each problem type
with an example of its fix (JSON, or a page for a browser), ``/docs/events`` (the event
vocabulary and an example game) and ``/docs``, the interactive documentation (Swagger UI
served from the app's static folder, ``service/ui/static``, no CDN)."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Response, current_app, g, jsonify, render_template, request

from service.api.problem_docs import DOCS
from service.api.problems import PROBLEMS, Problem, _, title
from service.api.security import DOCS as DOCS_POLICY
from service.api.vocabulary_docs import event_docs, example_game
from service.language import language

PAGES = (
    "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
)
"""The documentation pages: no script at all, this origin's styles."""

bp = Blueprint("spec", __name__)
SPEC_PATHS = (
    Path(__file__).resolve().parents[2] / "openapi.yaml",  # a source checkout
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
    """Swagger UI on the contract: English, as the contract is (``Content-Language`` too)."""
    g.lang = "en"
    page = Path(current_app.static_folder or "") / "docs.html"
    response = Response(page.read_text(encoding="utf-8"), mimetype="text/html")
    response.headers["Content-Security-Policy"] = DOCS_POLICY
    return response


@bp.get("/docs/events")
def events_page() -> Response:
    """The event vocabulary, from this contract, with one example game: English, as the
    contract's descriptions are (``Content-Language`` and ``<html lang>`` say so)."""
    g.lang = "en"
    lines, sheet = example_game()
    page = render_template(
        "docs/events.html",
        events=event_docs(spec()),
        game=lines,
        sheet=json.dumps(sheet, ensure_ascii=False, indent=1),
    )
    return _page(page)


def problem_doc(slug: str, lang: str | None = None) -> dict[str, Any]:
    """The problem type's document in ``lang`` (the request's by default): its ``title``,
    its explanation and its example."""
    if lang is None:
        lang = language()
    status = PROBLEMS[slug][0]
    doc = DOCS[slug].worded(lang)
    return {
        "type": f"/problems/{slug}",
        "slug": slug,
        "title": title(slug, lang),
        "status": status,
        "explanation": doc.explanation,
        "example": {"request": doc.wrong, "answer": doc.answer, "fix": doc.fix},
    }


@bp.get("/problems")
def problem_index() -> Response:
    """Every problem type (a page for a browser, JSON otherwise)."""
    html = _wants_html()
    problems = [problem_doc(slug) for slug in PROBLEMS]
    if html:
        return _page(render_template("docs/problems.html", problems=problems))
    return jsonify({"problems": problems})


@bp.get("/problems/<slug>")
def problem_type(slug: str) -> Response:
    """What a problem type means, with an example of a request it answers and its fix."""
    if slug not in PROBLEMS:
        raise Problem("not-found", _("no problem type {slug}", slug=repr(slug)))
    html = _wants_html()
    doc = problem_doc(slug)
    if html:
        return _page(render_template("docs/problem.html", p=doc))
    return jsonify(doc)


def _wants_html() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return (
        best == "text/html"
        and request.accept_mimetypes["text/html"] > request.accept_mimetypes["application/json"]
    )


def _page(html: str) -> Response:
    response = Response(html, mimetype="text/html")
    response.headers["Content-Security-Policy"] = PAGES
    response.vary.add("Accept")
    return response
