"""Importing an NDJSON archive for a club: the club check, the summary, the job hand-off.

Small archives are imported in the request (every game judged by the rules, each
in whole or not at all). Large ones are saved under the data folder and imported
by a background job of the workers package (``workers.jobs.submit``); the
response then names the job.
"""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from psycopg import Connection

from events.bulk_write import ImportSummary
from events.errors import EventRefused
from events.records import Check, Pending, Verdict


class ClubCheck:
    """The store's check for an import by a club: each game must be the club's own,
    then the rules judge it as for an append."""

    def __init__(self, club: str, judgement: Check) -> None:
        self.club, self.judgement = club, judgement

    def __call__(
        self,
        conn: Connection[Any],
        game_id: uuid.UUID,
        current_version: int,
        new_events: Sequence[Pending],
    ) -> Verdict | None:
        first = new_events[0] if new_events else None
        if current_version == 0 and first is not None and first.type == "GameCreated":
            owner = first.data.get("club")
            if owner != self.club:
                detail = f"the game belongs to club {owner!r}; this token imports for {self.club!r}"
                raise EventRefused("wrong-club", detail, 0)
        return self.judgement(conn, game_id, current_version, new_events)


def summary_json(summary: ImportSummary) -> dict[str, Any]:
    return {
        "imported": summary.imported,
        "events": summary.events,
        "refused": [
            {"line": line, "game": game, "reason": reason} for line, game, reason in summary.refused
        ],
    }


def upload_path(data_dir: str) -> Path:
    """A new file for an upload in ``<data dir>/imports`` (absolute: a worker reads it)."""
    folder = Path(data_dir).expanduser().resolve() / "imports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{uuid.uuid4()}.ndjson"


def submit_import(path: Path, recorded_by: str, club: str) -> uuid.UUID | None:
    """The job importing ``path``, or None when the job system is not installed."""
    try:
        jobs = importlib.import_module("workers.jobs")
    except ImportError:
        return None
    params = {"path": str(path), "recorded_by": recorded_by, "club": club}
    job = jobs.submit("import", params, created_by=recorded_by, club=club)
    return uuid.UUID(str(job))
