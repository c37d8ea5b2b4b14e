"""Erasure on the real database: after ``POST …/erase`` the name is in no text, jsonb,
array or bytea column of any table, nor in an export; every game still verifies; the
player reads "erased player" and the statistics still count the games."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from psycopg import sql

from events.records import NewEvent
from service.bootstrap import services
from service.cli.main import main
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api
from workers.stats_store import refresh
from workers.tasks import audit_chunk

SEARCHED = ("text", "jsonb", "json", "character varying", "ARRAY", "bytea")


def traces(app: Any, *needles: str) -> list[tuple[str, str, int]]:
    """``(table, column, rows)`` for every column of every table of the database whose
    text holds one of ``needles`` (case-insensitive)."""
    found = []
    with services(app).pool.connection() as conn:
        columns = conn.execute(
            "SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c"
            " JOIN information_schema.tables t USING (table_schema, table_name)"
            " WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'"
            " AND c.data_type = ANY(%s) ORDER BY 1, 2",
            (list(SEARCHED),),
        ).fetchall()
        assert {"events", "games", "players", "stat_seats", "projection_snapshots"} <= {
            c[0] for c in columns
        }
        for table, column, kind in columns:
            value = sql.Identifier(column)
            if kind == "bytea":
                value = sql.SQL("convert_from({}, 'UTF8')").format(value)
            for needle in needles:
                query = sql.SQL("SELECT count(*) FROM {} WHERE strpos(lower({}::text), %s) > 0")
                row = conn.execute(
                    query.format(sql.Identifier(table), value), (needle.lower(),)
                ).fetchone()
                if row and row[0]:
                    found.append((table, column, int(row[0])))
    return found


@pytest.fixture
def club_api(client: Any, make_token: Callable[..., str]) -> Api:
    return Api(client, make_token, f"erase-{uuid.uuid4().hex[:8]}")


def audit_job(app: Any, club: str, games: list[str], players: list[str]) -> None:
    """An audit job's rows as a worker writes them, its selection naming players."""
    job = uuid.uuid4()
    ids = [uuid.UUID(g) for g in games]
    with services(app).pool.connection() as conn, conn.transaction():
        params = {"club": club, "players": players}
        conn.execute(
            "INSERT INTO jobs (job_id, kind, params, created_by, club, status)"
            " VALUES (%s, 'audit', %s, 'test', %s, 'done')",
            (job, json.dumps(params), club),
        )
        partial, write = audit_chunk(conn, job, ids)
        write(conn)
        conn.execute(
            "INSERT INTO job_chunks (job_id, chunk, game_ids, done, partial)"
            " VALUES (%s, 0, %s, true, %s)",
            (job, ids, json.dumps(partial)),
        )
        conn.execute("UPDATE jobs SET result = %s WHERE job_id = %s", (json.dumps(partial), job))


