"""Importing an NDJSON archive for a club: the club check, the summary, the job hand-off.

Small archives are imported in the request (every game judged by the rules, each
in whole or not at all). Large ones are saved under the data folder and imported
by a background job of the workers package (``workers.jobs.submit``); the
response then names the job.
"""

from __future__ import annotations

import importlib
import uuid
from pathlib import Path
from typing import Any

from events.bulk_write import ImportSummary


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
