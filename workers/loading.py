"""Reading a chunk of games in two queries, and the per-game work of each job kind.

A chunk is read with one query for the games' rows and one for all their events
(ordered by game and version), instead of a round trip per game. The work per
game is pure: :func:`audit_one` and :func:`facts_one` take what was read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import Connection

from events import log
from events.reads import stored_event
from projections.entries import Entry, from_stored
from projections.fold import project
from workers.auditing import Finding, append_breaches, chain_break, rule_findings
from workers.facts import GameFacts, game_facts

_GAMES = """SELECT game_id, created_at, last_version, last_hash FROM games
    WHERE game_id = ANY(%s)"""
_EVENTS = """SELECT position, game_id, version, event_id, type, schema_version, data,
    recorded_at, recorded_by, breaches, hash FROM events
    WHERE game_id = ANY(%s) ORDER BY game_id, version"""


@dataclass(frozen=True, slots=True)
class LoadedGame:
    game_id: UUID
    created_at: datetime
    head: tuple[int, str]
    rows: list[tuple[Any, ...]]

    def entries(self) -> list[Entry]:
        return list(from_stored(stored_event(r) for r in self.rows))


def load_games(conn: Connection[Any], game_ids: Sequence[UUID]) -> list[LoadedGame]:
    """The games (in the order given; unknown ids are left out) with their event rows."""
    ids = list(game_ids)
    heads = {r[0]: r[1:] for r in conn.execute(_GAMES, (ids,)).fetchall()}
    rows: dict[UUID, list[tuple[Any, ...]]] = {g: [] for g in heads}
    with conn.cursor() as cur:
        cur.execute(_EVENTS, (ids,))
        for row in cur:
            rows[row[1]].append(row)
    return [
        LoadedGame(g, heads[g][0], (heads[g][1], heads[g][2]), rows[g]) for g in ids if g in heads
    ]


def audit_one(game: LoadedGame) -> list[Finding]:
    """Every finding of one game, with its full address (game, player, global position)."""
    entries = game.entries()
    found = rule_findings(entries)
    found += append_breaches(entries, found)
    broken = chain_break(game.rows, game.head)
    if broken is not None:
        found.append(broken)
    seats: dict[str, str] = {}
    if entries and isinstance(entries[0].record, log.GameCreated):
        seats = {s.name: p for s, p in entries[0].record.seats.items()}
    by_version = {r[2]: r[0] for r in game.rows}
    for f in found:
        f["game_id"] = game.game_id
        f["version"] = f["position"]
        f["position"] = by_version.get(f["version"])
        f["player"] = seats.get(f["seat"]) if f["seat"] else None
        f.setdefault("source", _source(f))
    found.sort(key=lambda f: (f["version"] or 0, f["rule"]))
    return found


def _source(f: Finding) -> str:
    if f["rule"] == "hash-chain-break":
        return "chain"
    if f["rule"].startswith("score-"):
        return "score"
    if f["detail"].startswith("recorded at append time"):
        return "append"
    return "rules" if f["severity"] != "impossible" or f["deal"] is not None else "log"


def facts_one(game: LoadedGame) -> GameFacts | None:
    entries = game.entries()
    return game_facts(project(entries), entries, game.game_id, game.created_at)
