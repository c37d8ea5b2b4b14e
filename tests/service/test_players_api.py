"""The roster through HTTP on the real database: names normalized to one player, games
seating roster ids, ambiguous names refused, merges, searches, and bad input."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from service.bootstrap import services
from service.cli.main import main
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api
from workers.stats_store import refresh


@pytest.fixture
def roster(client: Any, make_token: Callable[..., str]) -> Api:
    """A club of its own per test, so that names never meet another test's."""
    return Api(client, make_token, f"roster-{uuid.uuid4().hex[:8]}")


def new_game(api: Api, seats: dict[str, str], **extra: Any) -> Any:
    body = {"profile": "ffb", "first_dealer": "N", "seats": seats, **extra}
    return api.client.post("/games", json=body, headers=bearer(api.recorder))


def count_rows(app: Any, table: str, club: str) -> int:
    with services(app).pool.connection() as conn:
        row = conn.execute(f"SELECT count(*) FROM {table} WHERE club = %s", (club,)).fetchone()  # noqa: S608
    return int(row[0]) if row else 0


def test_spellings_of_one_person_seat_one_roster_entry(roster: Api, app: Any) -> None:
    first = new_game(roster, {"N": "Emma", "E": "zoe ", "S": "Jean  Martin", "W": "Wanda"})
    assert first.status_code == 201, first.get_json()
    second = new_game(roster, {"N": "Zoé", "E": "emma", "S": "jean martin", "W": "WANDA"})
    assert second.status_code == 201, second.get_json()
    one = roster.get(f"/games/{first.get_json()['id']}", roster.reader).get_json()
    two = roster.get(f"/games/{second.get_json()['id']}", roster.reader).get_json()
    # the page shows the name first written, never an id; programs get the ids too
    assert one["seats"] == {"N": "Emma", "E": "zoe", "S": "Jean  Martin", "W": "Wanda"}
    assert two["seats"] == {"N": "zoe", "E": "Emma", "S": "Jean  Martin", "W": "Wanda"}
    assert two["player_ids"]["E"] == one["player_ids"]["N"]
    assert two["player_ids"]["N"] == one["player_ids"]["E"]
    assert count_rows(app, "players", roster.club) == 4
    listed = roster.get(f"/clubs/{roster.club}/players?q=ZOE", roster.reader).get_json()
    assert [p["id"] for p in listed["players"]] == [one["player_ids"]["E"]]
    # the log holds the ids only, and says so
    created = roster.get(f"/games/{one['id']}/events", roster.reader).get_json()["events"][0]
    assert created["data"]["roster"] is True and created["schema_version"] == 3
    assert created["data"]["seats"] == one["player_ids"]
    assert "Emma" not in str(created)


def test_a_seat_may_name_a_player_by_id(roster: Api) -> None:
    made = new_game(roster, {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}).get_json()
    ids = roster.get(f"/games/{made['id']}", roster.reader).get_json()["player_ids"]
    again = new_game(roster, {"N": ids["E"], "E": ids["N"], "S": "cyd", "W": ids["W"]})
    assert again.status_code == 201
    row = roster.get(f"/games/{again.get_json()['id']}", roster.reader).get_json()
    assert row["seats"] == {"N": "bob", "E": "ann", "S": "cyd", "W": "dan"}


def test_an_ambiguous_name_is_refused_naming_the_candidates(roster: Api, app: Any) -> None:
    url = f"/clubs/{roster.club}/players"
    a = roster.client.post(url, json={"name": "Jean Martin", "licence": "0412"},
                           headers=bearer(roster.admin))  # fmt: skip
    assert a.status_code == 201 and a.get_json()["homonyms"] == []
    b = roster.client.post(url, json={"name": "jean martin"}, headers=bearer(roster.admin))
    assert b.status_code == 201 and b.get_json()["homonyms"] == [a.get_json()["id"]]
    before = count_rows(app, "players", roster.club)
    refused = new_game(roster, {"N": "JEAN MARTIN", "E": "new one", "S": "x", "W": "y"})
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"] == "/problems/ambiguous-player"
    message = problem["errors"]["seats"]["N"][0]
    assert a.get_json()["id"] in message and b.get_json()["id"] in message
    # nothing written: neither the game nor the new names of the other seats
    assert count_rows(app, "players", roster.club) == before
    assert count_rows(app, "games", roster.club) == 0
    chosen = new_game(roster, {"N": a.get_json()["id"], "E": "new one", "S": "x", "W": "y"})
    assert chosen.status_code == 201


