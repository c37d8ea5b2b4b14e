"""``coinche tournament …``: run a concours or a duplicate session from the terminal.

The same commands as the API (:mod:`service.tournaments`), recorded as ``cli``; a refused
command prints the tournament rule's id and why (exit 1) and stores nothing.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext

from events.store.tournaments import TournamentNotFound, TournamentStore
from projections.tournament import decide
from projections.tournament.documents import (
    STANDING_COLUMNS,
    boards_document,
    round_document,
    standings_document,
    tournament_document,
)
from rules.tournament.errors import TournamentError
from service import tournaments as running
from service.bootstrap import services
from workers.results import to_csv

BY = "cli"


@contextmanager
def _refusals() -> Iterator[None]:
    try:
        yield
    except TournamentError as error:
        raise click.ClickException(f"refused ({error.rule}): {error}") from None
    except TournamentNotFound as error:
        raise click.ClickException(str(error)) from None


def _store() -> TournamentStore:
    return services(current_app).tournaments


def _tid(text: str) -> uuid.UUID:
    try:
        return uuid.UUID(text)
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not a tournament id", param_hint="TOURNAMENT"
        ) from None


def _run(tid: str, command: Callable[..., Any], *args: Any) -> None:
    with _refusals():
        _, events = running.run(_store(), _tid(tid), BY, command, *args)
    for event_type, data in events:
        click.echo(json.dumps({"type": event_type, "data": data}, ensure_ascii=False))


@click.group("tournament")
def tournament() -> None:
    """Concours and duplicate sessions: register, draw, record, rank."""


@tournament.command("create")
@click.argument("club")
@click.argument("name")
@click.option(
    "--format",
    "fmt",
    default="concours",
    show_default=True,
    help="A format id, or a JSON format document.",
)
@with_appcontext
def create(club: str, name: str, fmt: str) -> None:
    """Create a tournament NAME for CLUB; print its id."""
    document: Any = fmt
    if fmt.lstrip().startswith("{"):
        try:
            document = json.loads(fmt)
        except ValueError as error:
            raise click.BadParameter(f"not JSON: {error}", param_hint="--format") from None
    with _refusals():
        tid, _ = running.create(_store(), name, club, document, BY)
    click.echo(str(tid))


@tournament.command("list")
@click.argument("club")
@with_appcontext
def list_(club: str) -> None:
    """CLUB's tournaments, newest first: id, version, name."""
    for row in _store().list(club):
        click.echo(f"{row.id}  v{row.version:<4} {row.created_at:%Y-%m-%d}  {row.name}")


@tournament.command("register")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("name")
@click.argument("players", nargs=2)
@with_appcontext
def register(tid: str, name: str, players: tuple[str, str]) -> None:
    """Register team NAME of two PLAYERS: roster ids (pl_…) of the club, or names."""
    with _refusals():
        _, events = running.register(_store(), _tid(tid), BY, name, list(players))
    for event_type, data in events:
        click.echo(json.dumps({"type": event_type, "data": data}, ensure_ascii=False))


@tournament.command("withdraw")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("team")
@click.option("--reason", default=None)
@with_appcontext
def withdraw(tid: str, team: str, reason: str | None) -> None:
    """Withdraw TEAM (its number) between rounds; its results stay."""
    _run(tid, decide.withdraw, team, reason)


@tournament.command("draw")
@click.argument("tid", metavar="TOURNAMENT")
@click.option(
    "--seed",
    type=click.IntRange(0, 2**62),
    default=None,
    help="The first round's random draw (and duplicate boards); default: a new one.",
)
@with_appcontext
def draw(tid: str, seed: int | None) -> None:
    """Draw the next round and print its table plan."""
    with _refusals():
        state, _ = running.run(
            _store(), _tid(tid), BY, decide.draw, running.new_seed() if seed is None else seed
        )
    _print_round(running.shown(_store(), round_document(state, state.rounds[-1])))


@tournament.command("result")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("round_number", metavar="ROUND", type=int)
@click.argument("table", type=int)
@click.argument("ns", type=int)
@click.argument("ew", type=int)
@click.option("--board", type=int, default=None, help="Duplicate: the board these marks are for.")
@with_appcontext
def result(tid: str, round_number: int, table: int, ns: int, ew: int, board: int | None) -> None:
    """Enter TABLE's final score NS EW in ROUND (or a board's marks)."""
    _run(tid, decide.record, round_number, table, {"NS": ns, "EW": ew}, board)


@tournament.command("correct")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("round_number", metavar="ROUND", type=int)
@click.argument("table", type=int)
@click.argument("ns", type=int)
@click.argument("ew", type=int)
@click.option("--reason", required=True)
@click.option("--board", type=int, default=None)
@with_appcontext
def correct(
    tid: str, round_number: int, table: int, ns: int, ew: int, reason: str, board: int | None
) -> None:
    """An arbiter's correction of TABLE's result in ROUND."""
    _run(tid, decide.correct, round_number, table, {"NS": ns, "EW": ew}, reason, board)


