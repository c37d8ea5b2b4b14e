"""Reading job results: a page of audit findings, a game's summary, statistics rows.

The callers (the API) pass validated plain values; every value goes into the query
as a parameter, and the only SQL text is this module's and :mod:`workers.stats_sql`'s.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from psycopg import Connection, sql

from workers.auditing import summarize
from workers.finding_words import read_detail
from workers.stats_sql import MODES, aggregate_query

FINDING_FIELDS = (
    "game_id", "seq", "position", "version", "deal", "trick", "seat", "player", "card",
    "rule", "detail", "severity", "source",
)  # fmt: skip
_FINDINGS = """SELECT game_id, seq, position, version, deal, trick, seat, player, card, rule,
    detail, severity, source FROM job_findings
WHERE job_id = %(job)s
  AND (%(game)s::uuid IS NULL OR game_id = %(game)s::uuid)
  AND (%(rule)s::text IS NULL OR rule = %(rule)s)
  AND (%(player)s::text IS NULL OR player = %(player)s)
  AND (%(severity)s::text IS NULL OR severity = %(severity)s)
  AND (%(after_game)s::uuid IS NULL OR (game_id, seq) > (%(after_game)s::uuid, %(after_seq)s))
ORDER BY game_id, seq LIMIT %(limit)s"""


def findings_page(
    conn: Connection[Any], job_id: UUID, filters: dict[str, Any], limit: int, lang: str = "en"
) -> tuple[list[dict[str, Any]], str | None]:
    """A page of findings in (game, seq) order and the cursor of the next page; each
    finding's ``detail`` in ``lang`` with its rule's ``params`` (None on a row written
    before they were kept, whose English ``detail`` is shown as stored)."""
    after = filters.get("after")
    values = {k: filters.get(k) for k in ("game", "rule", "player", "severity")}
    values |= {"job": job_id, "limit": limit + 1, "after_game": None, "after_seq": 0}
    if after:
        game, _, seq = after.partition(":")
        values["after_game"], values["after_seq"] = UUID(game), int(seq)
    rows = conn.execute(_FINDINGS, values).fetchall()
    found = [dict(zip(FINDING_FIELDS, r, strict=True)) for r in rows[:limit]]
    for f in found:
        f["game_id"] = str(f["game_id"])
        f["detail"], f["params"] = read_detail(f["rule"], f["detail"], lang)
    cursor = f"{found[-1]['game_id']}:{found[-1]['seq']}" if len(rows) > limit else None
    return found, cursor


def game_summary(conn: Connection[Any], job_id: UUID, game_id: UUID) -> dict[str, Any]:
    rows = conn.execute(
        "SELECT rule, player, severity, game_id FROM job_findings "
        "WHERE job_id = %s AND game_id = %s",
        (job_id, game_id),
    ).fetchall()
    keys = ("rule", "player", "severity", "game_id")
    return summarize(dict(zip(keys, r, strict=True)) for r in rows) | {"game_id": str(game_id)}


def stats_rows(
    conn: Connection[Any], mode: str, period: str, filters: dict[str, Any]
) -> list[dict[str, Any]]:
    """Aggregated statistics rows of ``mode`` (players, partnerships, clubs, profiles)."""
    where: list[sql.Composable] = []
    params: list[Any] = []

    def add(text: str, *values: Any) -> None:
        where.append(sql.SQL(text))
        params.extend(values)

    if filters.get("readable_by") is not None:
        add("(club = %s OR visibility = 'public')", filters["readable_by"])
    for key in ("club", "profile"):
        if filters.get(key) is not None:
            add(f"{key} = %s", filters[key])  # key is one of two constants
    if filters.get("player") is not None:
        found = filters["player"]  # a player id or name, or several (a roster's spellings)
        player = [found] if isinstance(found, str) else list(found)
        if mode == "players":
            add("player = ANY(%s)", player)
        elif mode == "partnerships":
            add("(player = ANY(%s) OR partner = ANY(%s))", player, player)
        else:
            add("game_id IN (SELECT game_id FROM stat_games WHERE players && %s::text[])", player)
    if filters.get("from") is not None:
        add("played_at >= %s", filters["from"])
    if filters.get("to") is not None:
        add("played_at < %s", filters["to"])
    if filters.get("job") is not None:
        add(
            "game_id IN (SELECT unnest(game_ids) FROM job_chunks WHERE job_id = %s)", filters["job"]
        )
    condition = sql.SQL(" AND ").join(where) if where else sql.SQL("true")
    with conn.cursor() as cur:
        cur.execute(aggregate_query(mode, period, condition), params)
        names = [d.name for d in cur.description or ()]
        return [{n: _plain(v) for n, v in zip(names, row, strict=True)} for row in cur]


def stats_as_of(conn: Connection[Any]) -> str | None:
    """When the last event the statistics include was recorded (ISO 8601), or None before
    the first refresh: the figures hold every event up to that moment."""
    row = conn.execute(
        "SELECT recorded_at FROM events WHERE position <= "
        "(SELECT position FROM stat_checkpoint WHERE name = 'stats') "
        "ORDER BY position DESC LIMIT 1"
    ).fetchone()
    return None if row is None else _plain(row[0])


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, date | datetime):
        return value.isoformat()
    return value


def to_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """CSV for spreadsheets: a text cell that a spreadsheet would run as a formula
    (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return: a player named
    ``=HYPERLINK(…)``) is written with a leading ``'``, as OWASP recommends; numbers stay
    numbers.

    >>> to_csv([{"player": "=1+1", "games": -2}], ["player", "games"])
    "player,games\\n'=1+1,-2\\n"
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _cell(v) for k, v in row.items()})
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def stats_columns(mode: str) -> list[str]:
    from workers.stats_sql import COLUMNS

    return ["period", MODES[mode][0], *COLUMNS]