@pytest.mark.parametrize(
    ("seat", "problem"),
    [("pl_" + "0" * 32, "has no player"), ("a\x1b[2Jb", "control character"),
     ("\u202eevil", "control character"), ("", "empty")],
)  # fmt: skip
def test_unknown_ids_and_hostile_names_are_refused(roster: Api, seat: str, problem: str) -> None:
    answer = new_game(roster, {"N": seat, "E": "b", "S": "c", "W": "d"})
    assert answer.status_code == 422
    assert problem in str(answer.get_json()["errors"])


def test_another_clubs_player_cannot_be_seated(roster: Api, client: Any, make_token: Any) -> None:
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    made = new_game(other, {"N": "o1", "E": "o2", "S": "o3", "W": "o4"}).get_json()
    theirs = other.get(f"/games/{made['id']}", other.reader).get_json()["player_ids"]["N"]
    answer = new_game(roster, {"N": theirs, "E": "b", "S": "c", "W": "d"})
    assert answer.status_code == 422 and "has no player" in str(answer.get_json())
    assert roster.get(f"/clubs/{roster.club}/players/{theirs}", roster.reader).status_code == 404
    assert roster.get(f"/clubs/{other.club}/players", roster.reader).status_code == 403


def test_merging_a_duplicate_counts_its_games_and_statistics_as_the_kept_player(
    roster: Api, app: Any
) -> None:
    _g, events = wire_game("ffb", 3, target=300)
    seats = events[0]["data"]["seats"]
    game_a, _ = roster.record(events)
    renamed = dict(events[0], data={**events[0]["data"], "seats": {**seats, "N": "Emmanuelle"}})
    game_b, _ = roster.record([renamed, *events[1:]])
    ids_a = roster.get(f"/games/{game_a}", roster.reader).get_json()["player_ids"]
    ids_b = roster.get(f"/games/{game_b}", roster.reader).get_json()["player_ids"]
    kept, duplicate = ids_a["N"], ids_b["N"]
    assert kept != duplicate
    refresh(services(app).pool)
    url = f"/clubs/{roster.club}/players/{duplicate}/merge"
    done = roster.client.post(url, json={"into": kept}, headers=bearer(roster.admin))
    assert done.status_code == 200, done.get_json()
    assert done.get_json() == {"merged": duplicate, "into": kept, "games": 1}
    # both games now list under the kept player, by id or by name, and read its name
    for who in (kept, seats["N"]):
        query = f"/games?club={roster.club}&player={who}"
        listed = roster.get(query, roster.reader).get_json()["games"]
        assert {g["id"] for g in listed} == {game_a, game_b}
    assert roster.get(f"/games/{game_b}", roster.reader).get_json()["seats"]["N"] == seats["N"]
    stats = roster.get(f"/stats/players?club={roster.club}&player={kept}", roster.reader)
    (row,) = stats.get_json()["rows"]
    assert row["player"] == seats["N"] and row["games"] == 2
    # the duplicate stays, with its history, and reads as the kept player
    entry = roster.get(f"/clubs/{roster.club}/players/{duplicate}", roster.reader).get_json()
    assert entry["merged_into"] == kept and entry["history"][-1]["action"] == "merged-into"
    # a new game naming the duplicate's id seats the kept one
    seated = new_game(roster, {"N": duplicate, "E": "p", "S": "q", "W": "r"}).get_json()
    assert roster.get(f"/games/{seated['id']}", roster.reader).get_json()["player_ids"]["N"] == kept
    # merging again is a conflict, and nothing changes
    again = roster.client.post(url, json={"into": kept}, headers=bearer(roster.admin))
    assert again.status_code == 409


