"""A 5,000-event game end to end: appended one event per request, imported, and read back
(state, sheet, audit, timeline, history, replay page), with the snapshots it writes.

Games of more than about 990 events used to fail wherever a snapshot was written or read
(a pickled linked list hit the recursion limit). Prints its figures.
"""

from __future__ import annotations

import json
import statistics
import time
import uuid
from typing import Any

import pytest

from service.cli.main import main
from tests.gamekit import wire_game
from tests.service.conftest import Api

EVENTS = 5000


@pytest.fixture(scope="module")
def long_game() -> list[dict[str, Any]]:
    """A generated ffb game of at least 5,000 events (target out of reach), cut there."""
    _g, events = wire_game("ffb", 2026, max_deals=140, target=100_000, record_hands=True)
    assert len(events) >= EVENTS
    return events[:EVENTS]


def _reads(api: Api, game: str) -> dict[str, float]:
    """Every read the replay viewer makes, each answered 200; their times in ms."""
    times: dict[str, float] = {}
    for name, path in [
        ("state", f"/games/{game}/state?view=arbiter"),
        ("state_mid", f"/games/{game}/state?at=2500"),
        ("sheet", f"/games/{game}/sheet"),
        ("audit", f"/games/{game}/audit"),
        ("timeline", f"/games/{game}/timeline"),
        ("events", f"/games/{game}/events?after=4990&limit=10"),
        ("verify", f"/games/{game}/verify"),
        ("page", f"/ui/games/{game}"),
    ]:
        t0 = time.perf_counter()
        answer = api.get(path, api.arbiter)
        times[name] = round((time.perf_counter() - t0) * 1000, 1)
        assert answer.status_code == 200, (name, answer.get_data(as_text=True)[:300])
    return times


def test_a_long_game_appended_one_event_at_a_time(api: Api, long_game: list[dict[str, Any]]):
    created = api.create(long_game[0])
    assert created.status_code == 201
    game = created.get_json()["id"]
    spent = []
    for version, event in enumerate(long_game[1:], start=1):
        t0 = time.perf_counter()
        answer = api.append(game, [event], version)
        spent.append(time.perf_counter() - t0)
        assert answer.status_code == 201, (version, answer.get_json())
    state = api.get(f"/games/{game}/state", api.reader).get_json()
    assert state["version"] == EVENTS
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert len(sheet["deals"]) >= 100
    reads = _reads(api, game)
    print(
        f"\nlong game: {EVENTS} events appended one per request, p50 "
        f"{statistics.median(spent) * 1000:.2f} ms, max {max(spent) * 1000:.1f} ms; "
        f"{len(sheet['deals'])} deals; reads (ms): {json.dumps(reads)}"
    )


def test_a_long_game_imported_and_read(app: Any, api: Api, long_game, tmp_path):
    game = str(uuid.uuid4())
    data = dict(long_game[0]["data"], club=api.club)
    line = {"game": game, "events": [{"type": "GameCreated", "data": data}, *long_game[1:]]}
    archive = tmp_path / "long.ndjson"
    archive.write_text(json.dumps(line) + "\n", encoding="utf-8")
    t0 = time.perf_counter()
    result = app.test_cli_runner().invoke(main, ["import", str(archive)])
    spent = time.perf_counter() - t0
    assert result.exit_code == 0, (result.output, result.exception)
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["imported"] == 1 and summary["events"] == EVENTS
    reads = _reads(api, game)
    print(f"\nlong game imported in {spent:.2f} s; reads (ms): {json.dumps(reads)}")
