"""``coinche replay GAME`` and ``coinche verify GAME|--all``: games read from the store."""

from __future__ import annotations

import json
import sys
import uuid
from typing import IO

import click
from flask import current_app
from flask.cli import with_appcontext

from events.anchor.checkpoints import from_document
from events.errors import GameNotFound
from i18n.catalogues import LANGUAGES, SOURCE, translations
from projections.address import parse_at
from projections.entries import Entry, from_stored
from projections.fold import fold, states
from projections.state import GameState
from rules.cards import CardSet
from rules.deal import Phase
from service.bootstrap import services
from service.cli.replay_table import deal_table
from service.representations import chain_json
from workers.anchoring import verify_anchors


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
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=SOURCE,
    show_default=True,
    help="Language of the table's words.",
)
@with_appcontext
def replay(game: str, deal: int | None, at: str | None, lang: str) -> None:
    """Print one deal of GAME as a table: hands, auction, tricks and score."""
    entries = _entries(_game_id(game))
    state = pick(entries, deal, at)
    shown = state.game.deal if state.game is not None else None
    if shown is None:
        click.echo(translations(lang).gettext("No deal has started yet."))
        return
    record = next((r for r in state.game.records if r.number == shown.number), None)  # type: ignore[union-attr]
    totals = state.game.totals  # type: ignore[union-attr]
    heading = translations(lang).gettext("Game {game} · version {version} · {status}")
    click.echo(heading.format(game=game, version=state.version, status=state.status))
    click.echo(deal_table(shown, dealt_hands(entries, state), record, totals, lang))


@click.command("verify")
@click.argument("game", required=False)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every game: its chain, and its head against the last checkpoint.",
)
@click.option(
    "--checkpoint",
    "kept",
    type=click.File("r", encoding="utf-8"),
    default=None,
    help="With --all: check against this exported checkpoint file instead.",
)
@click.option("--club", default=None, help="With --all: only this club's games.")
@with_appcontext
def verify(game: str | None, every: bool, kept: IO[str] | None, club: str | None) -> None:
    """Recompute GAME's hash chain, or with --all check every game against the last
    checkpoint (truncated, rewound, rehashed, deleted games are named); exit 1 if
    anything is wrong."""  # fmt: skip
    if every == (game is not None):
        raise click.UsageError("give a GAME or --all")
    if every:
        anchor = None
        if kept is not None:
            try:
                anchor = from_document(json.load(kept))
            except ValueError as e:
                raise click.BadParameter(str(e), param_hint="--checkpoint") from None
        found = verify_anchors(current_app, anchor, club, chains=True)
        click.echo(json.dumps(found.document(), indent=2))
        if not found.ok:
            sys.exit(1)
        return
    assert game is not None
    try:
        report = services(current_app).store.verify(_game_id(game))
    except GameNotFound:
        raise click.ClickException(f"no game {game}") from None
    click.echo(json.dumps(chain_json(report), indent=2))
    if not report.ok:
        sys.exit(1)
