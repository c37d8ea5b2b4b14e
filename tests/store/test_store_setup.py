"""Start-up: settings, the embedded server, migrations, and jsonb round trips."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.errors import MigrationError
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, stop_server
from events.store.migrate import Migration, load_migrations, migrate
from events.store.pool import make_pool
from events.vocabulary.canonical import canonical_json, normalize


def test_settings_from_the_environment() -> None:
    s = Settings.from_env({"COINCHE_DATA_DIR": "/srv/coinche", "COINCHE_POOL_MIN": "2"})
    assert (s.database_url, s.data_dir, s.pool_min_size) == (None, Path("/srv/coinche"), 2)
    with pytest.raises(ValueError, match="COINCHE_POOL_MAX"):
        Settings.from_env({"COINCHE_POOL_MAX": "0"})
    with pytest.raises(ValueError):
        with_database("mysql://x/y", "z")


def test_the_shipped_migrations_are_numbered_in_order() -> None:
    found = load_migrations()
    assert found[0].version == 1 and found[0].name == "event_store"
    assert [m.version for m in found] == sorted({m.version for m in found})


def test_migrate_is_idempotent_and_safe_for_concurrent_starters(backend_url: str) -> None:
    admin, name = backend_url, f"coinche_mig_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        applied: list[list[int]] = []
        threads = [threading.Thread(target=lambda: applied.append(migrate(url))) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        versions = [m.version for m in load_migrations()]
        assert sorted(applied) == [[], [], [], versions]
        assert migrate(url) == []
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT version, name FROM schema_migrations").fetchall()
        assert [r[0] for r in rows] == versions
        changed = [Migration(1, "event_store", "SELECT 1")]
        with pytest.raises(MigrationError, match="changed after it was applied"):
            migrate(url, changed)
        extra = Migration(9999, "later", "CREATE TABLE later_table (x int)")
        assert migrate(url, [*load_migrations(), extra]) == [9999]
    finally:
        drop_database(admin, name)


def test_a_failing_migration_leaves_no_trace(backend_url: str) -> None:
    admin, name = backend_url, f"coinche_mig_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        shipped = load_migrations()
        last = shipped[-1].version
        broken = Migration(
            last + 1, "broken", "CREATE TABLE half (x int); SELECT no_such_function();"
        )
        with pytest.raises(psycopg.Error):
            migrate(url, [*shipped, broken])
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT to_regclass('half')").fetchone() == (None,)
            assert conn.execute("SELECT max(version) FROM schema_migrations").fetchone() == (last,)
    finally:
        drop_database(admin, name)


def test_migration_files_must_be_well_named(tmp_path: Path, monkeypatch: Any) -> None:
    package = tmp_path / "fake_migrations"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "0001_one.sql").write_text("SELECT 1;")
    (package / "0001_again.sql").write_text("SELECT 1;")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(MigrationError, match="already"):
        load_migrations("fake_migrations")
    (package / "0001_again.sql").rename(package / "2_bad.sql")
    with pytest.raises(MigrationError, match=r"NNNN_name\.sql"):
        load_migrations("fake_migrations")


STARTER = """
import sys
from pathlib import Path
from events.store.embedded import embedded_url
print(embedded_url(Path(sys.argv[1]), "coinche"))
"""


@pytest.mark.slow
def test_two_processes_starting_the_embedded_server_at_once_share_it(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    try:
        starters = [
            subprocess.Popen([sys.executable, "-c", STARTER, str(data_dir)],
                             stdout=subprocess.PIPE, text=True)
            for _ in range(2)
        ]  # fmt: skip
        urls = [p.communicate(timeout=120)[0].strip() for p in starters]
        assert [p.returncode for p in starters] == [0, 0]
        assert urls[0] == urls[1]
        with psycopg.connect(urls[0]) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("coinche",)
    finally:
        stop_server(data_dir)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


@given(value=json_values)
@settings(max_examples=150, deadline=None)
def test_normalized_json_survives_a_jsonb_round_trip(backend_url: str, value: Any) -> None:
    try:
        text = canonical_json(normalize({"v": value}))
    except ValueError:
        return
    with psycopg.connect(backend_url, autocommit=True) as conn:
        row = conn.execute("SELECT %s::jsonb", (text,)).fetchone()
    assert row is not None and canonical_json(row[0]) == text
    assert canonical_json(json.loads(text)) == text


def test_a_pooled_connection_whose_server_process_ended_is_replaced(backend_url: str) -> None:
    """The pool hands out an idle connection without a round trip only while its socket
    is silent: one whose server process was terminated is checked, found dead and
    replaced, so the next caller never meets the dead one."""
    pool = make_pool(backend_url, min_size=1, max_size=1)
    try:
        with pool.connection() as conn:
            first = conn.info.backend_pid
            assert conn.execute("SELECT 1").fetchone() == (1,)
        with psycopg.connect(backend_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (first,))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the server's goodbye reaches the socket
            with psycopg.connect(backend_url, autocommit=True) as admin:
                gone = admin.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (first,)
                ).fetchone()
            if gone == (0,):
                break
            time.sleep(0.05)
        with pool.connection() as conn:
            assert conn.execute("SELECT 2").fetchone() == (2,)
            assert conn.info.backend_pid != first
    finally:
        pool.close()
