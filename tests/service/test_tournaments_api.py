"""The tournaments API on the real database: a concours from registration to the CSV
ranking, a duplicate round with a game linked, and every refusal (nothing stored)."""

from __future__ import annotations

import csv
import io
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from projections.tournament import decide
from rules.tournament.errors import TournamentError
from service import tournaments as running
from service.bootstrap import services
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api


def post(api: Api, path: str, body: Any, secret: str | None = None) -> Any:
    return api.client.post(path, json=body, headers=bearer(secret or api.arbiter))


def problem(answer: Any, status: int, rule: str | None = None) -> dict[str, Any]:
    doc = answer.get_json()
    assert answer.status_code == status, doc
    assert answer.mimetype == "application/problem+json"
    if rule is not None:
        assert doc["rule"] == rule, doc
    return doc


def new_tournament(api: Api, fmt: Any = "concours", teams: int = 4) -> str:
    made = post(api, "/tournaments", {"name": "Concours du jeudi", "format": fmt})
    assert made.status_code == 201, made.get_json()
    tid = made.get_json()["id"]
    assert made.headers["Location"].endswith(f"/tournaments/{tid}")
    for i in range(teams):
        answer = post(
            api, f"/tournaments/{tid}/teams", {"name": f"T{i}", "players": [f"a{i}", f"b{i}"]}
        )
        assert answer.status_code == 201, answer.get_json()
    return tid


def version(api: Api, tid: str) -> int:
    return int(api.client.get(f"/tournaments/{tid}").get_json()["version"])


def test_a_concours_from_registration_to_the_csv_ranking(api: Api) -> None:
    tid = new_tournament(api, {"base": "concours", "rounds": 2}, teams=5)
    drawn = post(api, f"/tournaments/{tid}/rounds", {"seed": 12345})
    assert drawn.status_code == 201
    (event,) = drawn.get_json()["events"]
    assert event["type"] == "RoundDrawn" and event["data"]["seed"] == 12345
    plan = api.client.get(f"/tournaments/{tid}/rounds/1").get_json()
    assert len(plan["tables"]) == 2 and plan["bye"] is not None
    for i, table in enumerate(plan["tables"], start=1):
        body = {"points": {"NS": 1000 + 100 * i, "EW": 800}}
        answer = post(
            api, f"/tournaments/{tid}/rounds/1/tables/{table['table']}/result", body, api.recorder
        )
        assert answer.status_code == 201, answer.get_json()
    assert post(api, f"/tournaments/{tid}/rounds", {}).status_code == 201
    standings = api.client.get(f"/tournaments/{tid}/standings").get_json()["standings"]
    assert standings[0]["rank"] == 1 and len(standings) == 5
    assert sum(s["wins"] for s in standings) == 4  # two tables won, the byes of rounds 1 and 2
    text = api.client.get(f"/tournaments/{tid}/standings?format=csv")
    assert text.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(text.get_data(as_text=True))))
    assert [r["team"] for r in rows] == [s["team"] for s in standings]
    events = api.client.get(f"/tournaments/{tid}/events").get_json()["events"]
    assert [e["type"] for e in events][:2] == ["TournamentCreated", "TeamRegistered"]
    listed = api.client.get("/tournaments", headers=bearer(api.reader)).get_json()["tournaments"]
    assert tid in {t["id"] for t in listed}


