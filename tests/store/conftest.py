"""The store contract suite runs against every backend: the embedded server always,
and the server of ``DATABASE_URL`` when it is set (``-m realserver`` selects those)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest

from events.store.event_store import EventStore
from events.store.pool import make_pool

BACKENDS = ["embedded", pytest.param("external", marks=pytest.mark.realserver)]


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
def backend_url(backend: str, make_database: Callable[..., str]) -> str:
    return make_database(backend)


@pytest.fixture(scope="session")
def other_url(backend: str, make_database: Callable[..., str]) -> str:
    """A second database on the same backend (for round trips between two stores)."""
    return make_database(backend, "other")


@pytest.fixture(scope="session")
def _stores() -> Iterator[dict[str, EventStore]]:
    stores: dict[str, EventStore] = {}
    yield stores
    for store in stores.values():
        store.pool.close()


@pytest.fixture
def store(backend_url: str, _stores: dict[str, EventStore]) -> EventStore:
    if backend_url not in _stores:
        _stores[backend_url] = EventStore(make_pool(backend_url, max_size=12))
    return _stores[backend_url]


@pytest.fixture
def other_store(other_url: str, _stores: dict[str, EventStore]) -> EventStore:
    if other_url not in _stores:
        _stores[other_url] = EventStore(make_pool(other_url, max_size=4))
    return _stores[other_url]


@pytest.fixture
def raw(backend_url: str) -> Iterator[psycopg.Connection[Any]]:
    """A plain autocommit connection to the same database, for what the store never does."""
    with psycopg.connect(backend_url, autocommit=True) as conn:
        yield conn
