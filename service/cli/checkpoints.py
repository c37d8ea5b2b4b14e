"""``coinche checkpoint take|list|export``: the signed anchors of every game's hash chain.

A club keeps (or publishes) an exported checkpoint file; ``coinche verify --all
--checkpoint FILE`` later checks the store against it, even if the checkpoints in the
database were removed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from events.anchor.checkpoints import checkpoints
from events.anchor.keys import fingerprint
from service.bootstrap import services
from workers.anchoring import take_checkpoint


@click.group("checkpoint")
def checkpoint() -> None:
    """Take, list and export the signed checkpoints that anchor every game."""


@checkpoint.command("take")
@with_appcontext
def take() -> None:
    """Anchor every game's head in a new checkpoint (its key is created the first time)."""
    made, carried = take_checkpoint(current_app)
    for game in carried:
        click.echo(f"game {game} went back since the last checkpoint: its anchor is kept",
                   err=True)  # fmt: skip
    summary = {"seq": made.seq, "games": made.games, "root": made.root, "digest": made.digest,
               "key": fingerprint(made.public_key)}  # fmt: skip
    click.echo(json.dumps(summary))


@checkpoint.command("list")
@with_appcontext
def list_() -> None:
    """Every checkpoint, oldest first (one JSON object a line)."""
    with services(current_app).pool.connection() as conn:
        for cp in checkpoints(conn):
            line = {"seq": cp.seq, "taken_at": cp.taken_at, "games": cp.games,
                    "digest": cp.digest, "key": fingerprint(cp.public_key)}  # fmt: skip
            click.echo(json.dumps(line))


@checkpoint.command("export")
@click.option("--seq", type=click.IntRange(min=1), default=None, help="Default: the last one.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file instead of stdout.")  # fmt: skip
@with_appcontext
def export(seq: int | None, output: Path | None) -> None:
    """Write a checkpoint as a small JSON file to keep or publish."""
    with services(current_app).pool.connection() as conn:
        found = checkpoints(conn)
    if seq is None:
        chosen = found[-1] if found else None
    else:
        chosen = next((cp for cp in found if cp.seq == seq), None)
    if chosen is None:
        raise click.ClickException("no such checkpoint" if seq else "no checkpoint yet")
    text = json.dumps(chosen.document(), indent=2) + "\n"
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        click.echo(f"checkpoint {chosen.seq} written to {output}", err=True)
