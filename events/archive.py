"""The NDJSON archive format: one game per line, parsed and checked without the database.

A line is ``{"game": "<uuid>", "events": [{"id", "type", "version", "data",
"recorded_at", "recorded_by", "hash"}, ...]}``; ``type`` and ``data`` are required,
``id`` (generated), ``version`` (the type's current schema version),
``recorded_at`` (now) and ``recorded_by`` (the importer's name) are optional, and
``hash``, when given, must match the recomputed chain (an archive altered after
export is refused). Export writes every field, in canonical JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from events.chain import GENESIS, event_hash, format_time
from events.errors import EventRefused, ImportLineError, InvalidEvent
from events.prepare import Prepared, check_recorded_by, prepare_one

EVENT_KEYS = frozenset(("id", "type", "version", "data", "recorded_at", "recorded_by", "hash"))
MAX_EVENTS_PER_GAME = 100_000


@dataclass(frozen=True, slots=True)
class Row:
    prepared: Prepared
    version: int
    recorded_at: str  # canonical text (chain.format_time)
    recorded_by: str
    hash: str


@dataclass(frozen=True, slots=True)
class ArchivedGame:
    line_no: int
    game_id: UUID
    rows: list[Row]


def parse_line(line_no: int, line: str | bytes, recorded_by: str, now: datetime) -> ArchivedGame:
    """One archive line as a checked game, or :class:`ImportLineError` saying what is wrong.

    ``recorded_by`` must already be valid (see :func:`events.prepare.check_recorded_by`).
    """
    try:
        doc = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise ImportLineError(line_no, f"not valid JSON: {str(error)[:200]}") from None
    if not isinstance(doc, dict) or set(doc) != {"game", "events"}:
        raise ImportLineError(line_no, 'a line is an object with exactly "game" and "events"')
    game_id = _uuid(doc["game"], line_no, "game")
    events = doc["events"]
    if not isinstance(events, list) or not 1 <= len(events) <= MAX_EVENTS_PER_GAME:
        raise ImportLineError(line_no, f'"events" is a list of 1 to {MAX_EVENTS_PER_GAME} events')
    rows: list[Row] = []
    previous = GENESIS
    context = (line_no, str(game_id), format_time(now), recorded_by)
    for index, entry in enumerate(events):
        try:
            row = _row(context, index, entry, previous)
        except (InvalidEvent, EventRefused) as error:
            raise ImportLineError(line_no, f"event {index + 1}: {error}") from None
        rows.append(row)
        previous = row.hash
    return ArchivedGame(line_no, game_id, rows)


def _row(context: tuple[int, str, str, str], index: int, entry: Any, previous: str) -> Row:
    line_no, game_id, now, by = context
    where = f"event {index + 1}"
    if not isinstance(entry, dict):
        raise ImportLineError(line_no, f"{where}: an event is a JSON object")
    unknown = set(entry) - EVENT_KEYS
    if unknown:
        raise ImportLineError(line_no, f"{where}: unknown fields {sorted(unknown)[:5]}")
    event_id = _uuid(entry["id"], line_no, f"{where} id") if "id" in entry else uuid4()
    prepared = prepare_one(
        entry.get("type"), entry.get("data"), entry.get("version"), event_id, index
    )
    first = index == 0
    if first != (prepared.pending.type == "GameCreated"):
        rule = "game-created-first" if first else "game-already-created"
        raise EventRefused(rule, "a game starts with one GameCreated, and only one", index)
    at = now if "recorded_at" not in entry else _moment(entry["recorded_at"], line_no, where)
    who = by if "recorded_by" not in entry else check_recorded_by(entry["recorded_by"])
    p = prepared.pending
    digest = event_hash(
        game_id,
        index + 1,
        p.id,
        p.type,
        prepared.stored_version,
        prepared.data_json,
        at,
        who,
        previous,
    )
    if "hash" in entry and entry["hash"] != digest:
        raise ImportLineError(line_no, f"{where}: hash does not match its content (altered?)")
    return Row(prepared, index + 1, at, who, digest)


def _uuid(value: Any, line_no: int, what: str) -> UUID:
    if isinstance(value, str) and len(value) <= 36:
        try:
            return UUID(value)
        except ValueError:
            pass
    raise ImportLineError(line_no, f"{what}: a UUID string is required")


def _moment(value: Any, line_no: int, where: str) -> str:
    try:
        moment = (
            datetime.fromisoformat(value) if isinstance(value, str) and len(value) < 40 else None
        )
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise ImportLineError(line_no, f"{where}: recorded_at is an ISO 8601 time with a zone")
    return format_time(moment)
