"""Conditional reads of finished games: strong ETags and ``If-None-Match`` (304).

A game that is over no longer changes, and every read of it is a pure function of
its events and the query: the ETag is a digest of the game's last hash (the head
of its hash chain, which moves with any later append, a void or a ruling
included), the route and the normalized query. The 304 is decided from the
game's row alone, before anything is read or projected. Live games get no ETag.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request

from events.store.games import GameRow
from events.vocabulary.canonical import canonical_json
from service.bootstrap import services
from service.players.names import named
from service.players.registry import stamp


def etag_of(game: GameRow, args: dict[str, Any], lang: str | None = None) -> str | None:
    if game.status == "live":
        return None
    query = canonical_json({k: str(v) for k, v in sorted(args.items()) if v is not None})
    with services().pool.connection() as conn:
        roster = stamp(conn)  # a merge or an erasure changes the names shown
    text = f"{game.last_hash}\n{roster}\n{request.url_rule}\n{query}"
    if lang is not None:  # a document with words in it: one ETag per language
        text += f"\n{lang}"
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def cached(
    game: GameRow,
    args: dict[str, Any],
    build: Callable[[], Any],
    lang: str | None = None,
    names: bool = True,
) -> Response:
    """The JSON document ``build()``, or 304 when the client holds it already; ``lang``
    when the document has words in it (its ETag is then the language's own); roster ids
    in it read as names unless ``names`` is false (the events as stored)."""
    etag = etag_of(game, args, lang)
    if etag is not None and request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        doc = build()
        if names:
            with services().pool.connection() as conn:
                doc = named(conn, doc)
        response = jsonify(doc)
    if etag is not None:
        response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Authorization")
    return response
