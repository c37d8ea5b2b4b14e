"""Who may do what, per request: the token behind ``Authorization: Bearer``.

Clubs own games. Public games are readable by anyone; private games only with a
token of their club. Writing needs a token of the game's club with ``record``
(table events, scores, abandonment) or ``arbiter`` (voids and rulings).
"""

from __future__ import annotations

from flask import g, request

from events.games import GameRow
from service.auth import Token, find_token, parse_bearer
from service.extensions import services
from service.problems import Problem

ARBITER_TYPES = frozenset({"EventVoided", "RulingIssued"})


def current_token() -> Token | None:
    """The request's token (None without an Authorization header); 401 if it is bad."""
    if "token" not in g:
        secret = parse_bearer(request.headers.get("Authorization"))
        token = None
        if secret is not None:
            with services().pool.connection() as conn:
                token = find_token(conn, secret)
            if token is None:
                raise Problem("unauthorized", "unknown or revoked token")
        g.token = token
    found: Token | None = g.token
    return found


def require(scope: str, club: str | None = None) -> Token:
    """The request's token, which must have ``scope`` (for ``club`` when given)."""
    token = current_token()
    if token is None:
        raise Problem("unauthorized", f"this needs a token with the '{scope}' scope")
    if not token.allows(scope):
        raise Problem("forbidden", f"the token lacks the '{scope}' scope")
    if club is not None and token.club != club:
        raise Problem("forbidden", f"the token acts for club '{token.club}', not '{club}'")
    return token


def can_read(game: GameRow) -> bool:
    if game.visibility == "public":
        return True
    token = current_token()
    return token is not None and token.club == game.club and token.allows("read")


def check_read(game: GameRow) -> None:
    """404 (not 403) for a private game of another club: its existence is private too."""
    if not can_read(game):
        if current_token() is None and game.visibility == "private":
            raise Problem("unauthorized", "this game is private: use a token of its club")
        raise Problem("not-found", f"no game {game.game_id}")


def check_write(game: GameRow, event_types: set[str]) -> Token:
    scope = "arbiter" if event_types & ARBITER_TYPES else "record"
    if event_types & ARBITER_TYPES and event_types - ARBITER_TYPES:
        raise Problem("bad-request", "send arbiter events (voids, rulings) in their own request")
    token = require(scope)
    if token.club != game.club:
        check_read(game)  # do not reveal a private game
        raise Problem("forbidden", f"game {game.game_id} belongs to another club")
    return token
