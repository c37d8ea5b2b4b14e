"""The ``coinche`` command line."""

from __future__ import annotations

import click

from service.cli_offline import audit, score


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """coinche-log: record, replay, audit and score Coinche games."""


main.add_command(score)
main.add_command(audit)
