"""Reading a chunk of games in two queries, and the per-game work of each job kind.

A chunk is read with one query for the games' rows and one for all their events
(ordered by game and version), instead of a round trip per game. The work per
game is pure: :func:`audit_one` and :func:`facts_one` take what was read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

import orjson
from psycopg import Connection

from events import log
from events.upcasting import CURRENT, upcast
from events.wire import Record, record_of
from projections.entries import Entry
from projections.fold import project
from workers.auditing import Finding, append_breaches, chain_break, rule_findings
from workers.facts import GameFacts, game_facts

_GAMES = """SELECT game_id, created_at, last_version, last_hash FROM games
    WHERE game_id = ANY(%s)"""
# Text where Python would only turn a value back into text (the hash needs the ids and the
# time as canonical text), and jsonb as text for orjson: a third of the cost of a read.
_EVENTS = """SELECT game_id, position, version, type, schema_version, data::text, breaches::text,
    event_id::text, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    recorded_by, hash FROM events WHERE game_id = ANY(%s) ORDER BY game_id, version"""


class Row(NamedTuple):
    """One stored event as the workers read it: its record, and its payload's text."""

    position: int
    version: int
    type: str
    schema_version: int
    record: Record  # upcast to the current schema
    breaches: list[dict[str, Any]] | None
    event_id: str
    recorded_at: str  # canonical: YYYY-MM-DDTHH:MM:SS.ffffffZ
    recorded_by: str
    hash: str
    canonical: str  # the stored payload in canonical JSON (fast form, see auditing)
    data_text: str  # the stored payload as PostgreSQL prints it


SMALL = frozenset(
    {"CardPlayed", "Passed", "BidPlaced", "Coinched", "Surcoinched", "BeloteDeclared"}
)
"""Event types with few distinct payloads (128 cards played…): parsed once per process."""
_MEMO: dict[tuple[str, int, str], tuple[Record, str]] = {}


def parse(kind: str, schema: int, text: str) -> tuple[Record, str]:
    """(record, canonical JSON) of a stored payload; frozen records are shared."""
    key = (kind, schema, text)
    found = _MEMO.get(key)
    if found is not None:
        return found
    data = orjson.loads(text)
    canonical = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    if schema != CURRENT.get(kind, schema):
        schema, data = upcast(kind, schema, data)
    made = (record_of(kind, schema, data), canonical)
    if kind in SMALL and len(_MEMO) < 20_000:
        _MEMO[key] = made
    return made


@dataclass(frozen=True, slots=True)
class LoadedGame:
    game_id: UUID
    created_at: datetime
    head: tuple[int, str]
    rows: list[Row]

    def entries(self) -> list[Entry]:
        return [
            Entry(r.version, r.position, r.type, r.record, tuple(r.breaches or ()))
            for r in self.rows
        ]


def load_games(conn: Connection[Any], game_ids: Sequence[UUID]) -> list[LoadedGame]:
    """The games (in the order given; unknown ids are left out) with their event rows."""
    ids = list(game_ids)
    heads = {r[0]: r[1:] for r in conn.execute(_GAMES, (ids,)).fetchall()}
    rows: dict[UUID, list[Row]] = {g: [] for g in heads}
    loads = orjson.loads
    with conn.cursor() as cur:
        cur.execute(_EVENTS, (ids,))
        for g, pos, version, kind, schema, text, breaches, eid, at, by, digest in cur:
            record, canonical = parse(kind, schema, text)
            found = loads(breaches) if breaches is not None else None
            rows[g].append(
                Row(pos, version, kind, schema, record, found, eid, at, by, digest, canonical, text)
            )
    return [
        LoadedGame(g, heads[g][0], (heads[g][1], heads[g][2]), rows[g]) for g in ids if g in heads
    ]


def audit_one(game: LoadedGame) -> list[Finding]:
    """Every finding of one game, with its full address (game, player, global position)."""
    entries = game.entries()
    found = rule_findings(entries)
    found += append_breaches(entries, found)
    broken = chain_break(game.game_id, game.rows, game.head)
    if broken is not None:
        found.append(broken)
    seats: dict[str, str] = {}
    if entries and isinstance(entries[0].record, log.GameCreated):
        seats = {s.name: p for s, p in entries[0].record.seats.items()}
    by_version = {r.version: r.position for r in game.rows}
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
