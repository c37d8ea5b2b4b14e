"""Bearer tokens: each acts for one club with scopes ``read``, ``record``,
``arbiter`` (voids and rulings) and ``admin`` (everything for its club).

A token is ``ck_`` + 40 random URL-safe characters, shown once when created; only
its SHA-256 is stored (tokens are random, so a slow hash adds nothing). Every
write records ``token:<token id>`` as ``recorded_by``, never the secret.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from dataclasses import dataclass
from typing import Any

from psycopg import Connection

from rules.names import clean_name

SCOPES = ("read", "record", "arbiter", "admin")
IMPLIES = {
    "admin": set(SCOPES),
    "record": {"read", "record"},
    "arbiter": {"read", "arbiter"},
    "read": {"read"},
}
PREFIX = "ck_"


@dataclass(frozen=True, slots=True)
class Token:
    token_id: uuid.UUID
    club: str
    name: str
    scopes: frozenset[str]

    def allows(self, scope: str) -> bool:
        return any(scope in IMPLIES[s] for s in self.scopes)

    @property
    def recorded_by(self) -> str:
        return f"token:{self.token_id}"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return PREFIX + secrets.token_urlsafe(30)


def find_token(conn: Connection[Any], secret: str) -> Token | None:
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    row = conn.execute(
        "SELECT token_id, club, name, scopes FROM tokens "
        "WHERE token_hash = %s AND revoked_at IS NULL",
        (digest(secret),),
    ).fetchone()
    if row is None:
        return None
    return Token(row[0], row[1], row[2], frozenset(row[3]))


def create_token(
    conn: Connection[Any], club: str, name: str, scopes: list[str]
) -> tuple[Token, str]:
    """A new token for ``club`` (created if missing); returns it and its secret."""
    bad = sorted(set(scopes) - set(SCOPES))
    if bad or not scopes:
        raise ValueError(f"scopes are among {', '.join(SCOPES)}; got {scopes!r}")
    try:
        name = clean_name(name)
    except ValueError as e:
        raise ValueError(f"token name: {e}") from None
    secret = new_secret()
    token = Token(uuid.uuid4(), club, name, frozenset(scopes))
    with conn.transaction():
        conn.execute(
            "INSERT INTO clubs (club, name) VALUES (%s, %s) ON CONFLICT DO NOTHING", (club, club)
        )
        conn.execute(
            "INSERT INTO tokens (token_id, club, name, scopes, token_hash) "
            "VALUES (%s, %s, %s, %s, %s)",
            (token.token_id, club, name, sorted(scopes), digest(secret)),
        )
    return token, secret


def list_tokens(conn: Connection[Any], club: str | None = None) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT token_id, club, name, scopes, created_at, revoked_at FROM tokens "
        "WHERE (%(club)s::text IS NULL OR club = %(club)s) ORDER BY created_at, token_id",
        {"club": club},
    ).fetchall()
    return [
        {
            "id": str(r[0]),
            "club": r[1],
            "name": r[2],
            "scopes": list(r[3]),
            "created_at": r[4].isoformat(),
            "revoked": r[5] is not None,
        }
        for r in rows
    ]


def revoke_token(conn: Connection[Any], token_id: uuid.UUID) -> bool:
    row = conn.execute(
        "UPDATE tokens SET revoked_at = now() WHERE token_id = %s "
        "AND revoked_at IS NULL RETURNING token_id",
        (token_id,),
    ).fetchone()
    return row is not None
