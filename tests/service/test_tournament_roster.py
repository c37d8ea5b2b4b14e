"""Tournament registration through the club's roster, on the real database: a team is
registered by roster ids and read by the roster's names (API, CLI, printed page); typed
names stay accepted; bad ids are refused with nothing stored; erasing a player reaches
the registrations that used the roster while the tournament's stream still verifies."""

from __future__ import annotations

import json
import uuid
from typing import Any
from uuid import UUID

import pytest

from service.bootstrap import services
from service.cli.main import main
from tests.conftest import bearer
from tests.service.conftest import Api
from tests.service.test_players_erasure import traces


@pytest.fixture
def club_api(client: Any, make_token: Any) -> Api:
    return Api(client, make_token, f"troster-{uuid.uuid4().hex[:8]}")


def new_player(api: Api, name: str) -> str:
    made = api.client.post(
        f"/clubs/{api.club}/players", json={"name": name}, headers=bearer(api.admin)
    )
    assert made.status_code == 201, made.get_json()
    return str(made.get_json()["id"])


def post(api: Api, path: str, body: Any, secret: str | None = None) -> Any:
    return api.client.post(path, json=body, headers=bearer(secret or api.arbiter))


def version(api: Api, tid: str) -> int:
    return int(api.client.get(f"/tournaments/{tid}").get_json()["version"])


def test_a_team_registered_by_roster_ids_reads_by_the_rosters_names(
    club_api: Api, client: Any, make_token: Any, app: Any
) -> None:
    api = club_api
    zoe = new_player(api, "Zoé Lefèvre")
    max_ = new_player(api, "Max Durand")
    dup = new_player(api, "Max Durand (again)")
    merged = api.client.post(f"/clubs/{api.club}/players/{dup}/merge", json={"into": max_},
                             headers=bearer(api.admin))  # fmt: skip
    assert merged.status_code == 200, merged.get_json()
    tid = post(api, "/tournaments", {"name": "Roster cup"}).get_json()["id"]
    base = f"/tournaments/{tid}/teams"
    answer = post(api, base, {"name": "Les As", "players": [zoe, dup]})  # a merged id: kept's
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["events"][0]["data"]["players"] == [zoe, max_]  # ids are stored
    typed = post(api, base, {"name": "Sans roster", "players": ["Ann", "Bob"]})
    assert typed.status_code == 201  # a club without a roster types names
    mixed = post(api, base, {"name": "Mixte", "players": ["Cyd", f" {new_player(api, 'Dan')} "]})
    assert mixed.status_code == 201, mixed.get_json()

    doc = api.client.get(f"/tournaments/{tid}").get_json()
    assert [t["players"] for t in doc["teams"]] == [
        ["Zoé Lefèvre", "Max Durand"], ["Ann", "Bob"], ["Cyd", "Dan"],
    ]  # fmt: skip
    assert post(api, f"/tournaments/{tid}/rounds", {"seed": 1}).status_code == 201
    plan = json.dumps(api.client.get(f"/tournaments/{tid}/rounds/1").get_json())
    standings = api.client.get(f"/tournaments/{tid}/standings").get_json()["standings"]
    csv_text = api.client.get(f"/tournaments/{tid}/standings?format=csv").get_data(as_text=True)
    printed = api.client.get(f"/ui/tournaments/{tid}/print").get_data(as_text=True)
    runner = app.test_cli_runner()
    cli = runner.invoke(main, ["tournament", "standings", tid, "--json"])
    assert cli.exit_code == 0, cli.output
    shown = [plan, json.dumps(standings, ensure_ascii=False), csv_text, printed, cli.output]
    for text in shown:
        assert "pl_" not in text
    assert "Zoé Lefèvre & Max Durand" in {s["players"] for s in standings}
    assert "Zoé Lefèvre" in csv_text and "Zoé Lefèvre" in printed
    assert "Zoé Lefèvre & Max Durand" in {r["players"] for r in json.loads(cli.output)}

    # the same player in two teams, by id: refused like a typed name
    before = version(api, tid)
    late = post(api, base, {"name": "Encore", "players": [zoe, "Eve"]})
    assert late.status_code == 409 and late.get_json()["rule"] == "player-in-two-teams"
    # ids that are not the club's players, or erased: refused, nothing stored
    other = Api(client, make_token, f"troster-{uuid.uuid4().hex[:8]}")
    stranger = new_player(other, "Stranger")
    for players, rule in (
        (["pl_" + "0" * 32, "Eve"], "unknown-player"),
        ([stranger, "Eve"], "unknown-player"),
    ):
        refused = post(api, base, {"name": "Z", "players": players})
        assert refused.status_code == 422, refused.get_json()
        problem = refused.get_json()
        assert problem["rule"] == rule and "players" in problem["errors"]
    gone = new_player(api, "Gone Soon")
    assert api.client.post(f"/clubs/{api.club}/players/{gone}/erase",
                           headers=bearer(api.admin)).status_code == 200  # fmt: skip
    refused = post(api, base, {"name": "Z", "players": [gone, "Eve"]})
    assert refused.status_code == 422 and refused.get_json()["rule"] == "erased-player"
    cli = runner.invoke(main, ["tournament", "register", tid, "Z", stranger, "Eve"])
    assert cli.exit_code == 1 and "unknown-player" in cli.output
    assert version(api, tid) == before


def test_erasing_a_player_reaches_the_tournaments_registered_from_the_roster(
    club_api: Api, app: Any
) -> None:
    api = club_api
    name = f"Inès Effacée-{uuid.uuid4().hex[:8]}"
    ines = new_player(api, name)
    partner = new_player(api, "Paul Reste")
    tid = post(api, "/tournaments", {"name": "Erasure cup"}).get_json()["id"]
    for team, players in (("Les As", [ines, partner]), ("Les Rois", ["Ann", "Bob"])):
        made = post(api, f"/tournaments/{tid}/teams", {"name": team, "players": players})
        assert made.status_code == 201, made.get_json()
    assert post(api, f"/tournaments/{tid}/rounds", {"seed": 3}).status_code == 201
    assert name in json.dumps(api.client.get(f"/tournaments/{tid}").get_json(), ensure_ascii=False)
    data = api.client.get(f"/clubs/{api.club}/players/{ines}/data", headers=bearer(api.admin))
    assert [(t["id"], t["team"], t["team_name"]) for t in data.get_json()["tournaments"]] == [
        (tid, "1", "Les As")
    ]

    erased = api.client.post(f"/clubs/{api.club}/players/{ines}/erase", headers=bearer(api.admin))
    assert erased.status_code == 200, erased.get_json()
    assert erased.get_json()["tournaments"] == 1
    assert traces(app, name) == []  # the stream never held her name
    doc = api.client.get(f"/tournaments/{tid}").get_json()
    assert doc["teams"][0]["players"] == ["erased player", "Paul Reste"]
    standings = api.client.get(f"/tournaments/{tid}/standings").get_json()["standings"]
    assert "erased player & Paul Reste" in {s["players"] for s in standings}
    printed = api.client.get(f"/ui/tournaments/{tid}/print").get_data(as_text=True)
    assert "erased player" in printed and name not in printed
    assert services(app).tournaments.verify(UUID(tid)) is None  # the chain still holds
    events = api.client.get(f"/tournaments/{tid}/events").get_json()["events"]
    assert ines in events[1]["data"]["players"]  # the log keeps the opaque id
