"""The composition root never migrates: building the services on an empty database
leaves it empty; ``coinche migrate`` is what creates the tables."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import psycopg
import pytest

from events.store.config import with_database
from events.store.embedded import drop_database, ensure_database
from service.app import create_app
from service.bootstrap import services
from service.cli.main import main
from tests.conftest import EMBEDDED, admin_url


@pytest.fixture
def empty_database() -> Iterator[str]:
    """A freshly created database of the embedded server, dropped afterwards."""
    admin = admin_url(EMBEDDED)
    name = f"coinche_empty_{uuid.uuid4().hex[:10]}"
    ensure_database(admin, name)
    try:
        yield with_database(admin, name)
    finally:
        drop_database(admin, name)


def tables(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema NOT IN ('pg_catalog', 'information_schema')"
            " ORDER BY table_name"
        ).fetchall()
    return [r[0] for r in rows]


def test_building_the_services_creates_no_table_and_migrate_does(empty_database: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": empty_database})
    built = services(app)
    try:
        assert built.url == empty_database
        with built.pool.connection() as conn:  # the pool, the stores: every getter used
            assert conn.execute("SELECT 1").fetchone() == (1,)
        assert built.store is services(app).store and built.tournaments is not None
        app.test_client().get("/ready")  # a request through every before_request hook
        assert tables(empty_database) == []

        result = app.test_cli_runner().invoke(main, ["migrate"])
        assert result.exit_code == 0, (result.output, result.exception)
        assert result.output.startswith("applied migrations 0001")
        assert {"events", "schema_migrations"} <= set(tables(empty_database))
    finally:
        built.close()
