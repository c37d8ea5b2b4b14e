"""Who may do what, per request: the token behind ``Authorization: Bearer``.

Clubs own games. Public games are readable by anyone; private games only with a
token of their club. Writing needs a token of the game's club with ``record``
(table events, scores, abandonment) or ``arbiter`` (voids and rulings); a ``record``
token may also void its own events of the deal in progress
(:mod:`service.api.self_correction`).
"""

from __future__ import annotations

from flask import g, request

from events.store.games import GameRow
from service.api.problems import Problem, _
from service.auth import Token, find_token
from service.bootstrap import services

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
                raise Problem("unauthorized", _("unknown or revoked token"))
        g.token = token
    found: Token | None = g.token
    return found


def require(scope: str, club: str | None = None) -> Token:
    """The request's token, which must have ``scope`` (for ``club`` when given)."""
    token = current_token()
    if token is None:
        raise Problem("unauthorized", _("this needs a token with the '{scope}' scope", scope=scope))
    if not token.allows(scope):
        raise Problem("forbidden", _("the token lacks the '{scope}' scope", scope=scope))
    if club is not None and token.club != club:
        raise Problem(
            "forbidden",
            _("the token acts for club '{token}', not '{club}'", token=token.club, club=club),
        )
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
            raise Problem("unauthorized", _("this game is private: use a token of its club"))
        raise Problem("not-found", _("no game {game}", game=game.game_id))


def check_write(game: GameRow, event_types: set[str]) -> tuple[Token, bool]:
    """The writing token, and whether its batch is a recorder's own undo (voids sent with
    the ``record`` scope only: the append then checks whose events they void)."""
    scope = "arbiter" if event_types & ARBITER_TYPES else "record"
    if event_types & ARBITER_TYPES and event_types - ARBITER_TYPES:
        message = _("send arbiter events (voids, rulings) in their own request")
        raise Problem("validation", message, errors={"events": [message]})
    token = current_token()
    undo = (
        event_types == {"EventVoided"}
        and token is not None
        and token.allows("record")
        and not token.allows("arbiter")
    )
    if undo:
        scope = "record"
    token = require(scope)
    if token.club != game.club:
        check_read(game)  # do not reveal a private game
        raise Problem("forbidden", _("game {game} belongs to another club", game=game.game_id))
    return token, undo


def reader_club() -> str | None:
    """The club whose private games the caller may read (None: public games only)."""
    token = current_token()
    return token.club if token is not None and token.allows("read") else None


def sees_hidden(game: GameRow, token: Token | None) -> bool:
    """May ``token`` see a game's hidden information (hands, deck, announced cards)?

    Once a game is over, everyone who may read it may; during a live game only the
    tokens of its club that record it or arbitrate it (``record``, ``arbiter``, ``admin``).
    """
    return shows_hidden(game.status, game.club, token)


def shows_hidden(status: str, club: str | None, token: Token | None) -> bool:
    """:func:`sees_hidden` for a game known by its status and club."""
    if status != "live":
        return True
    return (
        token is not None
        and token.club == club
        and (token.allows("record") or token.allows("arbiter"))
    )


def check_view(game: GameRow, view: str) -> None:
    """During a live game: the ``seat`` view needs a token of the game's club, the
    ``arbiter`` view one with the ``arbiter`` (or ``admin``) scope. Afterwards any reader
    may ask any view."""
    if game.status != "live" or view == "public":
        return
    scope = "arbiter" if view == "arbiter" else "read"
    token = current_token()
    if token is None:
        raise Problem(
            "unauthorized", _("the {view} view of a live game needs a token of its club", view=view)
        )
    if token.club != game.club:
        raise Problem(
            "forbidden", _("the {view} view of a live game is for its club only", view=view)
        )
    if not token.allows(scope):
        raise Problem(
            "forbidden",
            _("the {view} view of a live game needs the '{scope}' scope", view=view, scope=scope),
        )


def parse_bearer(header: str | None) -> str | None:
    """The secret of an ``Authorization: Bearer …`` header; None when absent."""
    if header is None:
        return None
    scheme, _space, secret = header.partition(" ")
    if scheme.lower() != "bearer" or not secret.strip():
        raise Problem("unauthorized", _("use 'Authorization: Bearer <token>'"))
    return secret.strip()
