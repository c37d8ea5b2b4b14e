"""``coinche worker``: run a Celery worker for audits, statistics and imports.

The worker builds the Flask app from the environment (``DATABASE_URL``,
``COINCHE_DATA_DIR``, ``CELERY_BROKER_URL``), so it reaches the same database and
broker as ``coinche serve``. ``--beat`` also runs the periodic statistics refresh
(run it in exactly one worker of a fleet, or run ``celery -A workers.worker beat``).
"""

from __future__ import annotations

import os

import click

QUEUE = "coinche"


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


@click.command("worker")
@click.option("--concurrency", "-c", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: the number of cores).")  # fmt: skip
@click.option("--queues", "-Q", default=QUEUE, show_default=True, help="Queues to consume.")
@click.option(
    "--loglevel",
    "-l",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"], case_sensitive=False),
)
@click.option("--beat", is_flag=True, help="Also run the periodic statistics refresh.")
def worker(concurrency: int | None, queues: str, loglevel: str, beat: bool) -> None:
    """Run a Celery worker (audits, statistics, imports) on this machine."""
    from workers.celery_app import broker_dir
    from workers.worker import celery_app, flask_app

    filesystem = not flask_app.config.get("CELERY_BROKER_URL")
    schedule = str(broker_dir(flask_app).parent / "celerybeat-schedule")
    argv = worker_argv(
        concurrency or os.cpu_count() or 1, queues, loglevel.upper(), beat, filesystem, schedule
    )
    celery_app.worker_main(argv=argv)


if __name__ == "__main__":
    worker()
