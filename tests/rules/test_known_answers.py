"""Known-answer deals, the perft files of scoring: hand-checked score sheets for every profile.

Each file of ``tests/fixtures/deals/<profile>/`` holds one game's wire events and the
score sheet RULES.md gives for them. The numbers were worked out by the independent
calculator of ``tests/fixtures/make_fixtures.py`` (never by the engine's scoring) and
its arithmetic is written in the fixture's ``why``. The engine must judge every event
legal (or exactly the breaches a fixture declares) and produce that sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.documents import load_profile
from rules.game import Game
from rules.judge import judge
from rules.notation import action_from_wire
from rules.registry import PROFILES, find_profile
from rules.seats import Seat, Team

DEALS = Path(__file__).resolve().parent.parent / "fixtures" / "deals"
FILES = sorted(DEALS.glob("*/*.json"))

# Fixtures where the engine disagrees with RULES.md: fixture id -> what is wrong.
# (Empty now: the tripot mark formulas that tripot-06, -08, -11 and -17 caught were fixed.)
ENGINE_BUGS: dict[str, str] = {}


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def replay(doc: dict[str, Any]) -> Game:
    """Judge and apply every event after ``GameCreated``; only the declared breaches may
    be illegal."""
    created, *events = doc["events"]
    assert created["type"] == "GameCreated"
    data = created["data"]
    profile = data["profile"]
    profile = find_profile(profile) if isinstance(profile, str) else load_profile(profile)
    length = data.get("length") or {}
    game = Game.start(
        profile, Seat[data["first_dealer"]], length.get("target"), length.get("deals")
    )
    breaches = {b["event"]: b["rule"] for b in doc.get("breaches", [])}
    for position, event in enumerate(events, start=1):
        action = action_from_wire(event["type"], event["data"])
        verdict = judge(game, action)
        if position in breaches:
            assert verdict.rule == breaches[position] and not verdict.impossible, (
                f"event {position} {event}: expected the breach {breaches[position]}, "
                f"got {verdict.severity.value} {verdict.rule}"
            )
        else:
            assert verdict.legal, f"event {position} {event}: {verdict.rule}: {verdict.params}"
        game = game.apply(action)
    return game


def team_pair(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[Team.NS], "EW": pair[Team.EW]}


def sheet(game: Game) -> dict[str, Any]:
    """The score sheet fields of DESIGN.md, read from the engine's deal records."""
    deals = []
    for record in game.records:
        result, contract = record.result, record.result.contract
        deals.append(
            {
                "number": record.number,
                "dealer": record.dealer.name,
                "contract": None
                if contract is None
                else {
                    "taker": contract.taker.name,
                    "value": contract.value,
                    "trump": contract.trump.name,
                    "coinche": contract.coinche,
                },
                "made": result.made,
                "points": team_pair(result.points),
                "marks": team_pair(result.marks),
            }
        )
    winner = None if game.winner is None else game.winner.name
    return {"deals": deals, "totals": team_pair(game.totals), "winner": winner}


def _param(path: Path) -> Any:
    fid = load(path)["id"]
    marks = []
    if fid in ENGINE_BUGS:
        marks.append(pytest.mark.xfail(strict=True, reason=ENGINE_BUGS[fid]))
    return pytest.param(path, id=fid, marks=marks)


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_known_answer(path: Path) -> None:
    doc = load(path)
    got = sheet(replay(doc))
    expect = doc["expect"]
    for number, (want, have) in enumerate(zip(expect["deals"], got["deals"], strict=False), 1):
        assert have == want, f"deal {number}; why: {doc['why']}"
    assert len(got["deals"]) == len(expect["deals"])
    assert got["totals"] == expect["totals"]
    assert got["winner"] == expect["winner"]


def test_catalogue() -> None:
    docs = [(path, load(path)) for path in FILES]
    ids = [doc["id"] for _, doc in docs]
    assert len(ids) == len(set(ids)), "fixture ids are unique"
    per_profile = {pid: 0 for pid in PROFILES}
    deals = 0
    for path, doc in docs:
        assert path.parent.name == doc["profile"], doc["id"]
        assert doc["id"] == f"{doc['profile']}-{path.stem}", doc["id"]
        assert doc["events"][0]["data"]["profile"] == doc["profile"], doc["id"]
        assert doc["rules_rows"] and all(row.strip() for row in doc["rules_rows"]), doc["id"]
        assert doc["why"].strip(), doc["id"]
        if doc.get("legal") is False:
            assert doc.get("legal_reason") and doc.get("breaches"), doc["id"]
        else:
            assert "breaches" not in doc, doc["id"]
        per_profile[doc["profile"]] += 1
        deals += len(doc["expect"]["deals"])
    assert deals >= 64 and len(docs) >= 64
    assert all(count >= 6 for count in per_profile.values()), per_profile
    assert set(ENGINE_BUGS) <= set(ids), "every known engine bug names a fixture"
