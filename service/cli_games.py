"""``coinche replay GAME`` and ``coinche verify GAME``: one game, read from the store."""

from __future__ import annotations

import json
import sys
import uuid

import click
from flask import current_app
from flask.cli import with_appcontext

from events.errors import GameNotFound
from projections.entries import Entry, from_stored
from projections.fold import fold, states
from projections.state import GameState
from rules.cards import CardSet
from rules.deal import Phase
from service.extensions import services
from service.replay import parse_at
from service.replay_table import deal_table
from service.representations import chain_json


def _game_id(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is not a game id (a UUID)") from None


def _entries(game: uuid.UUID) -> list[Entry]:
    try:
        return list(from_stored(services(current_app).store.read(game)))
    except GameNotFound:
        raise click.ClickException(f"no game {game}") from None


def pick(entries: list[Entry], deal: int | None, at: str | None) -> GameState:
    """The state to show: at ``at``; else the end of deal ``deal``; else the latest."""
    if at is not None:
        try:
            return fold(entries, parse_at(at))[0]
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--at") from None
    if deal is None:
        return fold(entries)[0]
    found = None
    for _entry, state in states(entries):
        current = state.game.deal if state.game is not None else None
        if current is not None and current.number == deal:
            found = state
    if found is None:
        raise click.BadParameter(f"the game has no deal {deal}", param_hint="--deal")
    return found


def dealt_hands(entries: list[Entry], state: GameState) -> tuple[CardSet, ...] | None:
    """The hands as dealt: recorded, or revealed by the deal's 32 cards (later in the log)."""
    deal = state.game.deal if state.game is not None else None
    if deal is None:
        return None
    if deal.hands is not None:
        return deal.hands
    for _entry, later in states(entries):
        d = later.game.deal if later.game is not None else None
        if d is not None and d.number == deal.number and d.phase is Phase.DONE:
            return d.played
    return None


@click.command("replay")
@click.argument("game")
@click.option("--deal", type=click.IntRange(min=1), help="The deal to show (default: the last).")
@click.option("--at", help="Stop at a version (12), a position (p345) or an address (3.5.2).")
@with_appcontext
def replay(game: str, deal: int | None, at: str | None) -> None:
    """Print one deal of GAME as a table: hands, auction, tricks and score."""
    entries = _entries(_game_id(game))
    state = pick(entries, deal, at)
    shown = state.game.deal if state.game is not None else None
    if shown is None:
        click.echo("No deal has started yet.")
        return
    record = next((r for r in state.game.records if r.number == shown.number), None)  # type: ignore[union-attr]
    totals = state.game.totals  # type: ignore[union-attr]
    click.echo(f"Game {game} · version {state.version} · {state.status}")
    click.echo(deal_table(shown, dealt_hands(entries, state), record, totals))


@click.command("verify")
@click.argument("game")
@with_appcontext
def verify(game: str) -> None:
    """Recompute GAME's hash chain; exit 1 if a link is broken."""
    try:
        report = services(current_app).store.verify(_game_id(game))
    except GameNotFound:
        raise click.ClickException(f"no game {game}") from None
    click.echo(json.dumps(chain_json(report), indent=2))
    if not report.ok:
        sys.exit(1)
