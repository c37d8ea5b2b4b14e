"""The global event feed: paged (``GET /feed``) and streamed (``GET /feed/stream``).

The stream is **long-poll NDJSON**: one response per request, one JSON event per
line as events commit, a blank keep-alive line at once and after every
``FEED_KEEPALIVE`` seconds of silence, and the response ends after ``timeout``
seconds (default 30, at most 300, or ``FEED_STREAM_MAX`` if lower); the client then
asks again with ``after`` = the last position it saw. The server polls the store
(every ``FEED_POLL`` seconds, without holding a database connection in between),
so a waiting stream costs a thread but no connection.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from events.store.pool import Pool
from service.api.access import current_token, reader_club, shows_hidden
from service.api.feed_query import FeedItem, feed_page
from service.api.requests import load_args
from service.api.schemas import FeedArgs, StreamArgs
from service.auth import Token
from service.bootstrap import services
from service.representations import event_json

bp = Blueprint("feed", __name__)
BATCH = 500


def _shown(item: FeedItem, token: Token | None) -> dict[str, Any]:
    return event_json(item.event, shows_hidden(item.status, item.club, token))


@bp.get("/feed")
def feed() -> Response:
    args = load_args(FeedArgs())
    token = current_token()
    items = feed_page(services().pool, args["after"], reader_club(), args["limit"])
    last = items[-1].event.position if items else args["after"]
    return jsonify({"events": [_shown(i, token) for i in items], "next": last})


@bp.get("/feed/stream")
def stream() -> Response:
    args = load_args(StreamArgs())
    token, club = current_token(), reader_club()
    config = current_app.config
    lines = _lines(
        services().pool,
        args["after"],
        club,
        token,
        time.monotonic() + min(args["timeout"], float(config.get("FEED_STREAM_MAX", 300))),
        float(config.get("FEED_POLL", 0.25)),
        float(config.get("FEED_KEEPALIVE", 10)),
    )
    response = Response(lines, mimetype="application/x-ndjson")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # proxies: do not buffer the stream
    return response


def _lines(
    pool: Pool,
    after: int,
    club: str | None,
    token: Token | None,
    deadline: float,
    poll: float,
    keepalive: float,
) -> Iterator[str]:
    quiet_since = time.monotonic()
    first = True
    while True:
        items = feed_page(pool, after, club, BATCH)
        for item in items:
            yield json.dumps(_shown(item, token), ensure_ascii=False) + "\n"
            after = item.event.position
        now = time.monotonic()
        if first and not items:
            yield "\n"  # sends the headers at once: the client knows the stream is open
        first = False
        if items:
            quiet_since = now
            if len(items) == BATCH:
                continue
        if now >= deadline:
            return
        if now - quiet_since >= keepalive:
            yield "\n"
            quiet_since = now
        time.sleep(min(poll, max(0.0, deadline - now)))
