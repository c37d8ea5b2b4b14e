"""An event store on this session's database (embedded, or DATABASE_URL's server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from events.store.event_store import EventStore
from events.store.pool import make_pool
from projections.judgement import Judgement


@pytest.fixture(scope="session")
def db_store(database_url: str) -> Iterator[EventStore]:
    store = EventStore(make_pool(database_url, max_size=8))
    yield store
    store.pool.close()


@pytest.fixture
def judgement() -> Judgement:
    return Judgement()
