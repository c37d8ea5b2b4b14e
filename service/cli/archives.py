"""``coinche import FILE`` and ``coinche export``: NDJSON archives, with progress bars.

``import`` also takes one game's event file (what ``coinche score`` reads), recognised
by its first line being an event rather than an archive line, and says which it read.
An import judges every game by the rules (strict games with a breach are refused,
record games keep theirs) and records ``--recorded-by`` for events that do not
name who recorded them. Refused lines are listed on stderr and make the exit
status 2; the summary is printed as JSON.
"""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

import click
from flask import current_app
from flask.cli import with_appcontext
from tqdm import tqdm

from events.store.bulk_export import export_lines
from events.store.bulk_write import ImportSummary
from events.store.games import GameFilter
from service.bootstrap import services
from service.cli.event_files import is_event_file, read_event_file
from service.players.registry import player_keys
from service.representations import summary_json

STATUSES = click.Choice(("live", "finished", "abandoned"))


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--recorded-by", default="cli:import", show_default=True,
              help="Who recorded the events that do not say.")  # fmt: skip
@with_appcontext
def import_(file: Path, recorded_by: str) -> None:
    """Import FILE: an NDJSON archive (one game per line) or one game's event file (one
    event per line, GameCreated first: what `coinche score` reads). Says which it read."""
    s = services(current_app)
    if is_event_file(file):
        events, errors = read_event_file(file)
        click.echo(f"{file}: read as one game's event file ({len(events)} events)", err=True)
        for number, message in errors:
            click.echo(f"{file}:{number}: {message}", err=True)
        if errors:
            click.echo("nothing imported: the file has errors", err=True)
            sys.exit(2)
        line = json.dumps({"game": str(uuid.uuid4()), "events": events}, ensure_ascii=False)
        summary = s.store.import_ndjson(
            [line], check=s.judgement, recorded_by=recorded_by, progress=False
        )
        for _line, game, reason in summary.refused:
            click.echo(f"{file}: {game or '-'}: {reason}", err=True)
        _finish(summary, "events")
        return
    click.echo(f"{file}: read as an archive (one game per line)", err=True)
    with (
        open(file, "rb") as handle,
        tqdm(
            total=file.stat().st_size, unit="B", unit_scale=True, desc="importing", file=sys.stderr
        ) as bar,
    ):

        def lines() -> Iterator[bytes]:
            for line in handle:
                bar.update(len(line))
                yield line

        summary = s.store.import_ndjson(
            lines(), check=s.judgement, recorded_by=recorded_by, progress=False
        )
    for number, game, reason in summary.refused:
        click.echo(f"{file}:{number}: {game or '-'}: {reason}", err=True)
    _finish(summary, "archive")


def _finish(summary: ImportSummary, read: str) -> None:
    """Print the summary (with what the file was read as); exit 2 when a game was refused."""
    click.echo(json.dumps({**summary_json(summary), "read": read}))
    if summary.refused:
        sys.exit(2)


@click.command("export")
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-",
              help="The archive to write (default: standard output).")  # fmt: skip
@click.option("--club")
@click.option("--player", help="A player's roster id, or a name (every entry it matches).")
@click.option("--profile")
@click.option("--status", type=STATUSES)
@click.option("--from", "from_", type=click.DateTime(), help="Games created from this date.")
@click.option("--to", type=click.DateTime(), help="Games created before this date.")
@click.option("--game", "games", multiple=True, type=click.UUID, help="Repeat for several.")
@with_appcontext
def export(
    output: IO[str],
    club: str | None,
    player: str | None,
    profile: str | None,
    status: str | None,
    from_: datetime | None,
    to: datetime | None,
    games: tuple[uuid.UUID, ...],
) -> None:
    """Export games as an NDJSON archive (all games, or those matching the options)."""
    store = services(current_app).store
    players = None
    if player is not None:
        with store.pool.connection() as conn:
            players = player_keys(conn, player)
    where = GameFilter(
        club=club, players=players, profile=profile, status=status,  # type: ignore[arg-type]
        created_from=_utc(from_), created_to=_utc(to), game_ids=list(games) or None, limit=None,
    )  # fmt: skip
    ids = [row.game_id for row in store.games(where)]
    with tqdm(total=len(ids), unit=" games", desc="exporting", file=sys.stderr) as bar:
        for start in range(0, len(ids), 200):
            chunk = ids[start : start + 200]
            for line in export_lines(store.pool, chunk):
                output.write(line)
            bar.update(len(chunk))
    click.echo(f"exported {len(ids)} games", err=True)


def _utc(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment
