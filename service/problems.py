"""Every 4xx/5xx answer is ``application/problem+json`` (RFC 9457), made here only.

A problem has a stable ``type`` (``/problems/<slug>``, documented in
``openapi.yaml`` and served by the app), a ``title`` that never varies for the
type, a ``detail`` about this occurrence, the ``status``, and where useful
``errors`` (field → messages) or extension members (``current_version``, ``rule``).
"""

from __future__ import annotations

from typing import Any

from flask import Response, json

PROBLEMS: dict[str, tuple[int, str]] = {
    "bad-request": (400, "The request is malformed"),
    "validation": (422, "The request body does not fit its schema"),
    "unauthorized": (401, "A valid bearer token is required"),
    "forbidden": (403, "The token may not do this"),
    "not-found": (404, "No such resource"),
    "method-not-allowed": (405, "Method not allowed"),
    "not-acceptable": (406, "Not acceptable"),
    "version-conflict": (409, "The game has moved on: expected_version does not match"),
    "conflict": (409, "The request conflicts with the stored data"),
    "payload-too-large": (413, "The request body is too large"),
    "unsupported-media-type": (415, "The body must be application/json"),
    "rule-breach": (422, "The event breaks a rule of the game"),
    "impossible-event": (422, "The event cannot happen at this point of the game"),
    "invalid-event": (422, "The event does not fit the event vocabulary"),
    "bad-profile": (422, "The profile document is not valid"),
    "unavailable": (503, "The service is not ready"),
    "internal": (500, "Internal error"),
}


class Problem(Exception):
    """Raise anywhere in a request: the app turns it into a problem+json response."""

    def __init__(
        self,
        slug: str,
        detail: str,
        status: int | None = None,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        if slug not in PROBLEMS:
            raise ValueError(f"unknown problem type {slug!r}")
        self.slug = slug
        self.status = status or PROBLEMS[slug][0]
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.slug}",
            "title": PROBLEMS[self.slug][1],
            "status": self.status,
            "detail": self.detail,
            **self.extra,
        }

    def response(self) -> Response:
        headers = dict(self.headers)
        if self.status == 401:
            headers["WWW-Authenticate"] = 'Bearer realm="coinche-log"'
        return Response(
            json.dumps(self.body(), ensure_ascii=False),
            status=self.status,
            mimetype="application/problem+json",
            headers=headers,
        )
