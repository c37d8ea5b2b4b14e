"""Right of access: one player's data (entry, merged entries, history, games, statistics)
as JSON, for an admin of the club, through the API and ``coinche players export``."""

from __future__ import annotations

import json
import uuid
from typing import Any

from service.bootstrap import services
from service.cli.main import main
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api
from workers.stats_store import refresh


def test_a_players_data_as_one_document(client: Any, make_token: Any, app: Any) -> None:
    api = Api(client, make_token, f"access-{uuid.uuid4().hex[:8]}")
    _g, events = wire_game("ffb", 41, target=300)
    data = events[0]["data"]
    seats = {**data["seats"], "E": "Léa Martin"}
    game_one, _ = api.record([dict(events[0], data={**data, "seats": seats}), *events[1:]])
    dup_seats = {**data["seats"], "W": "Lea M."}
    game_two, _ = api.record([dict(events[0], data={**data, "seats": dup_seats}), *events[1:4]])
    lea = api.get(f"/games/{game_one}", api.reader).get_json()["player_ids"]["E"]
    dup = api.get(f"/games/{game_two}", api.reader).get_json()["player_ids"]["W"]
    merged = api.client.post(f"/clubs/{api.club}/players/{dup}/merge", json={"into": lea},
                             headers=bearer(api.admin))  # fmt: skip
    assert merged.status_code == 200
    refresh(services(app).pool)
    got = api.get(f"/clubs/{api.club}/players/{lea}/data", api.admin)
    assert got.status_code == 200, got.get_json()
    doc = got.get_json()
    assert doc["player"]["name"] == "Léa Martin" and doc["player"]["id"] == lea
    assert [m["id"] for m in doc["merged"]] == [dup] and doc["merged"][0]["name"] == "Lea M."
    assert {(g["id"], g["seat"], g["team"], g["status"]) for g in doc["games"]} == {
        (game_one, "E", "EW", "finished"),
        (game_two, "W", "EW", "live"),
    }
    finished = next(g for g in doc["games"] if g["id"] == game_one)
    assert finished["won"] is not None and finished["totals"] is not None
    assert [(s["player"], s["games"]) for s in doc["statistics"]] == [("Léa Martin", 1)]
    assert {h["action"] for h in doc["history"]} == {"created", "absorbed", "merged-into"}
    text = json.dumps(doc, ensure_ascii=False)
    for other in ("N", "S"):  # the other players' data is theirs
        assert data["seats"][other] not in text
    # the same document from the command line
    out = app.test_cli_runner().invoke(main, ["players", "export", lea])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["games"] == doc["games"]


def test_access_is_an_admins_and_refuses_bad_input(client: Any, make_token: Any, app: Any) -> None:
    api = Api(client, make_token, f"access-{uuid.uuid4().hex[:8]}")
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    made = api.client.post(f"/clubs/{api.club}/players", json={"name": "Solo"},
                           headers=bearer(api.admin)).get_json()  # fmt: skip
    url = f"/clubs/{api.club}/players/{made['id']}/data"
    assert api.get(url, api.admin).status_code == 200
    assert api.get(url, api.reader).status_code == 403
    assert api.get(url, api.recorder).status_code == 403
    assert api.get(url).status_code == 401
    assert api.get(url, other.admin).status_code == 403
    assert api.get(f"/clubs/{other.club}/players/{made['id']}/data", other.admin).status_code == 404
    assert api.get(f"/clubs/{api.club}/players/pl_{'0' * 32}/data", api.admin).status_code == 404
    assert api.get(f"/clubs/{api.club}/players/x'--/data", api.admin).status_code == 404
    assert api.get(f"{url}?format=csv", api.admin).status_code == 422
    out = app.test_cli_runner().invoke(main, ["players", "export", "pl_" + "0" * 32])
    assert out.exit_code == 1 and "no player" in out.output
