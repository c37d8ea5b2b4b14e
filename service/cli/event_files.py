"""One game's event file, as ``coinche score`` reads it, made ready for ``coinche import``.

Such a file holds one event per line (``{"type": ..., "data": {...}}``, an optional
schema ``version``), ``GameCreated`` first; an archive holds one game per line
(``{"game": ..., "events": [...]}``). The first non-blank line tells them apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from projections.offline import read_lines

PEEK = 1_000_000  # the first line is read up to this many bytes to tell the formats apart


def is_event_file(path: Path) -> bool:
    """Is the first non-blank line of ``path`` one event (rather than an archive line)?"""
    with open(path, encoding="utf-8", errors="replace") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                first = json.loads(raw[:PEEK])
            except json.JSONDecodeError:
                return False  # the archive reader says what is wrong with it
            return isinstance(first, dict) and "type" in first and "events" not in first
    return False


def read_event_file(path: Path) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """The events of the file, and each bad line's number and reason (as ``coinche score``
    words them); blank lines are skipped."""
    data = path.read_bytes()
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        return [], [(data.count(b"\n", 0, error.start) + 1, "not UTF-8 text")]
    entries, errors = read_lines(lines)
    found = [(e.line, e.message) for e in errors]
    if entries and entries[0].type != "GameCreated":
        found.insert(0, (entries[0].version, "the first event must be GameCreated"))
    if errors:
        return [], found
    events: list[dict[str, Any]] = []
    for raw in lines:
        if raw.strip():
            item = json.loads(raw)
            events.append({k: item[k] for k in ("type", "version", "data") if k in item})
    return events, found
