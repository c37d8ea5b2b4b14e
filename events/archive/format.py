"""The NDJSON archive format: one game per line.

A line is ``{"game": "<uuid>", "events": [{"id", "type", "version", "data",
"recorded_at", "recorded_by", "hash"}, ...]}``; ``type`` and ``data`` are required,
``id`` (generated), ``version`` (the type's current schema version),
``recorded_at`` (now) and ``recorded_by`` (the importer's name) are optional, and
``hash``, when given, must match the recomputed chain (an archive altered after
export is refused). Export writes every field, in canonical JSON.

A checked line becomes an :class:`ArchivedGame`: its events as binary ``COPY`` rows
(:mod:`events.archive.binary_copy`), ready for the store's bulk writer.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from events.records import Pending

EVENT_KEYS = frozenset(("id", "type", "version", "data", "recorded_at", "recorded_by", "hash"))
MAX_EVENTS_PER_GAME = 100_000

GameMeta = tuple[str | None, str | None, list[str], str, str]  # see events.vocabulary.log.meta_of


@dataclass(slots=True)
class ArchivedGame:
    """A checked game, ready to be written."""

    line_no: int
    game_id: UUID
    rows: list[bytes]  # binary COPY rows of its events, without the breaches field
    given_ids: list[str]  # the event ids written in the archive (refused if repeated)
    meta: GameMeta
    first_at: str  # recorded_at of the first and last events (canonical text)
    last_at: str
    last_hash: str
    abandoned: bool  # a GameAbandoned is among its events
    pending: list[Pending] | None  # what a check hook sees; only kept when there is one
