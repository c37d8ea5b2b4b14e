"""Tampering after a checkpoint, as a database superuser would (triggers switched off):
each case is detected and named by ``coinche verify --all`` and ``GET /verify``, where
the games' own hash chains still verify. Prints its figures."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from events.anchor.checkpoints import checkpoints
from events.anchor.keys import load_key, public_text
from events.vocabulary.canonical import canonical_json
from events.vocabulary.chain import event_hash
from service.cli.main import main
from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api
from workers.anchoring import key_path, take_checkpoint, verify_anchors


@pytest.fixture
def superuser(database_url: str) -> Iterator[psycopg.Connection[Any]]:
    with psycopg.connect(database_url, autocommit=True) as conn:
        yield conn


def as_superuser(conn: psycopg.Connection[Any], *statements: tuple[str, tuple[Any, ...]]) -> None:
    """Run ``statements`` with the append-only triggers switched off, as an attacker with
    the database in hand would (one transaction: the triggers are back at its end)."""
    with conn.transaction():
        for table in ("events", "checkpoints", "checkpoint_heads"):
            conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        for sql, args in statements:
            conn.execute(sql, args)
        for table in ("events", "checkpoints", "checkpoint_heads"):
            conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


def rehash_from(conn: psycopg.Connection[Any], game: str, version: int, data: dict) -> None:
    """Rewrite event ``version``'s payload and recompute every later hash, and the head."""
    rows = conn.execute(
        "SELECT version, event_id, type, schema_version, data, recorded_at, recorded_by, hash "
        "FROM events WHERE game_id = %s ORDER BY version",
        (game,),
    ).fetchall()
    previous, statements = "", []
    for v, eid, etype, schema, payload, at, by, stored in rows:
        if v == version:
            payload = data
        if v >= version:
            stored = event_hash(game, v, eid, etype, schema, canonical_json(payload), at, by,
                                previous)  # fmt: skip
            update = "UPDATE events SET data = %s, hash = %s WHERE game_id = %s AND version = %s"
            statements.append((update, (json.dumps(payload), stored, game, v)))
        previous = stored
    statements.append(("UPDATE games SET last_hash = %s WHERE game_id = %s", (previous, game)))
    as_superuser(conn, *statements)


def problems_of(report: dict[str, Any]) -> dict[str, str]:
    return {p["game"]: p["problem"] for p in report["problems"] if "game" in p}


def test_every_tampering_after_a_checkpoint_is_named(app, api: Api, superuser, tmp_path):
    games = {}
    for name in ("clean", "truncated", "rewound", "rehashed", "deleted"):
        _g, events = wire_game("ffb", hash(name) % 1000, max_deals=2)
        games[name], _v = api.record(events)
    made, carried = take_checkpoint(app)
    assert carried == []
    before = verify_anchors(app, club=api.club, chains=True)
    assert before.ok, before.problems
    g = games
    last = {n: superuser.execute("SELECT last_version FROM games WHERE game_id = %s",
                                 (gid,)).fetchone()[0] for n, gid in g.items()}  # fmt: skip
    as_superuser(
        superuser,
        ("DELETE FROM events WHERE game_id = %s AND version = %s", (g["truncated"],
                                                                    last["truncated"])),
        ("DELETE FROM events WHERE game_id = %s AND version = %s", (g["rewound"], last["rewound"])),
        ("UPDATE games SET last_version = last_version - 1, last_hash = (SELECT hash FROM events "
         "WHERE game_id = %s AND version = %s) WHERE game_id = %s",
         (g["rewound"], last["rewound"] - 1, g["rewound"])),
        ("DELETE FROM events WHERE game_id = %s", (g["deleted"],)),
        ("DELETE FROM games WHERE game_id = %s", (g["deleted"],)),
    )  # fmt: skip
    rehash_from(superuser, g["rehashed"], 2, {"dealer": "S"})
    chains_ok = {n: api.get(f"/games/{gid}/verify", api.reader).get_json()["ok"]
                 for n, gid in g.items() if n != "deleted"}  # fmt: skip
    assert chains_ok == {"clean": True, "truncated": False, "rewound": True, "rehashed": True}
    found = problems_of(verify_anchors(app, club=api.club, chains=True).document())
    expected = {g[n]: n for n in ("truncated", "rewound", "rehashed", "deleted")}
    assert found == expected
    http = api.get("/verify", api.reader).get_json()
    assert http["ok"] is False and problems_of(http) == expected
    later, carried = take_checkpoint(app)  # a new checkpoint never blesses what went back
    assert set(map(str, carried)) >= {g["rewound"], g["rehashed"], g["deleted"]}
    again = problems_of(verify_anchors(app, club=api.club).document())
    assert again == expected
    result = app.test_cli_runner().invoke(main, ["verify", "--all", "--club", api.club])
    assert result.exit_code == 1 and problems_of(json.loads(result.stdout)) == expected
    print(f"\ntampering after checkpoint {made.seq}: {json.dumps(found)}; chains alone saw "
          f"{sum(not ok for ok in chains_ok.values())} of 4; checkpoint {later.seq} carried "
          f"{len(carried)} anchors")  # fmt: skip


