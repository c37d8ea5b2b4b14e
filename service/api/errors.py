"""One place maps every error to problem+json: domain errors, HTTP errors, crashes."""

from __future__ import annotations

import logging

import psycopg
from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from events.errors import (
    ConcurrencyError,
    EventRefused,
    GameNotFound,
    IdempotencyError,
    InvalidEvent,
    StoreUnavailable,
)
from i18n.findings import RULES, render
from i18n.vocabulary import Vocabulary
from service.api.problems import PROBLEMS, Problem
from service.api.requests import ReadTimeout
from service.language import language

log = logging.getLogger("coinche.service")

_BY_STATUS = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    406: "not-acceptable",
    409: "conflict",
    413: "payload-too-large",
    408: "request-timeout",
    415: "unsupported-media-type",
    422: "validation",
    503: "unavailable",
}


def to_problem(error: Exception) -> Problem:
    """The problem for a domain or HTTP error (unknown errors: 500, logged)."""
    if isinstance(error, Problem):
        return error
    if isinstance(error, ConcurrencyError):
        return Problem(
            "version-conflict",
            str(error),
            current_version=error.actual,
            expected_version=error.expected,
        )
    if isinstance(error, EventRefused):
        slug = "impossible-event" if error.impossible else "rule-breach"
        if error.rule not in RULES:
            return Problem(slug, error.detail, rule=error.rule, index=error.index)
        words = Vocabulary(error.vocabulary)
        detail = render(error.rule, error.params, language(), words)
        return Problem(slug, detail, rule=error.rule, params=error.params, index=error.index)
    if isinstance(error, InvalidEvent):
        return Problem("invalid-event", str(error), errors=error.errors, index=error.index)
    if isinstance(error, IdempotencyError):
        return Problem("conflict", str(error))
    if isinstance(error, GameNotFound):
        return Problem("not-found", str(error))
    if isinstance(error, StoreUnavailable | psycopg.OperationalError):
        # the database is down, restarting or out of connections (pool timeouts included),
        # wherever it was met: the token lookup, a read, a write (rolled back whole)
        log.warning("database unavailable: %s", error)
        return Problem("unavailable", "the database is unavailable; retry in a moment")
    if isinstance(error, ReadTimeout):  # a body trickled past its deadline (service.cli.guard)
        return Problem("request-timeout", str(error))
    if isinstance(error, HTTPException):
        code = error.code or 500
        slug = _BY_STATUS.get(code, "internal" if code >= 500 else "bad-request")
        kept = {k: v for k, v in error.get_headers() if k.lower() == "allow"}  # 405 says which
        return Problem(slug, error.description or PROBLEMS[slug][1], status=code, headers=kept)
    log.exception("unhandled error", exc_info=error)
    return Problem("internal", "an unexpected error occurred; it has been logged")


def register(app: Flask) -> None:
    @app.errorhandler(Exception)
    def handle(error: Exception) -> Response:
        return to_problem(error).response()
