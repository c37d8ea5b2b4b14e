"""Short-lived, single-use sign-in links: how a club admin hands a recorder a token.

An admin makes a link (``coinche token link CLUB`` or ``POST /clubs/{club}/sign-in-links``);
the recorder opens it on a phone (a URL or its QR code). The link's code travels in the
URL's fragment (``/ui/record#link=cl_…``), which browsers never send to a server, so it
is in no access log; the page trades it once (``POST /sign-in-links/redeem``) for a new
token of the club with the link's scopes, keeps the token on the device and removes the
fragment from the address bar. A code is ``cl_`` + 32 random URL-safe characters; only
its SHA-256 is stored. A link expires after its time to live (15 minutes unless told)
and works once: a second use, an expired or unknown code is refused and makes nothing.

>>> check_ttl(900)
900
>>> looks_like_code("cl_" + "a" * 32), looks_like_code("ck_abc")
(True, False)
"""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg import Connection

from rules.errors import N_
from rules.names import clean_name
from service.auth import create_token

PREFIX = "cl_"
LINK_SCOPES = ("read", "record")
DEFAULT_TTL = 15 * 60
MIN_TTL, MAX_TTL = 60, 7 * 24 * 3600
_CODE = re.compile(r"^cl_[A-Za-z0-9_-]{32}$")


REFUSALS = {
    "unknown": N_("no such sign-in link: ask the club for a new one"),
    "used": N_(
        "this sign-in link was used already: each link works once; ask the club for a new one"
    ),
    "expired": N_("this sign-in link has expired: ask the club for a new one"),
}
"""What a refused code is told, by reason (English here; the API words it in the reader's
language)."""


class LinkRefused(Exception):
    """A code that gives no token: ``reason`` is ``unknown``, ``expired`` or ``used``."""

    def __init__(self, reason: str) -> None:
        super().__init__(REFUSALS[reason])
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Link:
    link_id: uuid.UUID
    club: str
    name: str
    scopes: tuple[str, ...]
    expires_at: datetime


def digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def looks_like_code(code: str) -> bool:
    return bool(_CODE.match(code))


def check_ttl(seconds: int) -> int:
    if not MIN_TTL <= seconds <= MAX_TTL:
        raise ValueError(f"a link lives from {MIN_TTL} s to {MAX_TTL} s (7 days); got {seconds}")
    return seconds


def check_scopes(scopes: list[str]) -> list[str]:
    bad = sorted(set(scopes) - set(LINK_SCOPES))
    if bad or not scopes:
        raise ValueError(
            f"a sign-in link gives the scopes {' or '.join(LINK_SCOPES)} only "
            f"(make arbiter and admin tokens with 'coinche token create'); got {scopes!r}"
        )
    return sorted(set(scopes))


def create_link(
    conn: Connection[Any],
    club: str,
    scopes: list[str],
    ttl: int = DEFAULT_TTL,
    name: str = "sign-in link",
    created_by: str = "cli",
) -> tuple[Link, str]:
    """A new link of ``club`` (which must exist); returns it and its code, shown once."""
    scopes = check_scopes(scopes)
    check_ttl(ttl)
    try:
        name = clean_name(name)
    except ValueError as e:
        raise ValueError(f"name: {e}") from None
    if conn.execute("SELECT 1 FROM clubs WHERE club = %s", (club,)).fetchone() is None:
        raise ValueError(f"no club '{club}' (a club exists once it has a token)")
    code = PREFIX + secrets.token_urlsafe(24)
    row = conn.execute(
        "INSERT INTO sign_in_links (link_id, club, name, scopes, code_hash, created_by, "
        "expires_at) VALUES (%s, %s, %s, %s, %s, %s, now() + make_interval(secs => %s)) "
        "RETURNING link_id, expires_at",
        (uuid.uuid4(), club, name, scopes, digest(code), created_by, ttl),
    ).fetchone()
    assert row is not None
    return Link(row[0], club, name, tuple(scopes), row[1]), code


def redeem(conn: Connection[Any], code: str) -> dict[str, Any]:
    """Trade ``code`` for a new token, once: ``{token, token_id, club, scopes, name}``.
    Raises :class:`LinkRefused`; nothing is written then."""
    if not looks_like_code(code):
        raise LinkRefused("unknown")
    with conn.transaction():
        row = conn.execute(
            "SELECT link_id, club, name, scopes, expires_at <= now(), redeemed_at "
            "FROM sign_in_links WHERE code_hash = %s FOR UPDATE",
            (digest(code),),
        ).fetchone()
        if row is None:
            raise LinkRefused("unknown")
        link_id, club, name, scopes, expired, redeemed_at = row
        if redeemed_at is not None:
            raise LinkRefused("used")
        if expired:
            raise LinkRefused("expired")
        token, secret = create_token(conn, club, name, list(scopes))
        conn.execute(
            "UPDATE sign_in_links SET redeemed_at = now(), token_id = %s WHERE link_id = %s",
            (token.token_id, link_id),
        )
    return {
        "token": secret,
        "token_id": str(token.token_id),
        "club": club,
        "scopes": sorted(scopes),
        "name": name,
    }
