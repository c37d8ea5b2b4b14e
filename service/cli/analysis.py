"""``coinche solve FILE`` and ``coinche analyse FILE``: double-dummy analysis, offline.

Both read one game as NDJSON (``-`` for standard input), as ``coinche score`` does,
and print JSON; ``solve`` also reads a deal in colver's CFN notation (one line). A
file that cannot be read, a point that is not in the game, a deal whose hands were
not recorded: a message on standard error and exit status 1. The analysis package
(numba, numpy) is imported when one of them runs, not by every ``coinche`` command.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any, NoReturn

import click

from projections.address import parse_at
from projections.deals import deal_at, finished_deals
from projections.entries import Entry
from projections.offline import read_lines
from rules.errors import UnknownProfileError
from rules.registry import find_profile


def _dump(doc: object) -> None:
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2))


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(1)


def _entries(name: str, lines: list[str]) -> list[Entry]:
    entries, errors = read_lines(lines)
    if errors:
        for e in errors:
            click.echo(f"{name}:{e.line}: {e.message}", err=True)
        sys.exit(1)
    if not entries or entries[0].type != "GameCreated":
        _fail(f"{name}: the first event must be GameCreated")
    return entries


@click.command("solve")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--at", "at", help="A point of the game: 12, p345 or deal.trick.card (3.5.2).")
@click.option(
    "--profile",
    "profile_id",
    default="ffb",
    show_default=True,
    help="The rules of a CFN file (a game file names its own).",
)
def solve(file: IO[str], at: str | None, profile_id: str) -> None:
    """Print each team's double-dummy value of a position of the game in FILE (NDJSON
    or one CFN line, '-' for stdin) and the value after each legal card."""
    from analysis.cfn import CfnError, position, read_cfn
    from analysis.position import Position, PositionError
    from analysis.report import solve_position
    from analysis.solver import Solver

    lines = file.readlines()
    text = "".join(lines).strip()
    try:
        if text and not text.startswith("{"):
            if at is not None:
                _fail("--at is for game files; a CFN line is a single position")
            pos = position(read_cfn(text, find_profile(profile_id)), find_profile(profile_id))
        else:
            entries = _entries(file.name, lines)
            deal = deal_at(entries, parse_at(at) if at is not None else None)
            if deal is None:
                _fail("no deal at that point of the game")
            pos = Position.of_deal(deal)
    except (CfnError, PositionError, UnknownProfileError, ValueError) as e:
        _fail(str(e))
    if not pos.hands[pos.turn]:
        _fail("the deal is over: nothing is left to solve")
    _dump(solve_position(pos, Solver()))


@click.command("analyse")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--deal", "number", type=click.IntRange(min=1), help="Only this deal (1 first).")
def analyse(file: IO[str], number: int | None) -> None:
    """Print the double-dummy table, par, each card's cost and the critical moments of
    every finished deal of the game in FILE (NDJSON, '-' for stdin)."""
    from analysis.position import PositionError
    from analysis.report import analyse_deal
    from analysis.solver import Solver

    entries = _entries(file.name, file.readlines())
    deals = finished_deals(entries)
    if number is not None:
        deals = [d for d in deals if d.number == number]
        if not deals:
            _fail(f"deal {number} is not a finished deal of this game")
    solver = Solver()
    out: list[dict[str, Any]] = []
    for deal in deals:
        try:
            out.append(analyse_deal(deal, solver))
        except PositionError as e:
            out.append({"deal": deal.number, "error": str(e)})
    _dump({"deals": out})
