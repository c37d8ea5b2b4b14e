"""``coinche serve`` (gunicorn, or ``--dev`` Flask's server) and ``coinche migrate``."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import ScriptInfo, with_appcontext

from events.store.migrate import migrate as apply_migrations
from service.bootstrap import services
from service.cli.embedded_worker import start_embedded_worker
from service.cli.served_url import BIND_ENV, DEFAULT_BIND
from service.cli.serving import Server, default_workers, options
from workers.settings import broker_url


@click.command("serve")
@click.option("--dev", is_flag=True, help="Flask's development server (one process, debugger on).")
@click.option("--bind", "-b", default=DEFAULT_BIND, envvar=BIND_ENV, show_default=True,
              show_envvar=True, help="HOST:PORT to listen on.")  # fmt: skip
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: 2 × CPU cores).")  # fmt: skip
@click.option("--threads", type=click.IntRange(min=1), default=4, show_default=True,
              help="Threads per worker process.")  # fmt: skip
@click.option("--timeout", type=click.IntRange(min=10), default=60, show_default=True,
              help="Seconds before a silent worker is restarted.")  # fmt: skip
@click.option("--access-log", is_flag=True, help="Log every request on stdout.")
@click.option("--no-worker", is_flag=True,
              help="Without a broker URL, do not start the embedded job worker.")  # fmt: skip
@click.pass_obj
def serve(
    info: ScriptInfo,
    dev: bool,
    bind: str,
    workers: int | None,
    threads: int,
    timeout: int,
    access_log: bool,
    no_worker: bool,
) -> None:
    """Serve the API (gunicorn, pre-forked workers with threads)."""
    app = info.load_app()
    host, _, port = bind.rpartition(":")
    if not host or not port.isdigit():
        raise click.BadParameter("write HOST:PORT, e.g. 127.0.0.1:8000", param_hint="--bind")
    apply_migrations(services(app).url)  # once, before any worker starts
    if not no_worker and broker_url(app) is None:
        start_embedded_worker(app)  # no broker configured: a job worker alongside
    if dev:
        app.run(host=host, port=int(port), debug=True, use_reloader=False, threaded=True)
        return
    count = workers or default_workers()
    click.echo(f"coinche serving on http://{bind} with {count} workers × {threads} threads")
    Server(app, options(bind, count, threads, timeout, access_log)).run()


@click.command("migrate")
@with_appcontext
def migrate() -> None:
    """Create or upgrade the database tables (also done by 'serve' at start-up)."""
    applied = apply_migrations(services(current_app).url)
    if applied:
        click.echo("applied migrations " + ", ".join(f"{v:04d}" for v in applied))
    else:
        click.echo("the database is up to date")
