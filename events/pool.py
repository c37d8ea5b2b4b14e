"""The connection pool shared by a process (one per API or worker process).

Connections are in autocommit mode: the store opens explicit transactions
(``with conn.transaction():``) where it needs them, so a read never leaves a
transaction open on a pooled connection.
"""

from __future__ import annotations

from psycopg import Connection
from psycopg.rows import TupleRow
from psycopg_pool import ConnectionPool

from events.config import Settings, database_url

Pool = ConnectionPool[Connection[TupleRow]]


def make_pool(url: str, *, min_size: int = 1, max_size: int = 10, name: str = "coinche") -> Pool:
    """Open a pool on ``url`` and wait until its first connection works."""
    pool: Pool = ConnectionPool(
        url,
        min_size=min_size,
        max_size=max_size,
        kwargs={"autocommit": True},
        name=name,
        open=True,
    )
    pool.wait(timeout=30.0)
    return pool


def pool_from_settings(settings: Settings) -> Pool:
    """The pool for ``settings``: ``DATABASE_URL``, or the embedded server."""
    return make_pool(
        database_url(settings), min_size=settings.pool_min_size, max_size=settings.pool_max_size
    )
