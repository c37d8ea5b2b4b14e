"""The JSON shapes of the store's records as the API returns them.

An event's *hidden* fields are what a live table keeps secret: the hands and the
deck of a ``DealStarted``, the cards of an ``AnnounceDeclared``. They are sent as
``null``, and named in the event's ``redacted`` list, to readers who may not see
a live game's hidden information (see :func:`service.api.access.sees_hidden`).
"""

from __future__ import annotations

from typing import Any

from events.records import AppendResult, StoredEvent
from events.store.bulk_write import ImportSummary
from events.store.games import GameRow
from events.store.reads import ChainReport
from events.vocabulary.chain import format_time
from rules.names import PLAYER_ID

HIDDEN: dict[str, tuple[str, ...]] = {
    "DealStarted": ("hands", "deck"),
    "AnnounceDeclared": ("cards",),
}


def event_json(e: StoredEvent, hidden_ok: bool = True) -> dict[str, Any]:
    data = e.data
    redacted: list[str] = []
    if not hidden_ok and e.type in HIDDEN:
        redacted = [k for k in HIDDEN[e.type] if data.get(k) is not None]
        if redacted:
            data = {k: (None if k in redacted else v) for k, v in data.items()}
    doc: dict[str, Any] = {
        "position": e.position,
        "game": str(e.game_id),
        "version": e.version,
        "id": str(e.event_id),
        "type": e.type,
        "schema_version": e.schema_version,
        "data": data,
        "recorded_at": format_time(e.recorded_at),
        "recorded_by": e.recorded_by,
        "breaches": e.breaches,
        "hash": e.hash,
    }
    if redacted:
        doc["redacted"] = redacted
    return doc


def game_json(row: GameRow) -> dict[str, Any]:
    return {
        "id": str(row.game_id),
        "club": row.club,
        "profile": row.profile,
        "seats": dict(zip("NESW", row.players, strict=True)),
        "player_ids": player_ids(row.players),
        "visibility": row.visibility,
        "enforcement": row.enforcement,
        "status": row.status,
        "created_at": format_time(row.created_at),
        "updated_at": format_time(row.updated_at),
        "version": row.last_version,
        "last_hash": row.last_hash,
    }


def append_json(result: AppendResult) -> dict[str, Any]:
    return {
        "first_version": result.first_version,
        "version": result.last_version,
        "positions": list(result.positions),
        "event_ids": [str(i) for i in result.event_ids],
        "replayed": result.replayed,
    }


def chain_json(report: ChainReport) -> dict[str, Any]:
    return {
        "game": str(report.game_id),
        "ok": report.ok,
        "events": report.events,
        "broken_version": report.broken_version,
        "expected": report.expected,
        "stored": report.stored,
        "reason": report.reason,
    }


def summary_json(summary: ImportSummary) -> dict[str, Any]:
    return {
        "imported": summary.imported,
        "events": summary.events,
        "refused": [
            {"line": line, "game": game, "reason": reason} for line, game, reason in summary.refused
        ],
    }


def player_ids(players: list[str]) -> dict[str, str] | None:
    """The seats' roster ids (kept as ids when names replace them in ``seats``); None for
    a game recorded before the roster whose seats were not adopted."""
    if all(PLAYER_ID.match(p) for p in players):
        return dict(zip("NESW", players, strict=True))
    return None
