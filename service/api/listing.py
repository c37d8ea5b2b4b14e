"""Which games a caller may list: public ones, and the private ones of its own club.

The store filters on one club and one visibility at a time, so a token's listing
merges two keyset-ordered queries (public games; its club's private games), each
cut at the page size: both are ordered by ``(created_at, game_id)`` and disjoint,
so the merge's first ``limit`` rows are exactly the page. The page cursor is the
last row's key, opaque to clients.
"""

from __future__ import annotations

import base64
import heapq
from dataclasses import replace
from datetime import datetime
from typing import Any
from uuid import UUID

from events.store.event_store import EventStore
from events.store.games import GameFilter, GameRow
from service.bootstrap import services
from service.players.registry import player_keys


def visible_games(store: EventStore, where: GameFilter, club: str | None) -> list[GameRow]:
    """The games matching ``where`` that a reader of ``club`` (None: anonymous) may read."""
    if club is not None and where.club == club:
        return store.games(where)
    public = store.games(replace(where, visibility="public"))
    if club is None or (where.club is not None and where.club != club):
        return public
    if where.visibility == "public":
        return public
    own = store.games(replace(where, club=club, visibility="private"))
    merged = heapq.merge(public, own, key=lambda r: (r.created_at, r.game_id))
    return list(merged)[: where.limit] if where.limit is not None else list(merged)


def cursor_of(row: GameRow) -> str:
    text = f"{row.created_at.isoformat()}|{row.game_id}"
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def parse_cursor(cursor: str) -> tuple[datetime, UUID]:
    """``ValueError`` for anything but a cursor given by this API."""
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        moment, game = text.split("|")
        at = datetime.fromisoformat(moment)
        if at.tzinfo is None:
            raise ValueError
        return at, UUID(game)
    except (ValueError, UnicodeDecodeError):
        raise ValueError("not a cursor given by this API (use the 'next' of a page)") from None


def filter_of(args: dict[str, Any], **extra: Any) -> GameFilter:
    """The store's filter from loaded query arguments (see
    :class:`service.api.schemas.GameFilterArgs`)."""
    player = args.get("player")
    players = None
    if player is not None:  # a player id, or a name: every entry it matches, and itself
        with services().pool.connection() as conn:
            players = player_keys(conn, player)
    return GameFilter(
        club=args.get("club"),
        players=players,
        profile=args.get("profile"),
        status=args.get("status"),
        created_from=args.get("from_"),
        created_to=args.get("to"),
        **extra,
    )
