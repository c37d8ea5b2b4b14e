"""The connection pool shared by a process (one per API or worker process).

Connections are in autocommit mode: the store opens explicit transactions
(``with conn.transaction():``) where it needs them, so a read never leaves a
transaction open on a pooled connection. Their ``jsonb`` results are parsed by
:func:`events.store.jsonb.loads`.
"""

from __future__ import annotations

import select
import threading
from typing import Any

from psycopg import Connection, OperationalError
from psycopg.pq import TransactionStatus
from psycopg.rows import TupleRow
from psycopg_pool import ConnectionPool

from events.store.config import Settings, database_url
from events.store.jsonb import use_fast_loads

Pool = ConnectionPool[Connection[TupleRow]]


def make_pool(
    url: str,
    *,
    min_size: int = 1,
    max_size: int = 10,
    name: str = "coinche",
    timeout: float = 10.0,
) -> Pool:
    """Open a pool on ``url`` and wait until its first connection works.

    Each connection is checked when it is handed out (:func:`check_alive`), so a
    connection that died with a database restart is replaced instead of failing a
    request; a caller waits at most ``timeout`` seconds for one (``PoolTimeout``, an
    ``OperationalError``, after that).

    A restart kills every idle connection at once, and the pool tries the next one
    only after a growing pause (1 s, 2 s, 4 s…, psycopg_pool's backoff against busy
    loops): with ten dead connections the first request after a restart would wait
    past ``timeout``. So the first dead connection found also sweeps the others out
    (:meth:`ConnectionPool.check`, in the background): the next try gets a new one.
    """
    sweeping = threading.Lock()

    def sweep() -> None:
        try:
            pool.check()
        finally:
            sweeping.release()

    def check(conn: Connection[Any]) -> None:
        try:
            check_alive(conn)
        except Exception:  # whatever the check raised, the pool discards it
            if sweeping.acquire(blocking=False):
                threading.Thread(target=sweep, name=f"{name}-sweep", daemon=True).start()
            raise

    pool: Pool = ConnectionPool(
        url,
        min_size=min_size,
        max_size=max_size,
        kwargs={"autocommit": True},
        name=name,
        timeout=timeout,
        check=check,
        configure=use_fast_loads,
        open=True,
    )
    pool.wait(timeout=30.0)
    return pool


def pool_from_settings(settings: Settings) -> Pool:
    """The pool for ``settings``: ``DATABASE_URL``, or the embedded server."""
    return make_pool(
        database_url(settings), min_size=settings.pool_min_size, max_size=settings.pool_max_size
    )


def check_alive(conn: Connection[Any]) -> None:
    """Raise unless ``conn`` can be handed out, with a round trip only when in doubt.

    An idle connection has nothing to read: when the server ends it (a restart, a
    terminated backend, a server that died) the kernel makes its socket readable (the
    server's last message, or the end of the stream). So an idle connection whose
    socket has nothing waiting is handed out as is, and any other is asked a query
    (``ConnectionPool.check_connection``), which raises when it is dead: the pool then
    opens another. What this cannot see, a peer gone without a word (a cut cable), a
    round trip would see only after TCP's own timeout too; the request then fails
    with 503 like any database failure."""
    if conn.closed or conn.broken:
        raise OperationalError("the connection is closed")
    if conn.pgconn.transaction_status == TransactionStatus.IDLE:
        poller = select.poll()  # not select(): a process may hold descriptors past 1024
        poller.register(conn.fileno(), select.POLLIN)
        if not poller.poll(0):  # nothing to read, no hang-up, no error
            return
    ConnectionPool.check_connection(conn)
