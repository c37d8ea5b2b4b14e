"""Every 4xx/5xx answer is ``application/problem+json`` (RFC 9457), made here only.

A problem has a stable ``type`` (``/problems/<slug>``, documented in
``openapi.yaml`` and served by the app), a ``title`` that never varies for the
type, a ``detail`` about this occurrence, the ``status``, and where useful ``errors``
(field → messages) or extension members (``current_version``, ``rule``, ``params``).
The ``title`` and the ``detail`` are written in the request's language: a detail is
given as ``_("no game {game}", game=…)`` (a message of the catalogue and its words),
worded when the answer is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Response, has_request_context, json

from i18n.catalogues import SOURCE, translations
from rules.errors import ProfileError
from service.language import language


def N_(message: str) -> str:
    """Marks a message for extraction; it is translated where it is shown."""
    return message


PROBLEMS: dict[str, tuple[int, str]] = {
    "bad-request": (400, N_("The request is malformed")),
    "validation": (422, N_("The request body does not fit its schema")),
    "unauthorized": (401, N_("A valid bearer token is required")),
    "forbidden": (403, N_("The token may not do this")),
    "not-found": (404, N_("No such resource")),
    "method-not-allowed": (405, N_("Method not allowed")),
    "not-acceptable": (406, N_("Not acceptable")),
    "version-conflict": (409, N_("The game has moved on: expected_version does not match")),
    "conflict": (409, N_("The request conflicts with the stored data")),
    "payload-too-large": (413, N_("The request body is too large")),
    "unsupported-media-type": (415, N_("The body must be application/json")),
    "rule-breach": (422, N_("The event breaks a rule of the game")),
    "impossible-event": (422, N_("The event cannot happen at this point of the game")),
    "invalid-event": (422, N_("The event does not fit the event vocabulary")),
    "bad-profile": (422, N_("The profile document is not valid")),
    "ambiguous-player": (422, N_("A name matches several players of the roster: give the id")),
    "cross-club-merge": (422, N_("Players of two clubs are never merged")),
    "tournament-refused": (422, N_("The rules of the tournament refuse this command")),
    "link-refused": (410, N_("This sign-in link has expired or was used already")),
    "request-timeout": (408, N_("The request did not arrive in time")),
    "uri-too-long": (414, N_("The request line is too long")),
    "headers-too-large": (431, N_("The request headers are too large")),
    "expectation-failed": (417, N_("The Expect header cannot be met")),
    "not-implemented": (501, N_("Not implemented by this server")),
    "unavailable": (503, N_("The service is not ready")),
    "internal": (500, N_("Internal error")),
}
RETRY_AFTER = "2"  # seconds, on every 503: a restarting database is usually back by then


def title(slug: str, lang: str | None = None) -> str:
    """The title of a problem type in ``lang`` (by default the request's language)."""
    if lang is None:
        lang = _request_language()
    return translations(lang).gettext(PROBLEMS[slug][1])


def _request_language() -> str:
    return language() if has_request_context() else SOURCE


class Text:
    """A message of the catalogue and the words it takes, worded in a language when it is
    shown (``str()`` words it in the request's language, English outside a request)."""

    __slots__ = ("message", "words")

    def __init__(self, message: str, words: Mapping[str, object]) -> None:
        self.message = message
        self.words = dict(words)

    def render(self, lang: str) -> str:
        text = translations(lang).gettext(self.message)
        if not self.words:
            return text  # a message without placeholders may hold braces of its own
        said = {k: v.render(lang) if isinstance(v, Text) else str(v) for k, v in self.words.items()}
        return text.format_map(said)

    def __str__(self) -> str:
        return self.render(_request_language())

    def __repr__(self) -> str:
        return f"Text({self.message!r}, {self.words!r})"


def _(message: str, /, **words: object) -> Text:
    """Marks ``message`` for extraction and keeps its words: it is worded when shown."""
    return Text(message, words)


def worded(value: Any, lang: str) -> Any:
    """``value`` with every :class:`Text` in it (nested in dicts and lists) worded."""
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, dict):
        return {key: worded(item, lang) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [worded(item, lang) for item in value]
    return value


class Problem(Exception):
    """Raise anywhere in a request: the app turns it into a problem+json response."""

    def __init__(
        self,
        slug: str,
        detail: str | Text,
        status: int | None = None,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail.render(SOURCE) if isinstance(detail, Text) else detail)
        if slug not in PROBLEMS:
            raise ValueError(f"unknown problem type {slug!r}")
        self.slug = slug
        self.status = status or PROBLEMS[slug][0]
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self, lang: str | None = None) -> dict[str, Any]:
        """The problem document in ``lang`` (by default the request's language)."""
        if lang is None:
            lang = _request_language()
        return {
            "type": f"/problems/{self.slug}",
            "title": title(self.slug, lang),
            "status": self.status,
            "detail": worded(self.detail, lang),
            **worded(self.extra, lang),
        }

    def response(self) -> Response:
        headers = dict(self.headers)
        if self.status == 401:
            headers["WWW-Authenticate"] = 'Bearer realm="coinche-log"'
        if self.status == 503:
            headers.setdefault("Retry-After", RETRY_AFTER)
        return Response(
            json.dumps(self.body(), ensure_ascii=False),
            status=self.status,
            mimetype="application/problem+json",
            headers=headers,
        )


def profile_problem(error: ProfileError, in_field: str | None = None) -> Problem:
    """A refused profile document (422 ``bad-profile``) in the reader's language; its
    message goes under ``errors`` for ``in_field`` (the switch by default)."""
    message = Text(error.template, error.words)
    detail = _("{field}: {message}", field=error.switch, message=message)
    shown = message if in_field is None else detail
    return Problem(
        "bad-profile", detail, switch=error.switch, errors={in_field or error.switch: [shown]}
    )
