"""Known-answer penalties: a revoke, the arbiter's standard penalty, and the sheet the
profile's convention gives, in all eight profiles.

The files of ``tests/fixtures/penalties/<profile>/`` were worked out by
``tests/fixtures/make_penalties.py`` with the independent calculator of RULES.md (never
the engine's scoring); each ``why`` writes the arithmetic out. The fold must score the
ruled deal exactly so, keep what the cards gave as ``marks_before_ruling``, and the
audit must offer that very ruling for the revoke.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from projections.audit import audit_game
from projections.fold import project
from projections.sheet import score_sheet
from rules.registry import PROFILES
from tests.gamekit import entries_of

FILES = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "penalties").glob("*/*.json"))


def load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}-{p.stem}" for p in FILES])
def test_the_ruled_deal_scores_as_the_convention_says(path: Path) -> None:
    doc = load(path)
    state = project(entries_of(doc["events"]))
    assert not [a for a in state.anomalies if a.severity == "impossible"], state.anomalies
    sheet = score_sheet(state)
    row, want = sheet["deals"][0], doc["expect"]["deals"][0]
    assert row["marks"] == want["marks"], doc["why"]
    assert row["made"] is want["made"], doc["why"]
    assert row["marks_before_ruling"] == want["marks_before_ruling"], doc["why"]
    assert sheet["totals"] == doc["expect"]["totals"]
    assert sheet["winner"] == doc["expect"]["winner"]
    assert sheet["status"] == ("finished" if doc["expect"]["winner"] else "live")


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}-{p.stem}" for p in FILES])
def test_the_audit_offers_that_ruling(path: Path) -> None:
    doc = load(path)
    played = doc["events"][:-1]  # without the ruling
    ruling = doc["events"][-1]["data"]["ruling"]
    (breach,) = doc["breaches"]
    found = [f for f in audit_game(entries_of(played)) if f["position"] == breach["event"]]
    assert [f["rule"] for f in found] == [breach["rule"]]
    offer = found[0]["penalty"]
    assert offer["ruling"] == ruling
    assert offer["marks_after"] == doc["expect"]["deals"][0]["marks"]
    assert offer["marks_before"] == doc["expect"]["deals"][0]["marks_before_ruling"]


def test_catalogue() -> None:
    docs = [load(p) for p in FILES]
    for profile in PROFILES:
        mine = [d for d in docs if d["profile"] == profile]
        assert {d["id"][len(profile) + 1 :] for d in mine} == {
            "defence-revokes",
            "takers-revoke",
            "coinched-revoke",
        }, profile
        assert any(d["expect"]["deals"][0]["made"] for d in mine)
        assert any(not d["expect"]["deals"][0]["made"] for d in mine)
    assert all(d["why"].strip() and d["events"][0]["data"]["enforcement"] == "record" for d in docs)
