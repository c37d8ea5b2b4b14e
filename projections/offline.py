"""Offline scoring and auditing of one game's NDJSON file (no server, no database).

Each line is one ``{"type": ..., "data": {...}}`` event, the first a
``GameCreated``; blank lines are ignored. Used by ``coinche score FILE`` and
``coinche audit FILE``: the way a club checks a paper score sheet.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from events.errors import InvalidEvent
from projections.audit import audit_game, finding
from projections.entries import Entry, from_wire
from projections.fold import project
from projections.sheet import score_sheet
from rules.verdict import facts

MAX_LINE = 1_000_000


@dataclass(frozen=True, slots=True)
class LineError:
    line: int
    message: str


def read_lines(lines: Iterable[str]) -> tuple[list[Entry], list[LineError]]:
    """Entries of the well-formed lines, and a clear error for each bad one."""
    entries: list[Entry] = []
    errors: list[LineError] = []
    version = 0
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        version = number
        if len(raw) > MAX_LINE:
            errors.append(LineError(number, f"line longer than {MAX_LINE} characters"))
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as e:
            errors.append(LineError(number, f"not JSON: {e.msg} (column {e.colno})"))
            continue
        problem = _shape(item)
        if problem:
            errors.append(LineError(number, problem))
            continue
        try:
            entries.append(from_wire(version, item["type"], item["data"], item.get("version")))
        except InvalidEvent as e:
            errors.append(LineError(number, f"{item['type']}: {explain(e.errors)}"))
    return entries, errors


def explain(errors: Any, prefix: str = "") -> str:
    """Marshmallow-style field errors as one line: ``seat: 'Q' is not a seat…``."""
    if isinstance(errors, dict):
        return "; ".join(
            explain(v, f"{prefix}{k}." if prefix or k != "_schema" else "")
            for k, v in errors.items()
        )
    if isinstance(errors, list):
        return "; ".join(f"{prefix.rstrip('.')}: {m}" if prefix else str(m) for m in errors)
    return f"{prefix.rstrip('.')}: {errors}" if prefix else str(errors)


def _shape(item: Any) -> str:
    if not isinstance(item, dict):
        return 'each line is an object {"type": ..., "data": {...}}'
    extra = set(item) - {"type", "data", "version"}  # version: the data's schema version
    if extra:
        return f"unknown field(s): {', '.join(sorted(map(str, extra)))}"
    if not isinstance(item.get("type"), str):
        return 'missing "type"'
    if not isinstance(item.get("data"), dict):
        return 'missing "data" object'
    return ""


def score_lines(lines: Iterable[str]) -> tuple[dict[str, Any] | None, list[LineError]]:
    """The score sheet, or the errors that prevent trusting it."""
    entries, errors = read_lines(lines)
    if errors:
        return None, errors
    if not entries or entries[0].type != "GameCreated":
        return None, [
            LineError(entries[0].version if entries else 1, "the first event must be GameCreated")
        ]
    return score_sheet(project(entries)), []


def audit_lines(lines: Iterable[str], lang: str = "en") -> dict[str, Any]:
    """Findings of a file: unreadable lines are findings too (rule ``malformed-event``);
    their ``detail`` in ``lang``."""
    entries, errors = read_lines(lines)
    found = audit_game(entries, lang)
    found += [
        finding(
            None,
            None,
            None,
            e.line,
            "malformed-event",
            facts(error=e.message),
            "impossible",
            lang=lang,
        )
        for e in errors
    ]
    found.sort(key=lambda f: (f["position"], f["rule"]))
    return {"findings": found}