def test_erasure_leaves_no_trace_of_the_name_and_every_chain_verifies(
    club_api: Api, app: Any
) -> None:
    api = club_api
    name = f"Zoé Effacée-{uuid.uuid4().hex[:8]}"
    key = name.lower().replace("é", "e")  # the matching key's spelling
    licence = f"LIC-{uuid.uuid4().hex[:6]}"
    made = api.client.post(f"/clubs/{api.club}/players", json={"name": name, "licence": licence},
                           headers=bearer(api.admin))  # fmt: skip
    zoe = made.get_json()["id"]
    _g, events = wire_game("ffb", 31, enforcement="record", breaches=0.05, target=400)
    seats = {**events[0]["data"]["seats"], "N": name.upper()}  # another spelling, same player
    finished, _ = api.record([dict(events[0], data={**events[0]["data"], "seats": seats}),
                              *events[1:]], visibility="public")  # fmt: skip
    live, _ = api.record([dict(events[0], data={**events[0]["data"], "seats": {**seats, "E": "x"}}),
                          *events[1:6]])  # fmt: skip
    assert api.get(f"/games/{finished}", api.reader).get_json()["player_ids"]["N"] == zoe
    # every place a name could be kept: statistics, findings and job results, snapshots
    refresh(services(app).pool)
    audit_job(app, api.club, [finished, live], [name])
    for game in (finished, live):
        assert api.get(f"/games/{game}/state?view=arbiter", api.arbiter).status_code == 200
        assert api.get(f"/games/{game}/timeline", api.arbiter).status_code == 200
    shown = api.get(f"/games/{finished}/timeline", api.reader).get_json()
    assert name in json.dumps(shown, ensure_ascii=False)  # read as her name before
    assert traces(app, name, key) != []  # found (the roster, the job's selection)

    erased = api.client.post(f"/clubs/{api.club}/players/{zoe}/erase", headers=bearer(api.admin))
    assert erased.status_code == 200, erased.get_json()
    record = erased.get_json()
    assert record["player"] == zoe and record["erased"] == [zoe] and record["games"] == 2
    assert record["sealed_games"] == [] and record["erased_by"].startswith("token:")
    assert name not in json.dumps(record, ensure_ascii=False)

    assert traces(app, name, key, licence) == []
    s = services(app)
    with s.pool.connection() as conn:
        # the club's games (other tests tamper with chains of their own on purpose)
        games = [r[0] for r in conn.execute("SELECT game_id FROM games WHERE club = %s",
                                            (api.club,)).fetchall()]  # fmt: skip
    assert finished in {str(g) for g in games} and live in {str(g) for g in games}
    assert all(s.store.verify(g).ok for g in games)
    exported = api.get(f"/archives/export?club={api.club}", api.admin)
    assert exported.status_code == 200 and zoe in exported.get_data(as_text=True)
    assert name not in exported.get_data(as_text=True)
    # she reads "erased player" everywhere, and the statistics still count her games
    row = api.get(f"/games/{finished}", api.reader).get_json()
    assert row["seats"]["N"] == "erased player" and row["player_ids"]["N"] == zoe
    state = api.get(f"/games/{finished}/state", api.reader).get_json()
    assert state["seats"]["N"] == "erased player"
    assert "erased player" in json.dumps(api.get(f"/games/{live}/timeline", api.arbiter).get_json())
    stats = api.get(f"/stats/players?club={api.club}&player={zoe}", api.reader).get_json()
    assert [(r["player"], r["games"]) for r in stats["rows"]] == [("erased player", 1)]
    entry = api.get(f"/clubs/{api.club}/players/{zoe}", api.reader).get_json()
    assert entry["name"] == "erased player" and entry["erased"] and entry["licence"] is None
    assert entry["history"][-1]["action"] == "erased"
    # her name is free again: a new person, a new entry
    again = api.client.post(f"/clubs/{api.club}/players", json={"name": name},
                            headers=bearer(api.admin))  # fmt: skip
    assert again.status_code == 201 and again.get_json()["homonyms"] == []


def test_erasure_scrubs_the_name_from_another_clubs_jobs(
    club_api: Api, client: Any, make_token: Callable[..., str], app: Any
) -> None:
    """A player of a public game can be named by another club's job: the name is the
    person's there too, and goes; that club's other jobs are left as they were."""
    api = club_api
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    name = f"Ines Publique-{uuid.uuid4().hex[:8]}"
    _g, events = wire_game("ffb", 35, target=300)
    seats = {**events[0]["data"]["seats"], "E": name}
    public, _ = api.record([dict(events[0], data={**events[0]["data"], "seats": seats}),
                            *events[1:]], visibility="public")  # fmt: skip
    ines = api.get(f"/games/{public}", api.reader).get_json()["player_ids"]["E"]
    audit_job(app, other.club, [public], [name])  # their selection names her
    audit_job(app, other.club, [public], ["somebody else"])
    assert ("jobs", "params", 1) in traces(app, name)

    erased = api.client.post(f"/clubs/{api.club}/players/{ines}/erase", headers=bearer(api.admin))
    assert erased.status_code == 200, erased.get_json()
    assert traces(app, name) == []
    with services(app).pool.connection() as conn:
        selections = sorted(
            r[0]["players"]
            for r in conn.execute("SELECT params FROM jobs WHERE club = %s", (other.club,))
        )
    assert selections == [[ines], ["somebody else"]]


