"""The composition root (cosmicpython's ``bootstrap``): what every entry point shares.

:func:`bootstrap` runs once per Flask app, from :func:`service.app.create_app`, and
builds the database URL (starting the embedded server when there is no
``DATABASE_URL``), the write-side judgement, the Celery app bound to the Flask app
(with the workers' tasks registered), and the API's cache of game owners. Every
entry point receives them from here: the HTTP views and the CLI commands through
:func:`services`, the Celery tasks through the same object
(:func:`workers.runtime.runtime`), so the workers never import this package.

Nothing here migrates the database: ``coinche migrate``, ``coinche serve``'s
start-up and the test fixtures do (:func:`events.store.migrate.migrate`).

The connection pool is the one part made per process: a pool's threads and
sockets cannot cross a ``fork``, and gunicorn and Celery fork their workers after
the app is built. :attr:`Services.pool` is therefore opened on first use in each
process (the forking parent never opens one) and closed when that process exits.
"""

from __future__ import annotations

import atexit
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from celery import Celery
from flask import Flask, current_app

import workers.tasks  # noqa: F401  (registers the workers' tasks with every Celery app)
from events.store.config import Settings, database_url
from events.store.event_store import EventStore
from events.store.pool import Pool, make_pool
from events.store.tournaments import TournamentStore
from projections.judgement import Judgement
from service.owners import Owners
from workers.celery_app import celery_init_app
from workers.runtime import EXTENSION


@dataclass(frozen=True, slots=True)
class _Opened:
    pid: int
    pool: Pool
    store: EventStore


@dataclass
class Services:
    url: str
    pool_max: int
    judgement: Judgement
    celery: Celery
    owners: Owners = field(default_factory=Owners)
    pool_timeout: float = 10.0  # seconds a request waits for a connection, then its 503
    _opened: _Opened | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def pool(self) -> Pool:
        return self._process().pool

    @property
    def store(self) -> EventStore:
        return self._process().store

    @property
    def tournaments(self) -> TournamentStore:
        """The tournament streams, on this process's pool."""
        return TournamentStore(self._process().pool)

    def _process(self) -> _Opened:
        opened = self._opened
        if opened is not None and opened.pid == os.getpid():
            return opened
        with self._lock:
            opened = self._opened
            if opened is None or opened.pid != os.getpid():
                pool = make_pool(self.url, max_size=self.pool_max, timeout=self.pool_timeout)
                atexit.register(pool.close)
                opened = self._opened = _Opened(os.getpid(), pool, EventStore(pool))
        return opened

    def close(self) -> None:
        """Close this process's pool, if it opened one."""
        opened = self._opened
        if opened is not None and opened.pid == os.getpid():
            opened.pool.close()


def database_url_of(app: Flask) -> str:
    """The app's database: ``DATABASE_URL``, or the embedded server in ``DATA_DIR``."""
    settings = Settings(
        database_url=app.config["DATABASE_URL"],
        data_dir=Path(app.config["DATA_DIR"]),
        pg_port=app.config.get("PG_PORT"),
    )
    return database_url(settings)


def bootstrap(app: Flask) -> Services:
    """Build ``app``'s services once and keep them in ``app.extensions``."""
    found: Services | None = app.extensions.get(EXTENSION)
    if found is None:
        found = Services(
            url=database_url_of(app),
            pool_max=int(app.config["POOL_MAX"]),
            judgement=Judgement(),
            celery=celery_init_app(app),
            pool_timeout=float(app.config.get("POOL_TIMEOUT") or 10),
        )
        app.extensions[EXTENSION] = found
    return found


def services(app: Flask | None = None) -> Services:
    """The services :func:`bootstrap` built for ``app`` (the current app by default)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found: Services = app.extensions[EXTENSION]
    return found
