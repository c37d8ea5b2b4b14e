"""Hostile input: NUL and control characters, names that hide what they are, spreadsheet
formulas, club ids with markup, and probes for another club's private games. Never a 5xx;
what cannot be stored is a 422 naming the field; what can is stored and escaped.
Prints its figures."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from service.cli.main import main
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api

QUERIES = [
    "/games?player=a%00b",
    "/games?club=a%00b",
    "/games?profile=a%00b",
    "/games?a%00b=1",
    "/archives/export?profile=a%00b",
    "/archives/export?player=%00",
    "/stats/players?player=a%00b&format=csv",
    "/feed?after=1%00",
    "/profiles/a%00b",
    "/clubs/x/profiles?x=%00",
]


@pytest.mark.parametrize("path", QUERIES)
def test_nul_in_a_query_is_refused_by_name(api: Api, path: str) -> None:
    answer = api.get(path, api.admin)
    assert answer.status_code in (404, 422), answer.get_data(as_text=True)
    assert answer.mimetype == "application/problem+json"
    if "?" in path:
        assert answer.status_code == 422
        assert answer.get_json()["errors"]


BAD_NAMES = {
    "nul": "a\u0000b",
    "spaces": "   ",
    "empty": "",
    "ansi": "\u001b[31mred",
    "newline": "two\nlines",
    "bidi override": "\u202eevil",
    "bidi isolate": "x\u2066y",
}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_a_player_name_that_is_no_name_is_refused(api: Api, name: str) -> None:
    _g, events = wire_game("ffb", 1, max_deals=1)
    body = dict(events[0]["data"], seats={"N": name, "E": "e", "S": "s", "W": "w"})
    answer = api.client.post("/games", json=body, headers=bearer(api.recorder))
    assert answer.status_code == 422, answer.get_json()
    assert "N" in answer.get_json()["errors"]["seats"]


def test_names_are_trimmed_and_normalized(api: Api) -> None:
    _g, events = wire_game("ffb", 1, max_deals=1)
    seats = {"N": "  Zoe\u0301 ", "E": "Élodie", "S": "=HYPERLINK(1)", "W": "w"}
    created = api.create(events[0], seats=seats)
    assert created.status_code == 201
    game = api.get(f"/games/{created.get_json()['id']}", api.reader).get_json()
    assert game["seats"]["N"] == "Zoé" and len(game["seats"]["N"]) == 3
    twin = dict(seats, W="Zoé")  # the same player once normalized: not four players
    assert api.create(events[0], seats=twin).status_code == 422


def test_control_characters_in_profile_names_and_documents(api: Api) -> None:
    for doc in [
        {"base": "ffb", "id": "p1", "name": "a\u0000b"},
        {"base": "ffb", "id": "p2", "name": "\u202ex"},
        {"base": "ffb", "id": "p3", "conventions": {"target": "a\u0000"}},
    ]:
        answer = api.client.post(f"/clubs/{api.club}/profiles", json=doc, headers=bearer(api.admin))
        assert answer.status_code == 422, (doc, answer.get_json())
    fine = {"base": "ffb", "id": "p4", "name": "  Belote du jeudi "}
    answer = api.client.post(f"/clubs/{api.club}/profiles", json=fine, headers=bearer(api.admin))
    assert answer.status_code == 201, answer.get_json()


def test_text_that_can_be_stored_is_kept_and_escaped(api: Api) -> None:
    _g, events = wire_game("ffb", 2, max_deals=1)
    meta = {"note": "<script>alert(1)</script>\u001b[2J\u202e"}
    created = api.create(events[0], metadata=meta)
    assert created.status_code == 201
    game = created.get_json()["id"]
    first = api.get(f"/games/{game}/events?limit=1", api.recorder).get_json()["events"][0]
    assert first["data"]["metadata"] == meta  # stored as sent, returned as JSON text
    nul = api.create(events[0], metadata={"note": "a\u0000b"})
    assert nul.status_code == 422 and "metadata" in nul.get_json()["errors"]


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralized() -> None:
    from workers.results import to_csv

    names = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "\tx", "\rx"]
    rows = [{"player": n, "games": -3} for n in [*names, "plain"]]
    lines = to_csv(rows, ["player", "games"]).splitlines()
    cells = [line.rsplit(",", 1)[0].strip('"') for line in lines[1:] if line]
    assert all(c.startswith("'") for c in cells[: len(names) - 1])
    assert cells[-1] == "plain" and lines[-1].endswith(",-3")  # numbers stay numbers


def test_csv_statistics_never_start_a_cell_with_a_formula(app: Any, api: Api) -> None:
    from service.bootstrap import services
    from workers.stats_store import refresh

    _g, events = wire_game("ffb", 3)
    seats = {"N": "=1+1", "E": "+2", "S": "@3", "W": "-4"}
    api.record(events, seats=seats)
    refresh(services(app).pool)
    answer = api.get(f"/stats/players?club={api.club}&format=csv", api.reader)
    assert answer.status_code == 200
    rows = answer.get_data(as_text=True).splitlines()[1:]
    firsts = sorted(row.split(",")[1] for row in rows)
    assert firsts == ["'+2", "'-4", "'=1+1", "'@3"], rows


def test_another_clubs_private_game_is_never_disclosed(api: Api, make_token, tmp_path) -> None:
    other = Api(api.client, make_token, f"club-{uuid.uuid4().hex[:8]}")
    _g, events = wire_game("ffb", 4, max_deals=1)
    private = api.create(events[0]).get_json()["id"]
    mine = other.create(events[0]).get_json()["id"]
    probe = other.create(events[0], id=private)
    own = other.create(events[0], id=mine)
    assert probe.status_code == own.status_code == 409
    assert probe.get_json()["detail"] == own.get_json()["detail"].replace(mine, private)
    assert "exist" not in probe.get_json()["detail"] and api.club not in json.dumps(
        probe.get_json()
    )
    line = {"game": private, "events": [dict(events[0], data=dict(events[0]["data"],
                                                                  club=other.club))]}  # fmt: skip
    answer = other.client.post(
        "/archives",
        data=json.dumps(line) + "\n",
        headers={**bearer(other.admin), "Content-Type": "application/x-ndjson"},
    )
    refused = answer.get_json()["refused"]
    assert answer.status_code == 200 and len(refused) == 1
    assert api.club not in refused[0]["reason"] and "stored" not in refused[0]["reason"]
    print(f"\nid probe answers: create {probe.get_json()['detail']!r}; import {refused[0]}")


def test_the_cli_import_refuses_a_club_id_with_markup(app: Any, tmp_path) -> None:
    _g, events = wire_game("ffb", 5, max_deals=1)
    bad = dict(events[0], data=dict(events[0]["data"], club="<script>x</script>"))
    spaces = dict(events[0], data=dict(events[0]["data"], seats={"N": " ", "E": "e", "S": "s",
                                                                 "W": "w"}))  # fmt: skip
    archive = tmp_path / "bad.ndjson"
    archive.write_text(
        "".join(json.dumps({"game": str(uuid.uuid4()), "events": [e]}) + "\n" for e in (bad,
                                                                                        spaces)),
        encoding="utf-8",
    )  # fmt: skip
    result = app.test_cli_runner().invoke(main, ["import", str(archive)])
    assert result.exit_code == 2, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["imported"] == 0 and len(summary["refused"]) == 2
    reasons = " ".join(r["reason"] for r in summary["refused"])
    assert "club" in reasons and "name" in reasons
