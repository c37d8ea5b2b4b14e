"""The ``coinche`` command line through click's runner, on the test database."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import click
import pytest

from service.cli.main import main
from service.cli.serve import serve
from tests.gamekit import ndjson, wire_game
from tests.service.conftest import Api


@pytest.fixture
def run(app: Any) -> Any:
    runner = app.test_cli_runner()

    def invoke(*args: str, code: int = 0) -> Any:
        result = runner.invoke(main, list(args))
        assert result.exit_code == code, (result.output, result.exception)
        return result

    return invoke


def commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            found += commands(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


def test_every_command_has_help(run: Any) -> None:
    names = commands(main)
    expected = {"serve", "migrate", "token", "import", "export", "replay", "verify", "demo",
                "score", "audit"}  # fmt: skip
    assert expected <= {n[0] for n in names if n}
    for name in names:
        out = run(*name, "--help").output
        assert out.startswith("Usage: ") and "--help" in out, name


def test_tokens_create_list_revoke(run: Any) -> None:
    club = f"cli-{uuid.uuid4().hex[:6]}"
    made = json.loads(run("token", "create", club, "-s", "record", "-s", "read", "--json").output)
    assert made["secret"].startswith("ck_") and made["scopes"] == ["read", "record"]
    human = run("token", "create", club, "--name", "scorer").output
    assert "shown once" in human and re.search(r"ck_\S+", human)
    listed = run("token", "list", "--club", club).output
    assert made["id"] in listed and made["secret"] not in listed and "scorer" in listed
    rows = [
        json.loads(line)
        for line in run("token", "list", "--club", club, "--json").output.splitlines()
    ]
    assert {r["id"] for r in rows} >= {made["id"]} and not any(r["revoked"] for r in rows)
    assert "revoked" in run("token", "revoke", made["id"]).output
    assert "no active token" in run("token", "revoke", made["id"], code=1).output
    assert "UUID" in run("token", "revoke", "nope", code=2).output
    assert "club id" in run("token", "create", "Bad Club!", code=2).output
    assert "'god' is not one of" in run("token", "create", club, "-s", "god", code=2).output


def test_import_and_export_round_trip(run: Any, tmp_path: Path) -> None:
    club = f"cli-{uuid.uuid4().hex[:6]}"
    lines = []
    for seed in range(2):
        _g, events = wire_game("tripot", seed, max_deals=2)
        events[0]["data"]["club"] = club
        lines.append(json.dumps({"game": str(uuid.uuid4()), "events": events}))
    archive = tmp_path / "in.ndjson"
    archive.write_text("\n".join(lines) + "\n")
    imported = run("import", str(archive))
    summary = json.loads(imported.stdout)
    assert summary["imported"] == 2 and summary["refused"] == [] and summary["read"] == "archive"
    assert "read as an archive" in imported.output
    out = tmp_path / "out.ndjson"
    result = run("export", "--club", club, "-o", str(out))
    assert "exported 2 games" in result.output
    exported = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(g["game"] for g in exported) == sorted(json.loads(x)["game"] for x in lines)
    assert all(e["recorded_by"] == "cli:import" for g in exported for e in g["events"])
    again = run("import", str(out), code=2)
    assert "already in use" in again.output
    one = exported[0]["game"]
    assert run("export", "--game", one).stdout.count('"game"') == 1
    assert run("export", "--club", club, "--from", "2999-01-01").stdout.count('"game"') == 0


def test_replay_prints_the_deal_as_a_table(api: Api, run: Any) -> None:
    _g, events = wire_game("ffb", 12, max_deals=3, record_hands=False)
    game, _version = api.record(events)
    table = run("replay", game, "--deal", "1").output
    for heading in ("Deal 1", "Hands as dealt", "Auction", "Tricks", "Score", "game totals"):
        assert heading in table, table
    assert "(not recorded)" not in table  # revealed by the 32 cards
    assert re.search(r"^\s+N\s+♠", table, re.MULTILINE)
    mid = run("replay", game, "--at", "1.3.2").output
    assert "play, trick 3" in mid and "in progress" in mid
    assert "no deal 99" in run("replay", game, "--deal", "99", code=2).output
    assert "no game" in run("replay", str(uuid.uuid4()), code=1).output
    assert "not a game id" in run("replay", "nope", code=2).output


def test_replay_in_french_speaks_the_table_words(api: Api, run: Any) -> None:
    _g, events = wire_game("contree", 12, max_deals=3, record_hands=False)
    game, _version = api.record(events)
    table = run("replay", game, "--deal", "1", "--lang", "fr").output
    for heading in ("Donne 1", "Mains telles que données", "Enchères", "Plis", "Score",
                    "totaux de la partie"):  # fmt: skip
        assert heading in table, table
    assert "passe" in table and "coinche" not in table and "pass " not in table
    assert re.search(r"^\s+O\s+♠", table, re.MULTILINE)  # West is Ouest
    english = run("replay", game, "--deal", "1").output
    assert "Hands as dealt" in english and re.search(r"^\s+W\s+♠", english, re.MULTILINE)
    assert "de" in run("replay", game, "--lang", "de", code=2).output


def test_verify_reports_the_chain(api: Api, run: Any) -> None:
    _g, events = wire_game("ffb", 12, max_deals=1)
    game, version = api.record(events)
    report = json.loads(run("verify", game).output)
    assert report["ok"] is True and report["events"] == version
    assert "no game" in run("verify", str(uuid.uuid4()), code=1).output


def test_demo_loads_games_and_prints_a_token(run: Any) -> None:
    club = f"demo-{uuid.uuid4().hex[:6]}"
    out = run("demo", "--club", club, "--url", "http://example.test").output
    assert re.search(r"ck_\S+", out) and "http://example.test/docs" in out
    assert out.count("http://example.test/games/") >= 4
    assert "finished" in out and "live" in out


def test_migrate_is_idempotent(run: Any) -> None:
    assert "up to date" in run("migrate").output


def test_token_link_makes_a_single_use_sign_in_link(run: Any, app: Any) -> None:
    run("token", "create", "cli-links", "-s", "admin")
    made = json.loads(run("token", "link", "cli-links", "--ttl", "2h", "--json",
                          "--base-url", "https://club.example/").output)  # fmt: skip
    assert made["scopes"] == ["record"]
    assert made["url"] == "https://club.example/ui/record#link=" + made["code"]
    client = app.test_client()
    assert client.post("/sign-in-links/redeem", json={"code": made["code"]}).status_code == 201
    assert client.post("/sign-in-links/redeem", json={"code": made["code"]}).status_code == 410
    text = run("token", "link", "cli-links").output
    assert "works once" in text and "/ui/record#link=cl_" in text
    assert "7 days" in run("token", "link", "cli-links", "--ttl", "30d", code=2).output
    assert "duration" in run("token", "link", "cli-links", "--ttl", "soon", code=2).output
    assert "no club" in run("token", "link", "no-such-club", code=1).output
    refused = run("token", "link", "cli-links", "-s", "admin", code=2).output
    assert "is not one of 'read', 'record'" in refused


def test_token_link_qr_is_optional(run: Any) -> None:
    run("token", "create", "cli-links-qr", "-s", "admin")
    try:
        import segno  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        out = run("token", "link", "cli-links-qr", "--qr", code=1).output
        assert "/ui/record#link=cl_" in out and "segno" in out  # the link is printed anyway
    else:
        out = run("token", "link", "cli-links-qr", "--qr").output
        assert "/ui/record#link=cl_" in out and len(out.splitlines()) > 10


def test_import_reads_a_one_game_event_file_and_says_so(run: Any, tmp_path: Path) -> None:
    club = f"cli-{uuid.uuid4().hex[:6]}"
    _g, events = wire_game("ffb", 3, max_deals=2)
    events[0]["data"]["club"] = club
    one = tmp_path / "game.ndjson"  # what `coinche score` reads
    one.write_text(ndjson(events) + "\n")
    assert json.loads(run("score", str(one)).stdout)["deals"]
    result = run("import", str(one))
    summary = json.loads(result.stdout)
    assert summary["imported"] == 1 and summary["refused"] == [] and summary["read"] == "events"
    assert f"{one}: read as one game's event file ({len(events)} events)" in result.output
    (game,) = [json.loads(line) for line in run("export", "--club", club).stdout.splitlines()]
    assert [e["type"] for e in game["events"]] == [e["type"] for e in events]
    played = [e["data"] for e in game["events"] if e["type"] == "CardPlayed"]
    assert played == [e["data"] for e in events if e["type"] == "CardPlayed"]


def test_an_event_file_with_a_bad_line_imports_nothing(run: Any, tmp_path: Path) -> None:
    club = f"cli-{uuid.uuid4().hex[:6]}"
    _g, events = wire_game("ffb", 3, max_deals=1)
    events[0]["data"]["club"] = club
    lines = ndjson(events).splitlines()
    lines[4] = '{"type": "BidPlaced", "data": {"seat": "Q", "value": 90, "trump": "H"}}'
    bad = tmp_path / "bad.ndjson"
    bad.write_text("\n".join(lines) + "\n")
    result = run("import", str(bad), code=2)
    assert f"{bad}:5: BidPlaced: seat:" in result.output and "nothing imported" in result.output
    assert run("export", "--club", club).stdout == ""
    no_start = tmp_path / "no-start.ndjson"
    no_start.write_text("\n".join(lines[1:4]) + "\n")
    assert "must be GameCreated" in run("import", str(no_start), code=2).output
    latin = tmp_path / "latin.ndjson"
    latin.write_bytes(
        ndjson(events[:1]).encode() + b'{"type": "Passed", "data": {"seat": "\xe9"}}\n'
    )
    assert f"{latin}:2: not UTF-8 text" in run("import", str(latin), code=2).output


def test_demo_links_to_where_serve_listens(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = app.test_cli_runner()
    club = f"demo-{uuid.uuid4().hex[:6]}"
    monkeypatch.setenv("COINCHE_BIND", "0.0.0.0:9137")
    monkeypatch.delenv("COINCHE_URL", raising=False)
    assert serve.make_context("serve", []).params["bind"] == "0.0.0.0:9137"  # serve's default
    out = runner.invoke(main, ["demo", "--club", club]).output
    assert out.count("http://127.0.0.1:9137/games/") >= 4 and ":8000" not in out
    monkeypatch.setenv("COINCHE_URL", "https://belote.example/")
    out = runner.invoke(main, ["demo", "--club", club + "b"]).output
    assert "https://belote.example/ui/games/" in out and "9137" not in out
