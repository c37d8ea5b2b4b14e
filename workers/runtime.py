"""What one process shares: the connection pool, the event store, the judgement.

Both the API and the Celery workers run inside a Flask app (its config is the one
configuration), so the process runtime lives here, below ``service``: the API
imports it from :mod:`service.extensions`, the workers directly.

Opened lazily on first use (``coinche --help`` and the offline commands never
touch a database) and closed when the process exits. The services belong to the
process that opened them: after a ``fork`` (gunicorn's pre-fork workers) a child
opens its own pool instead of sharing the parent's sockets.
"""

from __future__ import annotations

import atexit
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

from flask import Flask, current_app

from events.config import Settings, database_url
from events.games import GameRow
from events.migrate import migrate
from events.pool import Pool, make_pool
from events.store import EventStore
from projections.judgement import Judgement


class Owners:
    """Who owns each game (its row as first read): a game's club and visibility never
    change, so a write's access check needs no query after the first one."""

    def __init__(self, size: int = 4096) -> None:
        self._rows: OrderedDict[UUID, GameRow] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def row(self, store: EventStore, game_id: UUID) -> GameRow:
        with self._lock:
            found = self._rows.get(game_id)
        if found is None:
            found = store.game(game_id)  # GameNotFound: not cached
            with self._lock:
                self._rows[game_id] = found
                while len(self._rows) > self._size:
                    self._rows.popitem(last=False)
        return found


@dataclass
class Services:
    pool: Pool
    store: EventStore
    judgement: Judgement
    url: str
    owners: Owners = field(default_factory=Owners)
    pid: int = field(default_factory=os.getpid)


_lock = threading.Lock()


def database_url_of(app: Flask) -> str:
    settings = Settings(
        database_url=app.config["DATABASE_URL"], data_dir=Path(app.config["DATA_DIR"])
    )
    return database_url(settings)


def services(app: Flask | None = None) -> Services:
    """The process's services for ``app`` (the current app by default)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("coinche")
    if found is not None and found.pid == os.getpid():
        return found  # type: ignore[no-any-return]
    with _lock:
        found = app.extensions.get("coinche")
        if found is None or found.pid != os.getpid():
            url = database_url_of(app)
            migrate(url)
            pool = make_pool(url, max_size=app.config["POOL_MAX"])
            atexit.register(pool.close)
            found = Services(pool, EventStore(pool), Judgement(), url)
            app.extensions["coinche"] = found
    return found
