"""Read-only database roles for a club's dashboards (Metabase, Grafana…).

``create_role`` makes a login role that may only read the statistics (the fact tables,
the ``stats_*_month`` views, ``games`` and ``player_names``); row-level security
(migration ``0057_analysts.sql``) shows it its club's rows and the public ones. Every
session of the role is read-only (``default_transaction_read_only``). The password is
random and shown once, in the connection URL. The CLI (``coinche db-role``) and the API
(``/clubs/{club}/analyst-roles``, :mod:`service.api.analysts`) both call these functions.
"""

from __future__ import annotations

import re
import secrets
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from psycopg import Connection, sql

READABLE = ("games", "stat_games", "stat_deals", "stat_seats", "player_names",
            "stats_player_month", "stats_partnership_month", "stats_club_month",
            "stats_profile_month")  # fmt: skip


class RoleError(Exception):
    """A refusal, nothing changed: ``slug`` is the API's problem type (``not-found``,
    ``conflict``)."""

    def __init__(self, slug: str, detail: str) -> None:
        super().__init__(detail)
        self.slug, self.detail = slug, detail


def role_name(club: str) -> str:
    """``analyst_<club>``, in the letters PostgreSQL takes without quotes.

    >>> role_name("club-lyon.2")
    'analyst_club_lyon_2'
    """
    return "analyst_" + re.sub(r"[^a-z0-9_]", "_", club)[:54]


def create_role(conn: Connection[Any], club: str, by: str, new_password: bool = False) -> str:
    """Create (or, with ``new_password``, give a new password to) the analyst role of
    ``club``; returns ``role:password``. Call inside a
    transaction: nothing is left half-made."""
    if conn.execute("SELECT 1 FROM clubs WHERE club = %s", (club,)).fetchone() is None:
        raise RoleError("not-found", f"no club '{club}' (a club exists once it has a token)")
    name = role_name(club)
    password = secrets.token_urlsafe(24)
    ident, secret = sql.Identifier(name), sql.Literal(password)
    mine = conn.execute("SELECT role_name FROM analyst_roles WHERE club = %s", (club,)).fetchone()
    exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
    if mine is not None:
        if not new_password:
            raise RoleError(
                "conflict",
                f"club '{club}' has a role already ({name}): give it a new password instead"
                " (--new-password; in the API, new_password: true)",
            )
        conn.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(ident, secret))
        return f"{name}:{password}"
    if new_password:
        raise RoleError("not-found", f"club '{club}' has no role yet: create it first")
    if exists is not None:
        raise RoleError("conflict", f"a database role {name} exists already and is not this club's")
    conn.execute(
        sql.SQL(
            "CREATE ROLE {} LOGIN PASSWORD {} NOSUPERUSER NOCREATEDB NOCREATEROLE"
            " NOREPLICATION CONNECTION LIMIT 20"
        ).format(ident, secret)
    )
    database = sql.Identifier(conn.info.dbname)
    conn.execute(sql.SQL("ALTER ROLE {} IN DATABASE {} SET default_transaction_read_only = on")
                 .format(ident, database))  # fmt: skip
    conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(database, ident))
    conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(ident))
    tables = sql.SQL(", ").join(sql.Identifier(t) for t in READABLE)
    conn.execute(sql.SQL("GRANT SELECT ON {} TO {}").format(tables, ident))
    conn.execute(sql.SQL("GRANT SELECT ON analyst_roles TO {}").format(ident))
    # the names (through player_names), never the licences nor the matching keys
    conn.execute(
        sql.SQL(
            "GRANT SELECT (player_id, club, display_name, merged_into, erased_at) ON players TO {}"
        ).format(ident)
    )
    conn.execute(
        "INSERT INTO analyst_roles (role_name, club, created_by) VALUES (%s, %s, %s)",
        (name, club, by),
    )
    return f"{name}:{password}"


def roles_of(conn: Connection[Any], club: str) -> list[dict[str, Any]]:
    """The analyst roles of ``club`` (none or one), without any secret."""
    rows = conn.execute(
        "SELECT role_name, club, created_at, created_by FROM analyst_roles WHERE club = %s"
        " ORDER BY role_name",
        (club,),
    ).fetchall()
    return [
        {"role": r[0], "club": r[1], "created_at": r[2].isoformat(), "created_by": r[3]}
        for r in rows
    ]


def drop_role(conn: Connection[Any], club: str, role: str | None = None) -> str:
    """Drop the analyst role of ``club`` (its grants with it); ``role``, when given, must
    be that role's name."""
    row = conn.execute("SELECT role_name FROM analyst_roles WHERE club = %s", (club,)).fetchone()
    if row is None or (role is not None and row[0] != role):
        named = f" {role}" if role is not None else ""
        raise RoleError("not-found", f"club '{club}' has no analyst role{named}")
    ident = sql.Identifier(row[0])
    conn.execute("DELETE FROM analyst_roles WHERE club = %s", (club,))
    conn.execute(sql.SQL("DROP OWNED BY {}").format(ident))
    conn.execute(sql.SQL("DROP ROLE {}").format(ident))
    return str(row[0])


def role_url(app_url: str, credentials: str, tcp_port: int | None) -> str:
    """The connection URL of a role: the application's URL with the role's name and
    password; on the embedded server with ``tcp_port``, its TCP address instead of the
    socket.

    >>> role_url("postgresql://postgres:@/coinche?host=/d/pg", "analyst_x:pw", 5433)
    'postgresql://analyst_x:pw@127.0.0.1:5433/coinche'
    >>> role_url("postgresql://app:s@db.example:5432/coinche", "analyst_x:pw", None)
    'postgresql://analyst_x:pw@db.example:5432/coinche'
    """
    parts = urlsplit(app_url)
    user, _, password = credentials.partition(":")
    userinfo = f"{quote(user, safe='')}:{quote(password, safe='')}"
    host = parts.hostname or ""
    if "host=" in parts.query and tcp_port is not None:
        return urlunsplit(parts._replace(netloc=f"{userinfo}@127.0.0.1:{tcp_port}", query=""))
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{userinfo}@{host}{port}"))