@tournament.command("link")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("round_number", metavar="ROUND", type=int)
@click.argument("table", type=int)
@click.argument("game")
@with_appcontext
def link(tid: str, round_number: int, table: int, game: str) -> None:
    """Link GAME (recorded in the store) to TABLE; a finished game's result comes with it."""
    store = _store()
    with _refusals():
        state = running.load(store, _tid(tid))
        try:
            game_id = uuid.UUID(game)
        except ValueError:
            raise click.BadParameter(f"{game!r} is not a game id", param_hint="GAME") from None
        _, events = running.link_game(
            store,
            services(current_app).store,
            _tid(tid),
            BY,
            state.club,
            round_number,
            table,
            game_id,
        )
    for event_type, data in events:
        click.echo(json.dumps({"type": event_type, "data": data}, ensure_ascii=False))


@tournament.command("show")
@click.argument("tid", metavar="TOURNAMENT")
@click.option("--round", "round_number", type=int, default=None, help="Default: the last one.")
@click.option("--json", "as_json", is_flag=True, help="The whole tournament as JSON.")
@with_appcontext
def show(tid: str, round_number: int | None, as_json: bool) -> None:
    """A round's table plan (or the whole tournament as JSON)."""
    with _refusals():
        state = running.load(_store(), _tid(tid))
    if as_json:
        doc = running.shown(_store(), tournament_document(state, tid))
        click.echo(json.dumps(doc, ensure_ascii=False, indent=1))
        return
    if not state.rounds:
        click.echo(f"{state.name}: {len(state.teams)} teams registered, no round drawn")
        return
    number = round_number or len(state.rounds)
    if not 1 <= number <= len(state.rounds):
        raise click.ClickException(f"round {number} is not drawn")
    _print_round(running.shown(_store(), round_document(state, state.rounds[number - 1])))


@tournament.command("standings")
@click.argument("tid", metavar="TOURNAMENT")
@click.option("--csv", "as_csv", is_flag=True, help="As CSV (for a spreadsheet).")
@click.option("--json", "as_json", is_flag=True, help="As JSON.")
@with_appcontext
def standings(tid: str, as_csv: bool, as_json: bool) -> None:
    """The ranking, best first."""
    with _refusals():
        state = running.load(_store(), _tid(tid))
    rows = running.shown(_store(), standings_document(state))
    if as_csv:
        click.echo(to_csv(rows, STANDING_COLUMNS), nl=False)
    elif as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        duplicate = state.format.duplicate
        click.echo(
            f"{'rank':>4}  {'team':<30} {'W':>2} {'D':>2} {'L':>2} "
            + (f"{'%':>7} {'IMPs':>7}" if duplicate else f"{'points':>7} {'diff':>6}")
        )
        for r in rows:
            figures = (
                f"{r['matchpoints']:>7.2f} {r['imps']:>7.2f}"
                if duplicate
                else f"{r['points_for']:>7} {r['difference']:>6}"
            )
            name = f"{r['team']}. {r['name']}" + (" (withdrawn)" if r["withdrawn"] else "")
            click.echo(
                f"{r['rank']:>4}  {name[:30]:<30} {r['wins']:>2} {r['draws']:>2} "
                f"{r['losses']:>2} {figures}"
            )


@tournament.command("boards")
@click.argument("tid", metavar="TOURNAMENT")
@click.argument("round_number", metavar="ROUND", type=int)
@with_appcontext
def boards(tid: str, round_number: int) -> None:
    """The hand records of a duplicate ROUND, as JSON."""
    with _refusals():
        state = running.load(_store(), _tid(tid))
    if not state.format.duplicate or not 1 <= round_number <= len(state.rounds):
        raise click.ClickException(f"no duplicate round {round_number}")
    doc = boards_document(state.rounds[round_number - 1])
    click.echo(json.dumps(doc, ensure_ascii=False, indent=1))


def _print_round(doc: dict[str, Any]) -> None:
    click.echo(f"round {doc['round']} ({doc['method']}, seed {doc['seed']})")
    for t in doc["tables"]:
        result = t["points"] if t["points"] is not None else ""
        click.echo(
            f"  table {t['table']:>3}: NS {t['ns']['team']}. {t['ns']['name']}  —  "
            f"EW {t['ew']['team']}. {t['ew']['name']}  (deals first: {t['first_dealer']})"
            f" {result}"
        )
    if doc["bye"]:
        click.echo(f"  bye: {doc['bye']['team']}. {doc['bye']['name']}")
    for a, b in doc["rematches"]:
        click.echo(f"  rematch (no draw without one): {a} - {b}")