def test_bad_erasures_are_refused_and_change_nothing(
    club_api: Api, client: Any, make_token: Any, app: Any
) -> None:
    api = club_api
    other = Api(client, make_token, f"other-{uuid.uuid4().hex[:8]}")
    game = api.client.post("/games", json={"profile": "ffb", "first_dealer": "N",
                           "seats": {"N": "a", "E": "b", "S": "c", "W": "d"}},
                           headers=bearer(api.recorder)).get_json()  # fmt: skip
    ids = api.get(f"/games/{game['id']}", api.reader).get_json()["player_ids"]
    url = f"/clubs/{api.club}/players"

    def erase(pid: str, secret: str | None = None, club: str | None = None, **kw: Any) -> Any:
        headers = bearer(secret or api.admin) if secret != "" else {}
        return api.client.post(f"/clubs/{club or api.club}/players/{pid}/erase",
                               headers=headers, **kw)  # fmt: skip

    assert erase("pl_" + "0" * 32).status_code == 404
    assert erase("not-an-id").status_code == 404
    assert erase(ids["N"], api.recorder).status_code == 403
    assert erase(ids["N"], "").status_code == 401
    assert erase(ids["N"], other.admin).status_code == 403
    assert erase(ids["N"], other.admin, other.club).status_code == 404  # not their player
    assert erase(ids["N"], data="{}", content_type="application/json").status_code == 422
    assert api.client.post(f"{url}/{ids['N']}/erase?now=1",
                           headers=bearer(api.admin)).status_code == 422  # fmt: skip
    merged = api.client.post(f"{url}/{ids['E']}/merge", json={"into": ids["S"]},
                             headers=bearer(api.admin))  # fmt: skip
    assert merged.status_code == 200
    refused = erase(ids["E"])  # a merged duplicate: erase the player it was merged into
    assert refused.status_code == 409 and ids["S"] in refused.get_json()["detail"]
    with services(app).pool.connection() as conn:
        assert conn.execute(
            "SELECT count(*) FROM players WHERE club = %s AND erased_at IS NOT NULL", (api.club,)
        ).fetchone() == (0,)
    done = erase(ids["S"]).get_json()
    assert sorted(done["erased"]) == sorted([ids["S"], ids["E"]])  # with its duplicate
    assert erase(ids["S"]).status_code == 409  # twice: already erased
    # an erased player cannot be seated again by id
    seated = api.client.post("/games", json={"profile": "ffb", "first_dealer": "N",
                             "seats": {"N": ids["S"], "E": "b2", "S": "c2", "W": "d2"}},
                             headers=bearer(api.recorder))  # fmt: skip
    assert seated.status_code == 422 and "erased" in json.dumps(seated.get_json())


def test_erasing_a_player_of_games_recorded_before_the_roster(app: Any) -> None:
    """The name of an adopted old game stays in its hashed GameCreated (and only there):
    the erasure says which games, and the chain still verifies."""
    club = f"sealed-{uuid.uuid4().hex[:8]}"
    runner = app.test_cli_runner()
    assert runner.invoke(main, ["token", "create", club]).exit_code == 0
    name = f"Old {uuid.uuid4().hex[:8]}"
    _g, events = wire_game("ffb", 33, target=300)
    created = {k: v for k, v in events[0]["data"].items() if k not in ("roster", "length")}
    created["target"] = 300  # v2 has a target, not a length
    created.update(club=club, seats={**created["seats"], "N": name})
    s = services(app)
    game = uuid.uuid4()
    s.store.append(game, [NewEvent("GameCreated", created, schema_version=2)], 0, "archive",
                   check=s.judgement)  # fmt: skip
    s.store.append(game, [NewEvent(e["type"], e["data"]) for e in events[1:]], 1, "archive",
                   check=s.judgement)  # fmt: skip
    refresh(s.pool)
    adopted = runner.invoke(main, ["players", "adopt", club, "--apply"])
    assert adopted.exit_code == 0, adopted.output
    player = s.store.game(game).players[0]
    out = runner.invoke(main, ["players", "erase", player, "--by", "the club's secretary"])
    assert out.exit_code == 0, out.output
    record = json.loads(out.output)
    assert record["sealed_games"] == [str(game)] and record["erased_by"] == "the club's secretary"
    assert traces(app, name) == [("events", "data", 1)]  # its GameCreated, hashed
    assert s.store.verify(game).ok
    again = runner.invoke(main, ["players", "erase", player, "--by", "x"])
    assert again.exit_code == 1 and "already" in again.output
    unknown = runner.invoke(main, ["players", "erase", "pl_" + "0" * 32, "--by", "x"])
    assert unknown.exit_code == 1 and "no player" in unknown.output
    assert runner.invoke(main, ["players", "erase", player]).exit_code == 2  # --by is required
