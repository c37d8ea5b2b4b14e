"""``coinche tournament …`` on the test database: a small concours from creation to the CSV
ranking, and refusals that print the rule and store nothing."""

from __future__ import annotations

import csv
import io
import json
import uuid
from typing import Any

import pytest

from projections.tournament.documents import STANDING_COLUMNS
from service.cli.main import main


@pytest.fixture
def run(app: Any) -> Any:
    runner = app.test_cli_runner()

    def invoke(*args: str, code: int = 0) -> Any:
        result = runner.invoke(main, list(args))
        assert result.exit_code == code, (result.output, result.exception)
        return result

    return invoke


def test_a_concours_from_the_terminal(run: Any) -> None:
    club = f"cli-{uuid.uuid4().hex[:6]}"
    fmt = json.dumps({"base": "concours", "rounds": 2})
    tid = run("tournament", "create", club, "Concours du jeudi", "--format", fmt).output.strip()
    for i, name in enumerate(["Les As", "=cmd()", "Zoé & Co"]):
        run("tournament", "register", tid, name, f"a{i}", f"b{i}")
    out = run("tournament", "register", tid, "Les As", "x", "y", code=1).output
    assert "team-already-registered" in out
    plan = run("tournament", "draw", tid, "--seed", "42").output
    assert "round 1 (random, seed 42)" in plan and "bye:" in plan
    assert "round-incomplete" in run("tournament", "draw", tid, code=1).output
    doc = json.loads(run("tournament", "show", tid, "--json").output)
    table = doc["rounds"][0]["tables"][0]
    run("tournament", "result", tid, "1", str(table["table"]), "1200", "900")
    out = run("tournament", "result", tid, "1", str(table["table"]), "1200", "900", code=1).output
    assert "result-already-recorded" in out
    run("tournament", "correct", tid, "1", "1", "900", "1200", "--reason", "swapped")
    assert "unknown-table" in run("tournament", "result", tid, "1", "5", "1", "2", code=1).output
    run("tournament", "draw", tid)
    text = run("tournament", "standings", tid).output
    assert "rank" in text.splitlines()[0] and len(text.splitlines()) == 4
    rows = list(csv.DictReader(io.StringIO(run("tournament", "standings", tid, "--csv").output)))
    assert "'=cmd()" in {r["name"] for r in rows}  # a formula is written as text
    assert tid in run("tournament", "list", club).output
    assert "does not exist" in run("tournament", "show", str(uuid.uuid4()), code=1).output
    assert "not a tournament id" in run("tournament", "show", "nope", code=2).output


def test_standings_as_json(run: Any) -> None:
    """``standings --json``: one object per team, best first, the API's columns."""
    club = f"cli-{uuid.uuid4().hex[:6]}"
    fmt = json.dumps({"base": "concours", "rounds": 1, "bye_points": 300})
    tid = run("tournament", "create", club, "Un tour", "--format", fmt).output.strip()
    for name in ("Les As", "Les Rois", "Les Dames"):
        run("tournament", "register", tid, name, f"{name} 1", f"{name} 2")
    run("tournament", "draw", tid, "--seed", "7")
    doc = json.loads(run("tournament", "show", tid, "--json").output)
    (table,) = doc["rounds"][0]["tables"]
    bye = doc["rounds"][0]["bye"]["team"]
    run("tournament", "result", tid, "1", "1", "1200", "900")
    rows = json.loads(run("tournament", "standings", tid, "--json").output)
    assert [list(r) for r in rows] == [list(STANDING_COLUMNS)] * 3
    ns, ew = table["ns"]["team"], table["ew"]["team"]
    got = [(r["rank"], r["team"], r["wins"], r["byes"], r["points_for"], r["points_against"])
           for r in rows]  # fmt: skip
    # wins first (the bye is a win with 300 points), then points scored
    assert got == [(1, ns, 1, 0, 1200, 900), (2, bye, 1, 1, 300, 0), (3, ew, 0, 0, 900, 1200)]
    names = {r["team"]: r["name"] for r in rows}
    assert {r["players"] for r in rows} == {f"{n} 1 & {n} 2" for n in names.values()}
    assert all(r["withdrawn"] is False and r["matchpoints"] == 0 for r in rows)
    out = run("tournament", "standings", str(uuid.uuid4()), "--json", code=1).output
    assert "does not exist" in out


def test_the_readmes_walk_through_of_forty_teams(run: Any) -> None:
    """The README's concours from the terminal, step by step: a team cannot withdraw right
    after a draw (its table plays), it can once its table's result is in; 39 teams: a bye."""
    club = f"cli-{uuid.uuid4().hex[:6]}"
    fmt = json.dumps({"base": "concours", "rounds": 6, "length_value": 10})
    tid = run("tournament", "create", club, "Concours du jeudi", "--format", fmt).output.strip()
    for i in range(1, 41):
        run("tournament", "register", tid, f"Team {i}", f"Player {i}a", f"Player {i}b")
    run("tournament", "draw", tid)
    assert "game-in-progress" in run("tournament", "withdraw", tid, "17", code=1).output
    run("tournament", "result", tid, "1", "1", "1240", "860")
    run("tournament", "correct", tid, "1", "1", "860", "1240", "--reason", "teams swapped")
    for t in range(2, 21):
        run("tournament", "result", tid, "1", str(t), "1000", str(600 + 20 * t))
    run("tournament", "withdraw", tid, "17", "--reason", "train")
    plan = run("tournament", "draw", tid).output
    assert plan.startswith("round 2 (swiss,") and plan.count("  table ") == 19
    assert "bye:" in plan and " 17. Team 17 " not in plan
    rows = list(csv.DictReader(io.StringIO(run("tournament", "standings", tid, "--csv").output)))
    assert len(rows) == 40 and [r["withdrawn"] for r in rows].count("True") == 1
