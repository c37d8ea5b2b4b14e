"""The hash chain: each event's SHA-256 covers its content and the previous event's hash.

``hash = sha256(canonical_json([game_id, version, event_id, type, schema_version,
data, recorded_at, recorded_by, previous_hash]))`` with ``recorded_at`` written
``YYYY-MM-DDTHH:MM:SS.ffffffZ`` (UTC, microseconds, the precision PostgreSQL keeps)
and ``previous_hash`` the empty string for a game's first event. It is computed in
Python, over the payload *as stored* (before any upcasting), so an archive carries
its own proof and a row edited behind the store's back no longer matches.

>>> from uuid import UUID
>>> from datetime import datetime, timezone
>>> g = UUID(int=1); e = UUID(int=2); t = datetime(2024, 5, 1, tzinfo=timezone.utc)
>>> event_hash(g, 1, e, "Passed", 1, canonical_json({"seat": "N"}), t, "club", "")[:12]
'afbf734dd9d0'
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from functools import lru_cache
from uuid import UUID

from events.canonical import canonical_json

GENESIS = ""


def format_time(moment: datetime) -> str:
    """The canonical text of a timestamp: UTC, microseconds, ``Z``."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


@lru_cache(maxsize=4096)
def _quoted(text: str) -> str:
    return canonical_json(text)  # event types and authors repeat: encode each once


def event_hash(
    game_id: UUID | str,
    version: int,
    event_id: UUID | str,
    event_type: str,
    schema_version: int,
    data_json: str,
    recorded_at: datetime | str,
    recorded_by: str,
    previous: str,
) -> str:
    """The hash of one event; ``data_json`` is the canonical JSON of its stored payload.

    Equal to hashing ``canonical_json`` of the nine-item list, assembled without
    re-encoding the payload (the bulk import hashes hundreds of thousands of events).
    """
    moment = recorded_at if isinstance(recorded_at, str) else format_time(recorded_at)
    text = ",".join(
        (
            f'["{game_id}"',
            str(version),
            f'"{event_id}"',
            _quoted(event_type),
            str(schema_version),
            data_json,
            f'"{moment}"',
            _quoted(recorded_by),
            f'"{previous}"]',
        )
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
