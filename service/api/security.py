"""Security headers on every response the app makes: pages, the documentation, the API.

Every answer says ``nosniff`` (a browser never guesses a type), sends no referrer to
other hosts and may not be framed. A response without a policy of its own gets the
strictest Content-Security-Policy (JSON loads nothing); the pages under ``/ui`` and
``/docs`` set theirs (this origin's scripts and styles only). Answers that gunicorn
itself makes, before the app sees a request, carry ``nosniff`` too
(:mod:`service.cli.guard`).
"""

from __future__ import annotations

from flask import Flask, Response

NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
DOCS = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""Swagger UI sets element styles from its scripts (so ``'unsafe-inline'`` styles); its
scripts are files of this origin, none inline."""
PAGES = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""A problem type's page for people: this origin's scripts and styles only."""


def register(app: Flask) -> None:
    @app.after_request
    def _security_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", NOTHING)
        headers["X-Content-Type-Options"] = "nosniff"
        headers.setdefault("Referrer-Policy", "same-origin")
        headers["X-Frame-Options"] = "DENY"
        return response