def test_bad_merges_are_refused_and_change_nothing(
    roster: Api, client: Any, make_token: Any, app: Any
) -> None:
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    mine = new_game(roster, {"N": "m1", "E": "m2", "S": "m3", "W": "m4"}).get_json()
    theirs = new_game(other, {"N": "t1", "E": "t2", "S": "t3", "W": "t4"}).get_json()
    m = roster.get(f"/games/{mine['id']}", roster.reader).get_json()["player_ids"]
    t = other.get(f"/games/{theirs['id']}", other.reader).get_json()["player_ids"]
    base = f"/clubs/{roster.club}/players"
    admin = bearer(roster.admin)

    def merge(dup: str, body: Any, headers: dict[str, str] = admin, **kw: Any) -> Any:
        return roster.client.post(f"{base}/{dup}/merge", json=body, headers=headers, **kw)

    cross = merge(m["N"], {"into": t["N"]})
    assert cross.status_code == 422 and cross.get_json()["type"] == "/problems/cross-club-merge"
    assert merge(t["N"], {"into": m["N"]}).status_code == 404  # not this club's player
    assert merge(m["N"], {"into": m["N"]}).status_code == 422
    assert merge("pl_" + "f" * 32, {"into": m["N"]}).status_code == 404
    assert merge("nonsense", {"into": m["N"]}).status_code == 404
    assert merge(m["N"], {"into": "pl_" + "e" * 32}).status_code == 404
    assert merge(m["N"], {}).status_code == 422
    assert merge(m["N"], {"into": m["E"], "extra": 1}).status_code == 422
    assert merge(m["N"], [m["E"]]).status_code == 422
    assert merge(m["N"], {"into": m["E"]}, bearer(roster.recorder)).status_code == 403
    assert merge(m["N"], {"into": m["E"]}, {}).status_code == 401
    assert merge(m["N"], {"into": m["E"]}, bearer(other.admin)).status_code == 403
    not_json = roster.client.post(f"{base}/{m['N']}/merge", data="into", headers=admin)
    assert not_json.status_code == 415
    with services(app).pool.connection() as conn:
        merged = conn.execute(
            "SELECT count(*) FROM players WHERE merged_into IS NOT NULL AND club = ANY(%s)",
            ([roster.club, other.club],),
        ).fetchone()
    assert merged == (0,)


def test_listing_pages_and_refuses_bad_queries(roster: Api) -> None:
    url = f"/clubs/{roster.club}/players"
    for name in ("a1", "a2", "a3"):
        made = roster.client.post(url, json={"name": name}, headers=bearer(roster.admin))
        assert made.status_code == 201
    first = roster.get(f"{url}?limit=2", roster.reader).get_json()
    assert len(first["players"]) == 2 and first["next"] == first["players"][-1]["id"]
    rest = roster.get(f"{url}?limit=2&after={first['next']}", roster.reader).get_json()
    assert len(rest["players"]) == 1 and rest["next"] is None
    for query in ("limit=0", "limit=501", "sort=name", "q=", "all=maybe", "q=a%1Cb", "q=%20"):
        assert roster.get(f"{url}?{query}", roster.reader).status_code == 422, query
    assert roster.get(url).status_code == 401


def test_adding_a_player_refuses_bad_input(roster: Api) -> None:
    url = f"/clubs/{roster.club}/players"
    admin = bearer(roster.admin)
    made = roster.client.post(url, json={"name": "Lic", "licence": "F-1"}, headers=admin)
    assert made.status_code == 201
    for body in ({}, {"name": ""}, {"name": "a\nb"}, {"name": 3}, {"name": "x", "age": 3},
                 {"name": "pl_" + "0" * 32}, {"name": "x" * 201}):  # fmt: skip
        assert roster.client.post(url, json=body, headers=admin).status_code == 422, body
    same = roster.client.post(url, json={"name": "Other", "licence": "F-1"}, headers=admin)
    assert same.status_code == 409 and "F-1" in same.get_json()["detail"]
    assert (
        roster.client.post(url, json={"name": "r"}, headers=bearer(roster.recorder)).status_code
        == 403
    )


