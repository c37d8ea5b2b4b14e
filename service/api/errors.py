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
from service.api.field_messages import field_messages
from service.api.problems import N_, Problem, Text, _
from service.api.requests import ReadTimeout, first_message
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
_HTTP_DETAILS = {
    400: N_("the request is malformed"),
    401: N_("a valid bearer token is required"),
    403: N_("the token may not do this"),
    404: N_("no such URL on this server"),
    405: N_("this method is not allowed on this URL"),
    406: N_("this resource cannot answer in a media type the request accepts"),
    408: N_("the request did not arrive in time"),
    409: N_("the request conflicts with the stored data"),
    413: N_("the request body is too large"),
    415: N_("the body's media type is not one this URL takes"),
    422: N_("the request is well formed but cannot be processed"),
    503: N_("the service is not ready; retry in a moment"),
}


def to_problem(error: Exception) -> Problem:
    """The problem for a domain or HTTP error (unknown errors: 500, logged)."""
    if isinstance(error, Problem):
        return error
    if isinstance(error, ConcurrencyError):
        return Problem(
            "version-conflict",
            _(
                "game {game}: expected version {expected}, but it is at {actual}",
                game=error.game_id,
                expected=error.expected,
                actual=error.actual,
            ),
            current_version=error.actual,
            expected_version=error.expected,
        )
    if isinstance(error, EventRefused):
        slug = "impossible-event" if error.impossible else "rule-breach"
        if error.rule not in RULES:
            return Problem(slug, error.detail, rule=error.rule, index=error.index)
        words = Vocabulary(error.vocabulary)
        said = render(error.rule, error.params, language(), words)
        return Problem(slug, said, rule=error.rule, params=error.params, index=error.index)
    if isinstance(error, InvalidEvent):
        messages = field_messages(error.errors)
        invalid = _(
            "event {index} ({type}) is invalid: {first}",
            index=error.index,
            type=error.event_type,
            first=first_message(messages),
        )
        return Problem("invalid-event", invalid, errors=messages, index=error.index)
    if isinstance(error, IdempotencyError):
        return Problem("conflict", Text(error.message, error.words))
    if isinstance(error, GameNotFound):
        return Problem("not-found", _("game {game} does not exist", game=error.game_id))
    if isinstance(error, StoreUnavailable | psycopg.OperationalError):
        # the database is down, restarting or out of connections (pool timeouts included),
        # wherever it was met: the token lookup, a read, a write (rolled back whole)
        log.warning("database unavailable: %s", error)
        return Problem("unavailable", _("the database is unavailable; retry in a moment"))
    if isinstance(error, ReadTimeout):  # a body trickled past its deadline (service.cli.guard)
        return Problem("request-timeout", _("the body did not arrive in time: {error}",
                                            error=str(error)))  # fmt: skip
    if isinstance(error, HTTPException):
        code = error.code or 500
        slug = _BY_STATUS.get(code, "internal" if code >= 500 else "bad-request")
        kept = {k: v for k, v in error.get_headers() if k.lower() == "allow"}  # 405 says which
        return Problem(slug, _http_detail(error, code), status=code, headers=kept)
    log.exception("unhandled error", exc_info=error)
    return Problem("internal", _("an unexpected error occurred; it has been logged"))


def _http_detail(error: HTTPException, code: int) -> Text:
    """An HTTP error's detail: its own when it was given one as a :class:`Text`, else the
    catalogue's words for its status (Werkzeug's own descriptions are English only)."""
    if isinstance(error.description, Text):
        return error.description
    return _(_HTTP_DETAILS.get(code, N_("the server cannot answer this request")))


def register(app: Flask) -> None:
    @app.errorhandler(Exception)
    def handle(error: Exception) -> Response:
        return to_problem(error).response()
