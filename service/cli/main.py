"""The ``coinche`` command line: Flask's CLI base (``FlaskGroup``) with the project's commands.

Commands that need the database get the app (:func:`service.app.create_app`, hence
its services) through Flask's ``ScriptInfo``; ``score`` and ``audit`` are offline
and never build the app nor open a connection.
"""

from __future__ import annotations

from flask.cli import FlaskGroup

from service.app import create_app
from service.cli.analysis import analyse, solve
from service.cli.archives import export, import_
from service.cli.checkpoints import checkpoint
from service.cli.db_roles import db_role
from service.cli.demo import demo
from service.cli.games import replay, verify
from service.cli.offline import audit, score
from service.cli.players import players
from service.cli.serve import migrate, serve
from service.cli.tokens import token
from service.cli.tournaments import tournament
from service.cli.worker import worker

main = FlaskGroup(
    name="coinche",
    create_app=create_app,
    add_default_commands=False,
    load_dotenv=False,
    set_debug_flag=False,
    add_version_option=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="coinche-log: record, replay, audit and score Coinche games.",
)

for command in (serve, worker, migrate, token, import_, export, replay, verify, checkpoint, demo,
                score, audit, players, db_role, tournament, solve, analyse):  # fmt: skip
    main.add_command(command)
