"""The Celery app, bound to the Flask app's config (Flask's ``examples/celery`` habit).

There is no result backend: a job's status, progress and results live in
PostgreSQL (:mod:`workers.jobs`). With ``CELERY_BROKER_URL`` unset, messages go
through kombu's *filesystem* transport in ``<DATA_DIR>/broker`` (no server to run;
the README's "Running a worker fleet" explains the choice); ``redis://`` or
``amqp://`` URLs switch to a real broker without code changes.

Settings are read by :mod:`workers.settings`. The tasks are registered by whoever
imports :mod:`workers.tasks` (the composition root, ``service.bootstrap``) and sent
by name (:mod:`workers.queue`), so this module never imports them.
"""

from __future__ import annotations

from typing import Any

from celery import Celery, Task
from flask import Flask

from workers.settings import broker_dir, broker_url, setting

QUEUE = "coinche"


def celery_config(app: Flask) -> dict[str, Any]:
    url = broker_url(app)
    conf: dict[str, Any] = {
        "broker_url": url or "filesystem://",
        "result_backend": None,
        "task_ignore_result": True,
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "task_default_queue": setting(app, "CELERY_QUEUE"),
        "broker_connection_retry_on_startup": True,
        "worker_hijack_root_logger": False,
        # the beat sleeps until its next task is due; waking every second lets a warm
        # shutdown (SIGTERM) end it at once instead of after up to a minute
        "beat_max_loop_interval": 1.0,
        "beat_schedule": {
            "refresh-statistics": {
                "task": "workers.tasks.refresh_stats",
                "schedule": float(setting(app, "STATS_REFRESH_SECONDS")),
            },
            # a third of a lease: a dead worker's chunk is sent again soon after it lapses
            "resume-stalled-jobs": {
                "task": "workers.tasks.resume_stalled",
                "schedule": float(setting(app, "JOBS_LEASE_SECONDS")) / 3,
            },
        },
    }
    every = float(setting(app, "CHECKPOINT_EVERY"))
    if every > 0:  # anchor every game's hash chain (README: Guarantees)
        conf["beat_schedule"]["take-checkpoint"] = {
            "task": "workers.tasks.take_checkpoint",
            "schedule": every,
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
    return celery_app


def worker_argv(
    concurrency: int, queues: str, loglevel: str, beat: bool, filesystem: bool, schedule: str
) -> list[str]:
    """The ``celery worker`` arguments (filesystem broker: no broadcast, so no gossip,
    mingle or heartbeat)."""
    argv = ["worker", f"--concurrency={concurrency}", f"--queues={queues}",
            f"--loglevel={loglevel}"]  # fmt: skip
    if filesystem:
        argv += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    if beat:
        argv += ["--beat", f"--schedule={schedule}"]
    return argv
