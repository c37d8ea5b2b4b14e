"""Reading a chunk of games in two queries, and the per-game work of each job kind.

A chunk is read with one query for the games' rows and one for their events, one
row per game holding its events as a JSON array (``json_agg`` in version order),
instead of a round trip per game or a row per event: parsing one array with orjson
costs a third of what psycopg spends making a row per event. Ids and times come as
the canonical text the hash needs. The work per game is pure: :func:`audit_one`
and :func:`facts_one` take what was read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple
from uuid import UUID

import orjson
from psycopg import Connection

from events.vocabulary import log
from events.vocabulary.canonical import canonical_json
from events.vocabulary.upcasting import CURRENT, upcast
from events.vocabulary.wire import Record, record_of
from i18n.vocabulary import Vocabulary, vocabulary_of
from projections.entries import Entry
from projections.fold import project
from projections.profiles import game_profile
from workers.auditing import FindingRow, append_breaches, chain_break, rule_findings
from workers.facts import GameFacts, game_facts

_GAMES = """SELECT game_id, created_at, last_version, last_hash FROM games
    WHERE game_id = ANY(%s)"""
_EVENTS = """SELECT game_id, json_agg(json_build_array(position, version, type, schema_version,
    data, breaches, event_id,
    to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    recorded_by, hash) ORDER BY version)::text
    FROM events WHERE game_id = ANY(%s) GROUP BY game_id"""


class Row(NamedTuple):
    """One stored event as the workers read it: its record, and its payload's JSON."""

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
    data: Any  # the stored payload, as read


SMALL = frozenset(
    {"CardPlayed", "Passed", "BidPlaced", "Coinched", "Surcoinched", "BeloteDeclared"}
)
"""Event types with few distinct payloads (128 cards played…): built once per process."""
_MEMO: dict[tuple[str, int, str], tuple[Record, str]] = {}


def parse(kind: str, schema: int, data: Any) -> tuple[Record, str]:
    """(record, canonical JSON) of a stored payload; frozen records are shared."""
    try:
        canonical = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:  # an integer beyond 64 bits: the reference encoder
        canonical = canonical_json(data)
    key = (kind, schema, canonical)
    found = _MEMO.get(key)
    if found is not None:
        return found
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


def _events(text: str) -> list[list[Any]]:
    try:
        found: list[list[Any]] = orjson.loads(text)
    except orjson.JSONDecodeError:  # e.g. an integer beyond 64 bits
        found = json.loads(text)
    return found


def load_games(conn: Connection[Any], game_ids: Sequence[UUID]) -> list[LoadedGame]:
    """The games (in the order given; unknown ids are left out) with their event rows."""
    ids = list(game_ids)
    heads = {r[0]: r[1:] for r in conn.execute(_GAMES, (ids,)).fetchall()}
    rows: dict[UUID, list[Row]] = {g: [] for g in heads}
    for game_id, text in conn.execute(_EVENTS, (ids,)):
        out = rows.get(game_id)
        if out is None:  # events without a games row (only a damaged database has them)
            continue
        for pos, version, kind, schema, data, breaches, eid, at, by, digest in _events(text):
            record, canonical = parse(kind, schema, data)
            out.append(
                Row(pos, version, kind, schema, record, breaches, eid, at, by, digest, canonical,
                    data)
            )  # fmt: skip
    return [
        LoadedGame(g, heads[g][0], (heads[g][1], heads[g][2]), rows[g]) for g in ids if g in heads
    ]


def audit_one(game: LoadedGame) -> list[FindingRow]:
    """Every finding of one game, with its full address (game, player, global position)."""
    entries = game.entries()
    found = rule_findings(entries)
    found += append_breaches(entries, found)
    broken = chain_break(game.game_id, game.rows, game.head)
    if broken is not None:
        found.append(broken)
    seats: dict[str, str] = {}
    vocabulary = Vocabulary.FFB
    if entries and isinstance(entries[0].record, log.GameCreated):
        seats = {s.name: p for s, p in entries[0].record.seats.items()}
        with suppress(ValueError):  # an unknown profile: the audit says so; federal words do
            vocabulary = vocabulary_of(game_profile(entries[0].record.profile))
    by_version = {r.version: r.position for r in game.rows}
    for f in found:
        f["game_id"] = game.game_id
        f["version"] = f["position"]
        f["position"] = by_version.get(f["version"])
        f["player"] = seats.get(f["seat"]) if f["seat"] else None
        f.setdefault("source", _source(f))
        f["vocabulary"] = vocabulary  # the table's words, to word the finding when read
    found.sort(key=lambda f: (f["version"] or 0, f["rule"]))
    return found


def _source(f: FindingRow) -> str:
    if f["rule"] == "hash-chain-break":
        return "chain"
    if f["rule"].startswith("score-"):
        return "score"
    return "rules" if f["severity"] != "impossible" or f["deal"] is not None else "log"


def facts_one(game: LoadedGame) -> GameFacts | None:
    entries = game.entries()
    return game_facts(project(entries), entries, game.game_id, game.created_at)
