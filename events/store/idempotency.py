"""Re-sent event ids: a retry gets the original result, anything else a clear error."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from psycopg import Connection

from events.errors import N_, IdempotencyError
from events.records import AppendResult
from events.vocabulary.canonical import canonical_json
from events.vocabulary.prepare import Prepared

_STORED = """SELECT event_id, game_id, version, type, schema_version, data, position, hash
FROM events WHERE event_id = ANY(%s) ORDER BY position"""


def replayed(conn: Connection[Any], game_id: UUID, prepared: list[Prepared]) -> AppendResult | None:
    """``None`` when no event id of the batch is stored; the original :class:`AppendResult`
    when all are, with the same content, in the same order; else :class:`IdempotencyError`."""
    ids = [p.pending.id for p in prepared]
    rows = {row[0]: row for row in conn.execute(_STORED, (ids,)).fetchall()}
    if not rows:
        return None
    if len(rows) != len(prepared):
        known = ", ".join(str(i) for i in ids if i in rows)
        raise IdempotencyError(
            N_(
                "{stored} of the {sent} events were already stored ({known}): a retry resends "
                "exactly the stored batch; new events need new ids"
            ),
            stored=len(rows),
            sent=len(prepared),
            known=known,
        )
    for item in prepared:
        _, stored_game, _, event_type, schema_version, data, _, _ = rows[item.pending.id]
        if (
            stored_game != game_id
            or event_type != item.pending.type
            or schema_version != item.stored_version
            or canonical_json(data) != item.data_json
        ):
            raise IdempotencyError(
                N_(
                    "event id {id} is already stored with different content (game {game}, "
                    "{type}); an event id names one event"
                ),
                id=item.pending.id,
                game=stored_game,
                type=event_type,
            )
    ordered = [rows[i] for i in ids]
    versions = [row[2] for row in ordered]
    if versions != list(range(versions[0], versions[0] + len(versions))):
        raise IdempotencyError(N_("these event ids were stored, but not as this one batch"))
    return AppendResult(
        game_id,
        versions[0],
        versions[-1],
        tuple(row[6] for row in ordered),
        tuple(ids),
        str(ordered[-1][7]),
        replayed=True,
    )
