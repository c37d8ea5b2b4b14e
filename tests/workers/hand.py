"""A small hand-checked archive: five known-answer deals of tests/fixtures (profile ffb),
each a game of its own, abandoned after its deal(s) so that it counts as over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "deals" / "ffb"
HAND = (
    "01-worked-example",
    "07-made-surcoinched-belote-multiplied",
    "11-capot-bid-made",
    "24-all-pass-next-dealer",
    "03-winning-team-scores-all-its-announces",
)


def fixture_events(name: str, club: str = "hand", abandon: bool = True) -> list[dict[str, Any]]:
    doc = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    events: list[dict[str, Any]] = doc["events"]
    events[0]["data"]["club"] = club
    events[0]["data"]["enforcement"] = "record"
    if abandon:
        events.append({"type": "GameAbandoned", "data": {"reason": "fixture: one deal only"}})
    return events


def hand_archive(club: str = "hand") -> list[list[dict[str, Any]]]:
    return [fixture_events(name, club) for name in HAND]
