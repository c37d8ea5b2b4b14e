"""``coinche score FILE`` and ``coinche audit FILE``: no server, no database.

Both read one game as NDJSON (``-`` for standard input) and print JSON. ``score``
exits with status 1 and names each bad line when the file cannot be trusted;
``audit`` reports unreadable lines as findings and exits 0 (a clean audit prints
``{"findings": []}``), or with ``--fail-on-findings``, 3 when it found anything.
"""

from __future__ import annotations

import json
import sys
from typing import IO

import click

from i18n.catalogues import LANGUAGES, SOURCE
from projections.offline import audit_lines, score_lines


def _dump(doc: object) -> None:
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2))


@click.command("score")
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: IO[str]) -> None:
    """Print the score sheet of the game in FILE (NDJSON, '-' for stdin)."""
    sheet, errors = score_lines(file)
    if errors:
        for e in errors:
            click.echo(f"{file.name}:{e.line}: {e.message}", err=True)
        sys.exit(1)
    _dump(sheet)


@click.command("audit")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--fail-on-findings", is_flag=True, help="Exit with status 3 if anything is found.")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=SOURCE,
    show_default=True,
    help="Language of each finding's detail.",
)
def audit(file: IO[str], fail_on_findings: bool, lang: str) -> None:
    """Print the rule findings of the game in FILE (NDJSON, '-' for stdin)."""
    report = audit_lines(file, lang)
    _dump(report)
    if fail_on_findings and report["findings"]:
        sys.exit(3)