def test_bad_input_is_refused_and_nothing_is_stored(api: Api) -> None:
    tid = new_tournament(api)
    base = f"/tournaments/{tid}"
    before = version(api, tid)
    problem(
        post(api, f"{base}/teams", {"name": "T1", "players": ["x", "y"]}),
        409,
        "team-already-registered",
    )
    problem(
        post(api, f"{base}/teams", {"name": "\u202eevil", "players": ["x", "y"]}), 422, "bad-name"
    )
    problem(
        post(api, f"{base}/teams", {"name": "ok", "players": ["x\u001b[2J", "y"]}), 422, "bad-name"
    )
    problem(post(api, f"{base}/teams", {"name": "ok", "players": ["x"]}), 422, "bad-team")
    problem(post(api, f"{base}/teams", {"name": "ok", "players": ["x", "y"], "extra": 1}), 422)
    problem(post(api, f"{base}/teams", {"name": "ok", "players": ["x", "y"]}, api.recorder), 403)
    problem(post(api, f"{base}/teams", {"name": "ok", "players": ["x", "y"]}, api.reader), 403)
    bad = api.client.post(
        f"{base}/teams",
        data="{",
        headers={**bearer(api.arbiter), "Content-Type": "application/json"},
    )
    problem(bad, 400)
    problem(
        post(api, f"{base}/rounds/1/tables/1/result", {"points": {"NS": 1, "EW": 2}}, api.recorder),
        422,
        "unknown-table",
    )
    problem(post(api, f"{base}/teams/9/withdrawal", {}), 422, "unknown-team")
    assert version(api, tid) == before
    assert post(api, f"{base}/rounds", {"seed": 1}).status_code == 201
    problem(post(api, f"{base}/rounds", {"seed": 2}), 409, "round-incomplete")
    plan = api.client.get(f"{base}/rounds/1").get_json()
    seated = plan["tables"][0]["ns"]["team"]
    problem(
        post(api, f"{base}/teams/{seated}/withdrawal", {"reason": "ill"}), 409, "game-in-progress"
    )
    result = f"{base}/rounds/1/tables/1/result"
    assert post(api, result, {"points": {"NS": 900, "EW": 700}}, api.recorder).status_code == 201
    problem(
        post(api, result, {"points": {"NS": 900, "EW": 800}}, api.recorder),
        409,
        "result-already-recorded",
    )
    problem(post(api, result, {"points": {"NS": -1, "EW": 800}}, api.recorder), 422)
    problem(
        post(api, f"{base}/rounds/1/tables/9/result", {"points": {"NS": 1, "EW": 2}}, api.recorder),
        422,
        "unknown-table",
    )
    fixed = post(
        api,
        f"{base}/rounds/1/tables/1/correction",
        {"points": {"NS": 700, "EW": 900}, "reason": "swapped"},
    )
    assert fixed.status_code == 201
    table = api.client.get(f"{base}/rounds/1").get_json()["tables"][0]
    assert table["points"] == {"NS": 700, "EW": 900} and len(table["corrections"]) == 1
    assert post(api, f"{base}/teams/{seated}/withdrawal", {"reason": "ill"}).status_code == 201
    problem(
        post(api, f"{base}/teams/{seated}/withdrawal", {"reason": "again"}),
        409,
        "team-already-withdrawn",
    )
    problem(api.client.get(f"/tournaments/{uuid.uuid4()}"), 404)
    problem(api.client.get(f"{base}/rounds/7"), 404)
    problem(api.client.get(f"{base}/standings?format=xml"), 422)
    problem(api.client.get(f"{base}/standings?colour=red"), 422)
    problem(
        post(api, "/tournaments", {"name": "x", "format": {"base": "concours", "rounds": 99}}),
        422,
        "bad-format",
    )
    problem(post(api, "/tournaments", {"name": "x", "format": "league"}), 422, "unknown-format")


def test_another_clubs_token_cannot_write(api: Api, make_token: Any) -> None:
    tid = new_tournament(api, teams=2)
    stranger = make_token(f"other-{uuid.uuid4().hex[:6]}", ("arbiter", "record"))
    problem(post(api, f"/tournaments/{tid}/rounds", {}, stranger), 403)
    problem(
        post(api, f"/tournaments/{tid}/teams", {"name": "Z", "players": ["z1", "z2"]}, stranger),
        403,
    )


