"""``coinche serve``: gunicorn with pre-forked worker processes, each with threads.

Why gunicorn: it is the production WSGI server most deployments of Flask use on
Linux; its master process restarts workers that die and applies new settings on
``SIGHUP``; its pre-fork model gives one Python interpreter (one GIL, one
connection pool) per worker, so several cores serve requests at once. The
``gthread`` worker adds a few threads per process, so that long-poll feed streams
(up to 300 s) wait in a thread instead of holding a whole process, and a slow
request is not killed by the worker timeout (which, for ``gthread``, watches the
process, not the request). Waitress (threads only, in one process) would keep
every request behind one GIL. gunicorn needs ``fork``: Linux and macOS, not Windows
(use ``coinche serve --dev`` there).

Migrations run once in the master, before forking; each worker opens its own
pool lazily (see :mod:`service.bootstrap`).
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication  # type: ignore[import-untyped]


def default_workers() -> int:
    return 2 * (os.cpu_count() or 1)


class Server(BaseApplication):  # type: ignore[misc]
    """gunicorn serving an app object already made (no import string, no config file)."""

    def __init__(self, app: Flask, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Flask:
        return self.application


def options(
    bind: str, workers: int, threads: int, timeout: int, access_log: bool
) -> dict[str, Any]:
    return {
        "bind": bind,
        "workers": workers,
        "worker_class": "service.cli.guard.GuardedWorker",  # gthread, with read deadlines
        "threads": threads,
        "timeout": timeout,
        "graceful_timeout": 10,
        "keepalive": 5,
        "proc_name": "coinche",
        "accesslog": "-" if access_log else None,
    }
