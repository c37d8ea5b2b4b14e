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

from events.vocabulary.canonical import canonical_json

GENESIS = ""


def format_time(moment: datetime) -> str:
    """The canonical text of a timestamp: UTC, microseconds, ``Z``."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


@lru_cache(maxsize=4096)
def quoted(text: str) -> str:
    """A string as canonical JSON (event types and authors repeat: each is encoded once)."""
    return canonical_json(text)


def head_text(game_id: UUID | str) -> str:
    """The start of every link text of a game: ``["<game id>",``."""
    return f'["{game_id}",'


def kind_text(event_type: str, schema_version: int) -> str:
    """The type and schema version as they appear in a link text: ``"Passed",1``."""
    return f"{quoted(event_type)},{schema_version}"


def link_hash(
    head: str, version: int, event_id: str, kind: str, data_json: str, at: str, by: str,
    previous: str,
) -> str:  # fmt: skip
    """The SHA-256 of one link: the canonical JSON of the nine-item list, written from
    its parts, each already canonical (``head`` from :func:`head_text`, ``kind`` from
    :func:`kind_text`, ``data_json`` the payload's canonical JSON, ``at`` the canonical
    time, ``by`` the quoted author). The only place that writes this text.

    >>> from uuid import UUID
    >>> g, e = UUID(int=1), UUID(int=2)
    >>> items = [str(g), 1, str(e), "Passed", 1, {"seat": "N"}, "2024-05-01T00:00:00.000000Z",
    ...          "club", ""]
    >>> text = link_hash(head_text(g), 1, str(e), kind_text("Passed", 1), '{"seat":"N"}',
    ...                  "2024-05-01T00:00:00.000000Z", quoted("club"), "")
    >>> text == hashlib.sha256(canonical_json(items).encode()).hexdigest()
    True
    """
    text = f'{head}{version},"{event_id}",{kind},{data_json},"{at}",{by},"{previous}"]'
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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

    Equal to hashing ``canonical_json`` of the nine-item list, assembled by
    :func:`link_hash` without re-encoding the payload (the bulk import hashes hundreds
    of thousands of events).
    """
    moment = recorded_at if isinstance(recorded_at, str) else format_time(recorded_at)
    return link_hash(
        head_text(game_id), version, str(event_id), kind_text(event_type, schema_version),
        data_json, moment, quoted(recorded_by), previous,
    )  # fmt: skip