def test_a_duplicate_round_links_a_finished_game_and_shows_its_boards_after(api: Api) -> None:
    tid = new_tournament(api, {"base": "duplicate", "length_value": 2, "profile": "contree"}, 2)
    base = f"/tournaments/{tid}"
    assert post(api, f"{base}/rounds", {"seed": 99}).status_code == 201
    problem(api.client.get(f"{base}/rounds/1/boards"), 403)
    public = api.client.get(f"{base}/events").get_json()["events"]
    drawn = next(e for e in public if e["type"] == "RoundDrawn")
    assert drawn["data"]["boards"] is None and drawn["redacted"] == ["boards"]
    arbiter_view = api.client.get(f"{base}/events", headers=bearer(api.arbiter)).get_json()
    assert next(e for e in arbiter_view["events"] if e["type"] == "RoundDrawn")["data"]["boards"]
    boards = api.client.get(f"{base}/rounds/1/boards", headers=bearer(api.arbiter)).get_json()
    assert [b["board"] for b in boards["boards"]] == [1, 2]
    g, dealt_elsewhere = wire_game("contree", 35, record_hands=True)  # N deals first, as board 1
    other, _ = api.record(dealt_elsewhere)
    problem(
        post(api, f"{base}/rounds/1/tables/1/game", {"game": other}, api.recorder),
        422,
        "board-mismatch",
    )
    g, events = wire_game("contree", 37, record_hands=False)  # a paper game: hands unknown
    assert g.final.over
    game, _ = api.record(events)
    linked = post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder)
    assert linked.status_code == 201, linked.get_json()
    types = [e["type"] for e in linked.get_json()["events"]]
    assert types == ["GameLinked", "ResultRecorded", "ResultRecorded"]
    problem(
        post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder),
        409,
        "result-already-recorded",
    )
    problem(
        post(api, f"{base}/rounds/1/tables/1/game", {"game": str(uuid.uuid4())}, api.recorder),
        422,
        "unknown-game",
    )
    _, again = wire_game("contree", 32, record_hands=False)
    second, _ = api.record(again)
    problem(
        post(api, f"{base}/rounds/1/tables/1/game", {"game": second}, api.recorder),
        409,
        "table-already-linked",
    )
    assert api.client.get(f"{base}/rounds/1/boards").status_code == 200
    public = api.client.get(f"{base}/events").get_json()["events"]
    assert next(e for e in public if e["type"] == "RoundDrawn")["data"]["boards"]  # round over
    standings = api.client.get(f"{base}/standings").get_json()["standings"]
    assert {s["matchpoints"] for s in standings} == {50.0}  # one table: every board an average


def test_a_duplicate_game_dealt_as_the_boards_is_linked(api: Api) -> None:
    tid = new_tournament(api, {"base": "duplicate", "length_value": 2}, teams=4)
    base = f"/tournaments/{tid}"
    assert post(api, f"{base}/rounds", {"seed": 5}).status_code == 201
    board = api.client.get(f"{base}/rounds/1/boards", headers=bearer(api.arbiter)).get_json()[
        "boards"
    ][0]
    created = {
        "type": "GameCreated",
        "data": {
            "profile": "ffb",
            "first_dealer": board["dealer"],
            "seats": {"N": "n1", "E": "e1", "S": "s1", "W": "w1"},
        },
    }
    dealt = {"type": "DealStarted", "data": {"dealer": board["dealer"], "hands": board["hands"]}}
    game, _ = api.record([created, dealt])
    linked = post(api, f"{base}/rounds/1/tables/2/game", {"game": game}, api.recorder)
    assert linked.status_code == 201, linked.get_json()
    assert [e["type"] for e in linked.get_json()["events"]] == ["GameLinked"]  # still live
    table = api.client.get(f"{base}/rounds/1").get_json()["tables"][1]
    assert table["game"] == game and table["boards"] == {}


def test_a_command_raced_by_another_writer_is_decided_again(app: Any) -> None:
    """Between the read and the append, another organiser registers the same team: the
    append meets the new version, the command is decided again and refused; one team."""
    store = services(app).tournaments
    tid, _ = running.create(store, "Race", "race-club", "concours", "t")
    calls = []

    def racing(state: Any, name: str, players: list[str]) -> Any:
        calls.append(state.version)
        made = decide.register(state, name, players)
        if len(calls) == 1:  # the other writer gets there first
            running.run(store, tid, "other", decide.register, name, players)
        return made

    with pytest.raises(TournamentError) as caught:
        running.run(store, tid, "t", racing, "Les As", ["a", "b"])
    assert caught.value.rule == "team-already-registered"
    assert calls == [1, 2]
    assert len(running.load(store, tid).teams) == 1


def test_a_game_linked_while_played_brings_its_result_when_linked_again(api: Api) -> None:
    tid = new_tournament(api, {"base": "concours", "rounds": 2, "profile": "contree"}, teams=2)
    base = f"/tournaments/{tid}"
    assert post(api, f"{base}/rounds", {"seed": 4}).status_code == 201
    g, events = wire_game("contree", 31, record_hands=False)
    half = len(events) // 2
    game, version = api.record(events[:half])
    link = f"{base}/rounds/1/tables/1/game"
    first = post(api, link, {"game": game}, api.recorder)
    assert [e["type"] for e in first.get_json()["events"]] == ["GameLinked"]
    problem(post(api, link, {"game": game}, api.recorder), 409, "game-not-finished")
    assert api.append(game, events[half:], version).status_code == 201
    again = post(api, link, {"game": game}, api.recorder)
    assert again.status_code == 201, again.get_json()
    ((kind, data),) = [(e["type"], e["data"]) for e in again.get_json()["events"]]
    totals = {"NS": g.final.totals[0], "EW": g.final.totals[1]}
    assert kind == "ResultRecorded" and data["source"] == "game" and data["points"] == totals
    problem(post(api, link, {"game": game}, api.recorder), 409, "result-already-recorded")


