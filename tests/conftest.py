"""Shared database fixtures: a fresh, migrated PostgreSQL database per test session.

The server is the embedded one (started once, kept in ``COINCHE_DATA_DIR``) unless
``DATABASE_URL`` is set, in which case that URL is the admin/maintenance
connection on which the test database is created. Each session (each xdist
worker) gets its own uniquely named database, dropped at the end.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.migrate import migrate

EMBEDDED, EXTERNAL = "embedded", "external"


def admin_url(backend: str) -> str:
    """The maintenance URL of a backend: ``embedded`` or ``external`` (``DATABASE_URL``)."""
    if backend == EXTERNAL:
        url = os.environ.get("DATABASE_URL")
        if not url:
            pytest.skip("DATABASE_URL is not set")
        return url
    return server_url(Settings.from_env().data_dir)


@pytest.fixture(scope="session")
def make_database() -> Iterator[Callable[..., str]]:
    """``make_database(backend, tag="main")``: the URL of this session's migrated database
    ``tag`` on that backend (created on first use, dropped at the end of the session)."""
    made: dict[tuple[str, str], tuple[str, str, str]] = {}
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")

    def make(backend: str, tag: str = "main") -> str:
        if (backend, tag) not in made:
            admin = admin_url(backend)
            name = f"coinche_test_{worker}_{uuid.uuid4().hex[:8]}"
            ensure_database(admin, name)
            url = with_database(admin, name)
            migrate(url)
            made[(backend, tag)] = (admin, name, url)
        return made[(backend, tag)][2]

    yield make
    for admin, name, _ in made.values():
        drop_database(admin, name)


@pytest.fixture(scope="session")
def database_url(make_database: Callable[..., str]) -> str:
    """A migrated database: on ``DATABASE_URL``'s server when set, else the embedded one."""
    return make_database(EXTERNAL if os.environ.get("DATABASE_URL") else EMBEDDED)


@pytest.fixture(scope="session")
def app(database_url: str) -> Iterator[Any]:
    """The Flask app on this session's database (one per xdist worker)."""
    from service.app import create_app

    application = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield application
    found = application.extensions.get("coinche")
    if found is not None:
        found.close()


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture(scope="session")
def make_token(app: Any) -> Callable[..., str]:
    """``make_token(club="club-a", scopes=("record",))``: a fresh token's secret."""
    from service.auth import create_token
    from service.bootstrap import services

    def make(
        club: str = "club-a", scopes: tuple[str, ...] = ("record",), name: str = "test"
    ) -> str:
        with services(app).pool.connection() as conn:
            _token, secret = create_token(conn, club, name, list(scopes))
        return secret

    return make


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}
