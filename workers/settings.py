"""The workers' settings, read in one place: the Flask config, else the environment.

Both the API and the workers run inside a Flask app whose config comes from the
environment (``service.config``); the keys below may also be set there, or in a
test's config, and otherwise come from their environment variable or default.

| key | env | default |
|---|---|---|
| ``CELERY_BROKER_URL`` | ``CELERY_BROKER_URL`` | unset: the filesystem broker |
| ``CELERY_BROKER_DIR`` | ``COINCHE_BROKER_DIR`` | ``<DATA_DIR>/broker`` |
| ``DATA_DIR`` | ``COINCHE_DATA_DIR`` | ``.coinche-data`` |
| ``JOBS_CHUNK_SIZE`` | ``COINCHE_CHUNK_SIZE`` | 100 games per chunk |
| ``STATS_REFRESH_SECONDS`` | ``COINCHE_STATS_REFRESH`` | 60 (the periodic statistics update) |
| ``JOBS_STALE_SECONDS`` | ``COINCHE_JOBS_STALE`` | 60: idle job: chunks sent again |
| ``JOBS_LEASE_SECONDS`` | ``COINCHE_JOBS_LEASE`` | 30: a chunk's lease, renewed by its worker |
| ``CHECKPOINT_EVERY`` | ``COINCHE_CHECKPOINT_EVERY`` | 3600 s between checkpoints (0: none) |
| ``CELERY_QUEUE`` | ``COINCHE_QUEUE`` | ``coinche``: the queue (deployments sharing a broker) |
| ``JOBS_CHUNK_DELAY`` | ``COINCHE_CHUNK_DELAY`` | 0 s before a chunk commits (fault tests) |

>>> from flask import Flask
>>> app = Flask("doc"); app.config["JOBS_CHUNK_SIZE"] = 3
>>> setting(app, "JOBS_CHUNK_SIZE"), broker_dir(app).name
(3, 'broker')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

DEFAULTS: dict[str, tuple[str, Any]] = {
    "CELERY_BROKER_URL": ("CELERY_BROKER_URL", None),
    "CELERY_BROKER_DIR": ("COINCHE_BROKER_DIR", None),
    "DATA_DIR": ("COINCHE_DATA_DIR", ".coinche-data"),
    "JOBS_CHUNK_SIZE": ("COINCHE_CHUNK_SIZE", 100),
    "STATS_REFRESH_SECONDS": ("COINCHE_STATS_REFRESH", 60),
    "JOBS_CHUNK_DELAY": ("COINCHE_CHUNK_DELAY", 0.0),
    "JOBS_STALE_SECONDS": ("COINCHE_JOBS_STALE", 60.0),
    "JOBS_LEASE_SECONDS": ("COINCHE_JOBS_LEASE", 30.0),
    "CHECKPOINT_EVERY": ("COINCHE_CHECKPOINT_EVERY", 3600.0),
    "CELERY_QUEUE": ("COINCHE_QUEUE", "coinche"),
}


def setting(app: Flask, key: str) -> Any:
    """A worker setting: the Flask config, else its environment variable, else its default."""
    if app.config.get(key) is not None:
        return app.config[key]
    env, default = DEFAULTS[key]
    raw = os.environ.get(env) or None
    if raw is None:
        return default
    return type(default)(raw) if default is not None else raw


def data_dir(app: Flask) -> Path:
    return Path(setting(app, "DATA_DIR"))


def broker_url(app: Flask) -> str | None:
    """``redis://…`` or ``amqp://…``; None for the embedded filesystem broker."""
    found = setting(app, "CELERY_BROKER_URL")
    return str(found) if found else None


def broker_dir(app: Flask) -> Path:
    found = setting(app, "CELERY_BROKER_DIR")
    return Path(found) if found else data_dir(app) / "broker"
