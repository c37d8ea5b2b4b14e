"""``coinche players adopt``: games recorded before the roster (names in a v2
``GameCreated``) are linked to roster entries after a proposal, never by a silent guess."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from events.records import NewEvent
from service.bootstrap import services
from service.cli.main import main
from service.players import registry
from tests.gamekit import wire_game
from workers.stats_store import refresh


def legacy_game(app: Any, club: str, seats: dict[str, str], seed: int) -> uuid.UUID:
    """A whole game whose ``GameCreated`` is schema version 2: names in the hashed log."""
    _g, events = wire_game("ffb", seed, target=300)
    created = {k: v for k, v in events[0]["data"].items() if k not in ("roster", "length")}
    created["target"] = 300  # v2 has a target, not a length
    created.update(seats=seats, club=club)
    s = services(app)
    game = uuid.uuid4()
    s.store.append(game, [NewEvent("GameCreated", created, schema_version=2)], 0, "archive",
                   check=s.judgement)  # fmt: skip
    rest = [NewEvent(e["type"], e["data"]) for e in events[1:]]
    s.store.append(game, rest, 1, "archive", check=s.judgement)
    return game


@pytest.fixture
def run(app: Any) -> Any:
    runner = app.test_cli_runner()

    def invoke(*args: str, code: int = 0) -> Any:
        result = runner.invoke(main, list(args))
        assert result.exit_code == code, (result.output, result.exception)
        return result

    return invoke


def lines(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def snapshot(app: Any, club: str) -> tuple[Any, ...]:
    with services(app).pool.connection() as conn:
        return (
            conn.execute(
                "SELECT player_id, merged_into FROM players WHERE club = %s ORDER BY 1", (club,)
            ).fetchall(),
            conn.execute(
                "SELECT count(*) FROM game_seats JOIN games USING (game_id) WHERE club = %s",
                (club,),
            ).fetchone(),
            conn.execute(
                "SELECT game_id, players FROM games WHERE club = %s ORDER BY 1", (club,)
            ).fetchall(),
        )


def test_adopt_proposes_then_links_and_refuses_to_guess(app: Any, run: Any) -> None:
    club = f"adopt-{uuid.uuid4().hex[:8]}"
    run("token", "create", club)  # the club exists
    one = legacy_game(app, club, {"N": "Emma", "E": "Zoe", "S": "Ann", "W": "Bob"}, 21)
    two = legacy_game(app, club, {"N": "emma", "E": "Zoé", "S": "Cyd", "W": "BOB"}, 22)
    refresh(services(app).pool)
    with services(app).pool.connection() as conn, conn.transaction():
        ann = registry.create(conn, club, "ann", None, "test").player_id
        bob1 = registry.create(conn, club, "Bob", "L-1", "test").player_id
        bob2 = registry.create(conn, club, "bob", "L-2", "test").player_id
    shown = {p["key"]: p for p in lines(run("players", "adopt", club).output)}
    assert set(shown) == {"emma", "zoe", "ann", "bob", "cyd"}
    assert shown["ann"]["action"] == "link" and shown["ann"]["player"] == ann
    assert shown["bob"]["action"] == "ambiguous" and shown["bob"]["games"] == 2
    assert {c["id"] for c in shown["bob"]["candidates"]} == {bob1, bob2}
    assert shown["emma"] == {"key": "emma", "spellings": {"Emma": 1, "emma": 1}, "games": 2,
                             "action": "create", "player": None, "candidates": []}  # fmt: skip
    before = snapshot(app, club)
    # an ambiguous name blocks --apply: exit 2, nothing changed
    refused = run("players", "adopt", club, "--apply", code=2)
    assert "Bob" in refused.output and bob1 in refused.output
    assert snapshot(app, club) == before
    done = lines(run("players", "adopt", club, "--apply", "--choose", f"BOB={bob2}").output)[-1]
    assert done == {"club": club, "names": 5, "players": 5, "games": 2}
    s = services(app)
    for game in (one, two):
        row = s.store.game(game)
        assert all(registry.PLAYER_ID.match(p) for p in row.players), row.players
        assert s.store.verify(game).ok  # the log was not touched
    assert s.store.game(one).players[2] == ann and s.store.game(two).players[3] == bob2
    assert s.store.game(one).players[0] == s.store.game(two).players[0]  # Emma, emma
    with s.pool.connection() as conn:
        stats = conn.execute(
            "SELECT DISTINCT player FROM stat_seats WHERE game_id = ANY(%s)", ([one, two],)
        ).fetchall()
    assert all(registry.PLAYER_ID.match(p) for (p,) in stats) and len(stats) == 5
    # nothing is left to adopt
    assert lines(run("players", "adopt", club).output) == []


@pytest.mark.parametrize(
    ("choice", "message"),
    [("Nobody=new", "no unlinked seat"), ("Ann=pl_" + "0" * 32, "not an active player"),
     ("Ann=someone", "not an active player")],
)  # fmt: skip
def test_bad_choices_change_nothing(app: Any, run: Any, choice: str, message: str) -> None:
    club = f"adopt-{uuid.uuid4().hex[:8]}"
    run("token", "create", club)
    legacy_game(app, club, {"N": "Ann", "E": "b", "S": "c", "W": "d"}, 23)
    before = snapshot(app, club)
    refused = run("players", "adopt", club, "--apply", "--choose", choice, code=2)
    assert message in refused.output
    assert snapshot(app, club) == before


def test_adopt_refuses_malformed_options(app: Any, run: Any) -> None:
    club = f"adopt-{uuid.uuid4().hex[:8]}"
    run("token", "create", club)
    assert "NAME=ID" in run("players", "adopt", club, "--apply", "--choose", "Ann", code=2).output
    twice = run("players", "adopt", club, "--apply", "--choose", "a=new", "--choose", "a=new",
                code=2)  # fmt: skip
    assert "twice" in twice.output
    assert "--apply" in run("players", "adopt", club, "--choose", "a=new", code=2).output
    # a club with no game has nothing to adopt
    assert lines(run("players", "adopt", "no-such-club").output) == []