SCORE_ONLY = Path(__file__).parent.parent / "fixtures" / "deals" / "ffb"
SCORE_ONLY = SCORE_ONLY / "35-score-only-deals.json"


def score_only_game(first_dealer: str = "N") -> list[dict[str, Any]]:
    """The ffb fixture's two score-only deals (dealers N then W; marks NS 210 EW 80, then NS
    0 EW 740) as a game of two deals, first dealt by ``first_dealer``."""
    events = json.loads(SCORE_ONLY.read_text())["events"]
    created = {**events[0]["data"], "length": {"deals": 2}, "first_dealer": first_dealer}
    turn = {"N": "W", "W": "S", "S": "E", "E": "N"}  # counter-clockwise
    deals = [
        {"type": e["type"], "data": {**e["data"], "dealer": d}}
        for e, d in zip(events[1:], (first_dealer, turn[first_dealer]), strict=True)
    ]
    return [{"type": "GameCreated", "data": created}, *deals]


def test_a_duplicate_table_links_a_score_only_game_played_as_the_boards(api: Api) -> None:
    tid = new_tournament(api, {"base": "duplicate", "length_value": 2}, teams=4)
    base = f"/tournaments/{tid}"
    drawn = post(api, f"{base}/rounds", {"seed": 8}).get_json()["events"][0]["data"]
    assert [b["dealer"] for b in drawn["boards"]] == ["N", "W"]  # ffb deals counter-clockwise
    assert {t["first_dealer"] for t in drawn["tables"]} == {"N"}  # every table starts board 1
    printed = api.client.get(f"/ui/tournaments/{tid}/print?lang=en").get_data(as_text=True)
    assert "every table deals first as board 1 says" in printed
    before = version(api, tid)
    _, contree = wire_game("contree", 35, record_hands=False)  # N then W, but contree
    game, _ = api.record(contree)
    answer = post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder)
    assert "contree" in problem(answer, 422, "profile-mismatch")["detail"]
    game, _ = api.record(score_only_game("E"))
    answer = post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder)
    assert "board 1 is dealt by N" in problem(answer, 422, "dealer-mismatch")["detail"]
    assert version(api, tid) == before  # nothing stored
    game, _ = api.record(score_only_game("N"))
    linked = post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder)
    assert linked.status_code == 201, linked.get_json()
    recorded = [e["data"] for e in linked.get_json()["events"][1:]]
    assert [(r["board"], r["points"], r["source"]) for r in recorded] == [
        (1, {"NS": 210, "EW": 80}, "game"),
        (2, {"NS": 0, "EW": 740}, "game"),
    ]
    table = api.client.get(f"{base}/rounds/1").get_json()["tables"][0]
    assert table["game"] == game and table["boards"] == {
        "1": {"NS": 210, "EW": 80},
        "2": {"NS": 0, "EW": 740},
    }


def test_a_concours_table_links_a_score_only_game_as_its_result(api: Api) -> None:
    tid = new_tournament(api, {"base": "concours", "rounds": 1, "length_value": 2}, teams=2)
    base = f"/tournaments/{tid}"
    assert post(api, f"{base}/rounds", {"seed": 3}).status_code == 201
    printed = api.client.get(f"/ui/tournaments/{tid}/print?lang=en").get_data(as_text=True)
    assert "board 1" not in printed
    game, _ = api.record(score_only_game("S"))  # a concours table deals as it likes
    linked = post(api, f"{base}/rounds/1/tables/1/game", {"game": game}, api.recorder)
    assert linked.status_code == 201, linked.get_json()
    (result,) = [e["data"] for e in linked.get_json()["events"] if e["type"] == "ResultRecorded"]
    assert result["points"] == {"NS": 210, "EW": 820} and result["board"] is None
    standings = api.client.get(f"{base}/standings").get_json()["standings"]
    assert [(s["points_for"], s["wins"]) for s in standings] == [(820, 1), (210, 0)]