def test_the_checkpoints_themselves_are_checked(app, api: Api, superuser, tmp_path):
    _g, events = wire_game("ffb", 77, max_deals=1)
    api.record(events)
    made, _carried = take_checkpoint(app)
    kept = tmp_path / "kept.json"
    runner = app.test_cli_runner()
    out = runner.invoke(main, ["checkpoint", "export", "-o", str(kept)])
    assert out.exit_code == 0, out.output
    doc = json.loads(kept.read_text())
    assert (
        doc["seq"] == made.seq and doc["algorithm"] == "Ed25519" and len(kept.read_bytes()) < 1000
    )
    ok = runner.invoke(main, ["verify", "--all", "--club", api.club, "--checkpoint", str(kept)])
    assert ok.exit_code == 0, ok.stdout
    # a checkpoint rewritten in place, then one forged with another key
    set_root = "UPDATE checkpoints SET root = %s WHERE seq = %s"
    as_superuser(superuser, (set_root, ("0" * 64, made.seq)))
    report = verify_anchors(app, club=api.club).document()
    names = {p["problem"] for p in report["problems"]}
    assert {"checkpoint-altered", "heads-altered"} <= names
    as_superuser(superuser, (set_root, (made.root, made.seq)))
    assert verify_anchors(app, club=api.club).ok
    forger = load_key(tmp_path / "forger.pem")
    assert forger is not None and public_text(forger) != made.public_key
    app.config["CHECKPOINT_KEY"] = str(tmp_path / "forger.pem")
    try:
        take_checkpoint(app)
    finally:
        app.config["CHECKPOINT_KEY"] = None
    names = {p["problem"] for p in verify_anchors(app, club=api.club).problems}
    assert names == {"checkpoint-signature"}
    # every checkpoint deleted: the club's kept file still catches it
    as_superuser(superuser, ("DELETE FROM checkpoint_heads", ()), ("DELETE FROM checkpoints", ()))
    gone = runner.invoke(main, ["verify", "--all", "--club", api.club, "--checkpoint", str(kept)])
    assert gone.exit_code == 1 and "checkpoint-missing" in gone.stdout
    assert key_path(app).exists()
    with app.app_context():
        from service.bootstrap import services

        with services(app).pool.connection() as conn:
            assert checkpoints(conn) == []
    print(
        f"\ncheckpoint file {len(kept.read_bytes())} bytes; altered, forged and deleted "
        "checkpoints named"
    )


def test_verify_and_checkpoint_endpoints_refuse_bad_input(api: Api) -> None:
    assert api.client.get("/verify").status_code == 401
    assert api.get("/verify?checkpoint=xyz", api.reader).status_code == 422
    assert api.get("/verify?chains=maybe", api.reader).status_code == 422
    assert api.get("/verify?other=1", api.reader).status_code == 422
    missing = api.get("/verify?checkpoint=" + "ab" * 32, api.reader)
    assert missing.status_code == 200 and missing.get_json()["problems"][0]["problem"] == (
        "checkpoint-missing"
    )
    assert api.get("/checkpoints/latest?x=1", api.reader).status_code == 422
    assert api.client.get("/checkpoints/latest", headers=bearer("ck_nope")).status_code == 401
