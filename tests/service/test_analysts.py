"""Analysts' roles on the real database: ``coinche db-role create CLUB`` prints a URL;
connected with it, a club's role reads its own and public rows only, in every view and
table it may read, and cannot write; ``COINCHE_PG_PORT`` puts the embedded server on
127.0.0.1 with password authentication."""

from __future__ import annotations

import shutil
import socket
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from events.store.config import Settings, database_url
from events.store.embedded import stop_server
from events.store.migrate import migrate
from service.bootstrap import services
from service.cli.main import main
from service.db_roles import READABLE, create_role, role_url
from tests.gamekit import wire_game
from tests.service.conftest import Api
from workers.stats_sql import VIEWS
from workers.stats_store import refresh


@pytest.fixture
def run(app: Any) -> Any:
    runner = app.test_cli_runner()

    def invoke(*args: str, code: int = 0) -> Any:
        result = runner.invoke(main, list(args))
        assert result.exit_code == code, (result.output, result.exception)
        return result

    return invoke


@pytest.fixture
def clubs(app: Any, client: Any, make_token: Any, run: Any) -> Iterator[tuple[Api, Api]]:
    """Two clubs, each with a private finished game, the first also a public one; their
    analyst roles are dropped afterwards (roles belong to the whole server)."""
    mine = Api(client, make_token, f"rls-{uuid.uuid4().hex[:8]}")
    theirs = Api(client, make_token, f"rls-{uuid.uuid4().hex[:8]}")
    for api, seed in ((mine, 51), (theirs, 52)):
        _g, events = wire_game("ffb", seed, target=300)
        seats = {s: f"{api.club} {s}" for s in "NESW"}
        api.record([dict(events[0], data={**events[0]["data"], "seats": seats}), *events[1:]])
    _g, events = wire_game("ffb", 53, target=300)
    mine.record(events, visibility="public")
    refresh(services(app).pool)
    yield mine, theirs
    for api in (mine, theirs):
        app.test_cli_runner().invoke(main, ["db-role", "drop", api.club])


def test_a_clubs_role_reads_its_rows_and_public_ones_only(clubs: Any, run: Any, app: Any) -> None:
    mine, theirs = clubs
    url = run("db-role", "create", mine.club).output.strip()
    assert url.startswith("postgresql://analyst_rls_") and "@" in url
    with services(app).pool.connection() as conn:  # as the application: every row
        everything = conn.execute(
            "SELECT count(*) FROM stat_games WHERE club = %s", (theirs.club,)
        ).fetchone()
    assert everything == (1,)
    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("SELECT current_user").fetchone() == (url[13:].split(":")[0],)
        for relation in READABLE:
            rows = conn.execute(f"SELECT * FROM {relation}").fetchall()  # noqa: S608
            names = [d.name for d in conn.execute(f"SELECT * FROM {relation} LIMIT 0").description]  # noqa: S608
            clubs_seen = {r[names.index("club")] for r in rows}
            assert theirs.club not in clubs_seen, relation
            if relation in ("stat_games", "stats_club_month", "player_names"):
                assert mine.club in clubs_seen, relation
            if "visibility" in names:
                assert all(r[names.index("visibility")] == "public" or
                           r[names.index("club")] == mine.club for r in rows), relation  # fmt: skip
        for view in VIEWS.values():
            columns = [d.name for d in conn.execute(f"SELECT * FROM {view} LIMIT 0").description]  # noqa: S608
            assert columns[:3] == ["period", "club", "profile"], view
        names = {r[0] for r in conn.execute("SELECT name FROM player_names").fetchall()}
        assert f"{mine.club} N" in names and f"{theirs.club} N" not in names
        for forbidden in ("SELECT licence FROM players", "SELECT * FROM events",
                          "SELECT * FROM tokens", "SELECT * FROM job_findings"):  # fmt: skip
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(forbidden)
        refused = (psycopg.errors.InsufficientPrivilege, psycopg.errors.ReadOnlySqlTransaction)
        for write in ("DELETE FROM stat_games", "UPDATE players SET display_name = 'x'",
                      "INSERT INTO clubs (club, name) VALUES ('x', 'x')"):  # fmt: skip
            with pytest.raises(refused):
                conn.execute(write)
        with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
            conn.execute("CREATE TEMP TABLE t (x int)")
        # the README's sample dashboard queries run as the role, and see its club
        readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
        block = readme.split("A sample query per view:")[1].split("```sql")[1].split("```")[0]
        queries = [q for q in block.replace("'lyon'", f"'{mine.club}'").split(";") if q.strip()]
        assert len(queries) == 4
        for query in queries:
            conn.execute(query).fetchall()
        clubs_seen = {r[1] for r in conn.execute(queries[2]).fetchall()}
        assert mine.club in clubs_seen and theirs.club not in clubs_seen


def test_db_role_commands_refuse_bad_input(clubs: Any, run: Any, app: Any) -> None:
    mine, theirs = clubs
    assert "no club 'no-such-club'" in run("db-role", "create", "no-such-club", code=1).output
    first = run("db-role", "create", mine.club).output.strip()
    assert "has a role already" in run("db-role", "create", mine.club, code=1).output
    second = run("db-role", "create", mine.club, "--new-password").output.strip()
    assert second != first and second.split("@")[1] == first.split("@")[1]
    assert "no analyst role" in run("db-role", "drop", "no-such-club", code=1).output
    assert "no role yet" in run("db-role", "create", theirs.club, "--new-password",
                                code=1).output  # fmt: skip
    run("db-role", "drop", mine.club)
    with services(app).pool.connection() as conn:
        assert conn.execute(
            "SELECT count(*) FROM pg_roles WHERE rolname LIKE %s", (f"analyst_{mine.club}%",)
        ).fetchone() == (0,)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_the_embedded_server_listens_on_localhost_when_asked() -> None:
    folder = Path(tempfile.mkdtemp(prefix="coinche-tcp-pg-"))
    folder.chmod(0o755)  # the server runs as its own user
    port = free_port()
    try:
        url = database_url(Settings(data_dir=folder, pg_port=port))
        migrate(url)
        with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
            conn.execute("INSERT INTO clubs (club, name) VALUES ('tcp', 'tcp')")
            credentials = create_role(conn, "tcp", "test")
        tcp = role_url(url, credentials, port)
        assert tcp.startswith("postgresql://analyst_tcp:") and f"@127.0.0.1:{port}/" in tcp
        with psycopg.connect(tcp) as conn:
            assert conn.execute("SELECT count(*) FROM stats_club_month").fetchone() == (0,)
        wrong = tcp.replace(credentials.split(":")[1], "not-the-password")
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(wrong).close()
        with pytest.raises(psycopg.OperationalError):  # the superuser has no TCP login
            psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/coinche").close()
        # the application still uses the socket, and finds the server again
        assert database_url(Settings(data_dir=folder, pg_port=port)) == url
    finally:
        stop_server(folder)
        shutil.rmtree(folder, ignore_errors=True)