def test_exports_find_a_players_games_by_name_or_id(roster: Api, app: Any) -> None:
    made = new_game(roster, {"N": "Éloïse", "E": "b", "S": "c", "W": "d"}).get_json()
    pid = roster.get(f"/games/{made['id']}", roster.reader).get_json()["player_ids"]["N"]
    for who in ("eloise", "ÉLOÏSE ", pid):
        lines = roster.get(f"/archives/export?club={roster.club}&player={who}", roster.admin)
        assert lines.status_code == 200
        assert made["id"] in lines.get_data(as_text=True), who
        assert "Éloïse" not in lines.get_data(as_text=True)  # the log holds the id
    out = app.test_cli_runner().invoke(
        main, ["export", "--club", roster.club, "--player", "Eloise"]
    )
    assert out.exit_code == 0 and made["id"] in out.output
    nobody = roster.get(f"/archives/export?club={roster.club}&player=nobody", roster.admin)
    assert made["id"] not in nobody.get_data(as_text=True)


def test_out_of_order_and_hostile_roster_requests(roster: Api, app: Any) -> None:
    url = f"/clubs/{roster.club}/players"
    admin = bearer(roster.admin)
    hostile = "Robert'); DROP TABLE players; --"
    made = roster.client.post(url, json={"name": hostile}, headers=admin)
    assert made.status_code == 201 and made.get_json()["name"] == hostile
    kept = roster.client.post(url, json={"name": "Kept"}, headers=admin).get_json()["id"]
    one = made.get_json()["id"]
    found = roster.get(f"{url}?q={hostile}", roster.reader).get_json()["players"]
    assert [p["id"] for p in found] == [one]
    assert roster.get(f"{url}/{one}?x=1", roster.reader).status_code == 422
    # erased first, merged afterwards: out of order, refused, nothing changed
    assert roster.client.post(f"{url}/{one}/erase", headers=admin).status_code == 200
    late = roster.client.post(f"{url}/{kept}/merge", json={"into": one}, headers=admin)
    assert late.status_code == 409 and "erased" in late.get_json()["detail"]
    late = roster.client.post(f"{url}/{one}/merge", json={"into": kept}, headers=admin)
    assert late.status_code == 409
    assert roster.get(f"{url}/{kept}", roster.reader).get_json()["merged_into"] is None


def test_the_merge_command_refuses_bad_input(roster: Api, client: Any, make_token: Any,
                                             app: Any) -> None:  # fmt: skip
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    a = roster.client.post(f"/clubs/{roster.club}/players", json={"name": "a"},
                           headers=bearer(roster.admin)).get_json()["id"]  # fmt: skip
    b = roster.client.post(f"/clubs/{roster.club}/players", json={"name": "b"},
                           headers=bearer(roster.admin)).get_json()["id"]  # fmt: skip
    t = other.client.post(f"/clubs/{other.club}/players", json={"name": "t"},
                          headers=bearer(other.admin)).get_json()["id"]  # fmt: skip
    runner = app.test_cli_runner()
    cross = runner.invoke(main, ["players", "merge", a, "--into", t])
    assert cross.exit_code == 1 and "never merged" in cross.output
    assert runner.invoke(main, ["players", "merge", "pl_" + "0" * 32, "--into", a]).exit_code == 1
    assert runner.invoke(main, ["players", "merge", a]).exit_code == 2  # --into is required
    done = runner.invoke(main, ["players", "merge", a, "--into", b, "--by", "secretary"])
    assert done.exit_code == 0 and '"into": "' + b in done.output
    again = runner.invoke(main, ["players", "merge", a, "--into", b])
    assert again.exit_code == 1 and "already" in again.output
    listed = runner.invoke(main, ["players", "list", roster.club, "--all"]).output
    assert a in listed and b in listed
    assert runner.invoke(main, ["players", "list", roster.club]).output.count("pl_") == 1
    unknown = runner.invoke(main, ["players", "list", "no-such-club"])
    assert unknown.exit_code == 1 and "no club" in unknown.output
    bad = runner.invoke(main, ["players", "list", roster.club, "-q", "a\x1bb"])
    assert bad.exit_code == 1 and "control character" in bad.output
