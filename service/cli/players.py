"""``coinche players …``: a club's roster from the command line (an admin's tool).

``list`` and ``merge`` do what the API does; ``adopt`` links the names of games recorded
before the roster to roster entries, after showing what it proposes.
"""

from __future__ import annotations

import json
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext

from service.bootstrap import services
from service.players import adoption, erasure, registry
from service.players.personal_data import personal_data
from service.players.registry import RosterError


def fail(error: RosterError) -> click.ClickException:
    return click.ClickException(str(error.detail))


@click.group("players")
def players() -> None:
    """List, merge, adopt, erase and export the players of a club's roster."""


@players.command("list")
@click.argument("club")
@click.option("--search", "-q", help="Names matching this (case, accents, spaces ignored).")
@click.option("--all", "everyone", is_flag=True, help="Merged and erased entries too.")
@with_appcontext
def list_(club: str, search: str | None, everyone: bool) -> None:
    """One JSON line per player of CLUB."""
    with services(current_app).pool.connection() as conn:
        if conn.execute("SELECT 1 FROM clubs WHERE club = %s", (club,)).fetchone() is None:
            raise click.ClickException(f"no club '{club}'")
        after = None
        while True:
            try:
                page = registry.listing(conn, club, search, after, 500, everyone)
            except RosterError as error:
                raise fail(error) from None
            for player in page:
                click.echo(json.dumps(player.json(), ensure_ascii=False))
            if len(page) < 500:
                return
            after = page[-1].player_id


@players.command("merge")
@click.argument("duplicate")
@click.option("--into", "kept", required=True, help="The id of the entry kept.")
@click.option("--by", default="cli", show_default=True, help="Who merges (kept in the history).")
@with_appcontext
def merge(duplicate: str, kept: str, by: str) -> None:
    """Merge the entry DUPLICATE into another of the same club."""
    with services(current_app).pool.connection() as conn, conn.transaction():
        found = registry.get(conn, duplicate)
        if found is None:
            raise click.ClickException(f"no player {duplicate}")
        try:
            done: dict[str, Any] = registry.merge(conn, found.club, duplicate, kept, by)
        except RosterError as error:
            raise fail(error) from None
    click.echo(json.dumps(done))


@players.command("adopt")
@click.argument("club")
@click.option("--apply", "apply_", is_flag=True, help="Apply the proposals (else only show them).")
@click.option(
    "--choose",
    "choices",
    multiple=True,
    metavar="NAME=ID|new",
    help="Settle a name: link it to player ID, or to a new entry. Repeatable.",
)
@click.option("--by", default="cli", show_default=True, help="Who adopts (kept in the history).")
@with_appcontext
def adopt(club: str, apply_: bool, choices: tuple[str, ...], by: str) -> None:
    """Link the names of CLUB's games recorded before the roster to roster entries.

    Prints one JSON line per name (its spellings, games, and the proposed action: link,
    create, or ambiguous with the candidates); with --apply, links them, unless a name
    is still ambiguous (exit 2, nothing changed: settle it with --choose).
    """
    chosen: dict[str, str] = {}
    for choice in choices:
        name, sep, target = choice.rpartition("=")
        if not sep or not name.strip() or not target:
            raise click.BadParameter("use NAME=ID or NAME=new", param_hint="--choose")
        if name in chosen:
            raise click.BadParameter(f"'{name}' is chosen twice", param_hint="--choose")
        chosen[name] = target
    with services(current_app).pool.connection() as conn, conn.transaction():
        for proposal in adoption.propose(conn, club):
            click.echo(json.dumps(proposal.json(), ensure_ascii=False))
        if not apply_:
            if chosen:
                raise click.UsageError("--choose settles names for --apply: add --apply")
            return
        try:
            done = adoption.adopt(conn, club, chosen, by)
        except RosterError as error:
            click.echo(f"Error: {error.detail} (nothing was changed)", err=True)
            raise SystemExit(2) from None
    click.echo(json.dumps(done))


@players.command("erase")
@click.argument("player_id")
@click.option("--by", required=True, help="Who erases (recorded with the erasure).")
@with_appcontext
def erase(player_id: str, by: str) -> None:
    """Erase PLAYER_ID's personal data everywhere it is kept; print the erasure's record.

    The games stay, their hash chains intact; the player reads "erased player"."""
    with services(current_app).pool.connection() as conn, conn.transaction():
        found = registry.get(conn, player_id)
        if found is None:
            raise click.ClickException(f"no player {player_id}")
        try:
            done = erasure.erase(conn, found.club, player_id, by)
        except RosterError as error:
            raise fail(error) from None
    click.echo(json.dumps(done))


@players.command("export")
@click.argument("player_id")
@with_appcontext
def export(player_id: str) -> None:
    """Right of access: everything kept about PLAYER_ID, as one JSON document."""
    with services(current_app).pool.connection() as conn:
        found = registry.get(conn, player_id)
        if found is None:
            raise click.ClickException(f"no player {player_id}")
        doc = personal_data(conn, found.club, player_id)
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2))
