"""The ``coinche`` command line: Flask's CLI base (``FlaskGroup``) with the project's commands.

Commands that need the database get the app (``create_app``) through Flask's
``ScriptInfo``; ``score`` and ``audit`` are offline and never open a connection.
``worker`` comes from the workers package when it is installed.
"""

from __future__ import annotations

import importlib

import click
from flask.cli import FlaskGroup

from service.app import create_app
from service.cli_archives import export, import_
from service.cli_demo import demo
from service.cli_games import replay, verify
from service.cli_offline import audit, score
from service.cli_serve import migrate, serve
from service.cli_tokens import token

main = FlaskGroup(
    name="coinche",
    create_app=lambda: create_app(),
    add_default_commands=False,
    load_dotenv=False,
    set_debug_flag=False,
    add_version_option=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="coinche-log: record, replay, audit and score Coinche games.",
)

for command in (serve, migrate, token, import_, export, replay, verify, demo, score, audit):
    main.add_command(command)


def _add_worker(group: click.Group) -> None:
    try:
        workers_cli = importlib.import_module("workers.cli")
    except ImportError:
        return
    worker = getattr(workers_cli, "worker", None)
    if isinstance(worker, click.Command):
        group.add_command(worker, "worker")


_add_worker(main)
