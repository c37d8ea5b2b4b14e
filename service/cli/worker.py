"""``coinche worker``: run a Celery worker for audits, statistics and imports.

The worker builds the Flask app from the environment (``DATABASE_URL``,
``COINCHE_DATA_DIR``, ``CELERY_BROKER_URL``), so it reaches the same database and
broker as ``coinche serve``, and runs the Celery app of the composition root (as
``celery -A service.worker worker`` does). ``--beat`` also runs the periodic
statistics refresh (run it in exactly one worker of a fleet, or run
``celery -A service.worker beat``).
"""

from __future__ import annotations

import os

import click
from flask.cli import ScriptInfo

from service.bootstrap import services
from workers.celery_app import worker_argv
from workers.settings import broker_dir, broker_url, setting

__all__ = ["worker", "worker_argv"]


@click.command("worker")
@click.option("--concurrency", "-c", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: the number of cores).")  # fmt: skip
@click.option("--queues", "-Q", default=None,
              help="Queues to consume (default: COINCHE_QUEUE, else coinche).")  # fmt: skip
@click.option(
    "--loglevel",
    "-l",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"], case_sensitive=False),
)
@click.option("--beat", is_flag=True, help="Also run the periodic statistics refresh.")
@click.pass_obj
def worker(
    info: ScriptInfo, concurrency: int | None, queues: str | None, loglevel: str, beat: bool
) -> None:
    """Run a Celery worker (audits, statistics, imports) on this machine; it stops
    cleanly (after its running tasks) on one SIGTERM."""
    app = info.load_app()
    queues = queues or str(setting(app, "CELERY_QUEUE"))
    filesystem = broker_url(app) is None
    schedule = str(broker_dir(app).parent / "celerybeat-schedule")
    argv = worker_argv(
        concurrency or os.cpu_count() or 1, queues, loglevel.upper(), beat, filesystem, schedule
    )
    services(app).celery.worker_main(argv=argv)
