"""The Celery app, bound to the Flask app's config (Flask's ``examples/celery`` habit).

There is no result backend: a job's status, progress and results live in
PostgreSQL (:mod:`workers.jobs`). With ``CELERY_BROKER_URL`` unset, messages go
through kombu's *filesystem* transport in ``<DATA_DIR>/broker`` (no server to run;
the README's "Running a worker fleet" explains the choice); ``redis://`` or
``amqp://`` URLs switch to a real broker without code changes.

Settings (Flask config key, else environment variable, else default):

| key | env | default |
|---|---|---|
| ``CELERY_BROKER_URL`` | ``CELERY_BROKER_URL`` | filesystem broker |
| ``CELERY_BROKER_DIR`` | ``COINCHE_BROKER_DIR`` | ``<DATA_DIR>/broker`` |
| ``JOBS_CHUNK_SIZE`` | ``COINCHE_CHUNK_SIZE`` | 100 games per chunk |
| ``STATS_REFRESH_SECONDS`` | ``COINCHE_STATS_REFRESH`` | 60 (the periodic statistics update) |
| ``JOBS_STALE_SECONDS`` | ``COINCHE_JOBS_STALE`` | 900: a running job idle that long is resumed |
| ``JOBS_CHUNK_DELAY`` | ``COINCHE_CHUNK_DELAY`` | 0 s before a chunk commits (fault tests) |
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from celery import Celery, Task
from flask import Flask

QUEUE = "coinche"
DEFAULTS: dict[str, tuple[str, Any]] = {
    "CELERY_BROKER_DIR": ("COINCHE_BROKER_DIR", None),
    "JOBS_CHUNK_SIZE": ("COINCHE_CHUNK_SIZE", 100),
    "STATS_REFRESH_SECONDS": ("COINCHE_STATS_REFRESH", 60),
    "JOBS_CHUNK_DELAY": ("COINCHE_CHUNK_DELAY", 0.0),
    "JOBS_STALE_SECONDS": ("COINCHE_JOBS_STALE", 900),
}


def setting(app: Flask, key: str) -> Any:
    """A worker setting: the Flask config, else its environment variable, else its default."""
    if app.config.get(key) is not None:
        return app.config[key]
    env, default = DEFAULTS[key]
    raw = os.environ.get(env)
    if raw is None:
        return default
    return type(default)(raw) if default is not None else raw


def broker_dir(app: Flask) -> Path:
    found = setting(app, "CELERY_BROKER_DIR")
    return Path(found) if found else Path(app.config.get("DATA_DIR") or ".coinche-data") / "broker"


def celery_config(app: Flask) -> dict[str, Any]:
    url = app.config.get("CELERY_BROKER_URL")
    conf: dict[str, Any] = {
        "broker_url": url or "filesystem://",
        "result_backend": None,
        "task_ignore_result": True,
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "task_default_queue": QUEUE,
        "broker_connection_retry_on_startup": True,
        "worker_hijack_root_logger": False,
        "beat_schedule": {
            "refresh-statistics": {
                "task": "workers.tasks.refresh_stats",
                "schedule": float(setting(app, "STATS_REFRESH_SECONDS")),
            },
            "resume-stalled-jobs": {"task": "workers.tasks.resume_stalled", "schedule": 60.0},
        },
    }
    if not url:
        folder = broker_dir(app).resolve()
        for sub in ("queue", "control"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
        conf["broker_transport_options"] = {
            "data_folder_in": str(folder / "queue"),
            "data_folder_out": str(folder / "queue"),
            "control_folder": str(folder / "control"),
            "store_processed": False,
            "polling_interval": 0.05,
        }
        conf["worker_enable_remote_control"] = False  # no broadcast over files
    elif url.startswith("redis"):
        conf["broker_transport_options"] = {"visibility_timeout": 3600}
    return conf


def celery_init_app(app: Flask) -> Celery:
    """A Celery app whose tasks run inside the Flask app's context; kept in
    ``app.extensions["celery"]`` (once per Flask app)."""
    if "celery" in app.extensions:
        found: Celery = app.extensions["celery"]
        return found

    class FlaskTask(Task):  # type: ignore[misc]
        def __call__(self, *args: object, **kwargs: object) -> object:
            with app.app_context():
                return self.run(*args, **kwargs)

    celery_app = Celery(app.name, task_cls=FlaskTask)
    celery_app.config_from_object(celery_config(app))
    # Not ``set_default()`` (Flask's example does it): a worker's thread pool resolves tasks
    # through the default app, so a second Flask app made in the same process (tests) would
    # run them in its own context. Tasks are always sent through an explicit app here.
    app.extensions["celery"] = celery_app
    import workers.tasks  # noqa: F401  (registers the shared tasks)

    return celery_app
