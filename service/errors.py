"""One place maps every error to problem+json: domain errors, HTTP errors, crashes."""

from __future__ import annotations

import logging

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
from service.problems import PROBLEMS, Problem

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
        return Problem(slug, error.detail, rule=error.rule, index=error.index)
    if isinstance(error, InvalidEvent):
        return Problem("invalid-event", str(error), errors=error.errors, index=error.index)
    if isinstance(error, IdempotencyError):
        return Problem("conflict", str(error))
    if isinstance(error, GameNotFound):
        return Problem("not-found", str(error))
    if isinstance(error, StoreUnavailable):
        return Problem("unavailable", str(error))
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
