"""Helpers for the API tests: tokens per club and scope, games recorded through HTTP."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import bearer
from tests.gamekit import wire_game


class Api:
    """A test client with a few verbs of the API and the tokens of club ``club``."""

    def __init__(self, client: Any, make_token: Callable[..., str], club: str) -> None:
        self.client, self.club = client, club
        self.recorder = make_token(club, ("record",))
        self.arbiter = make_token(club, ("arbiter",))
        self.reader = make_token(club, ("read",))
        self.admin = make_token(club, ("admin",))

    def create(self, created: dict[str, Any], secret: str | None = None, **extra: Any) -> Any:
        body = dict(created["data"], **extra)
        return self.client.post("/games", json=body, headers=bearer(secret or self.recorder))

    def append(
        self, game: str, events: list[dict[str, Any]], expected: int, secret: str | None = None
    ) -> Any:
        return self.client.post(
            f"/games/{game}/events",
            json={"expected_version": expected, "events": events},
            headers=bearer(secret or self.recorder),
        )

    def record(
        self,
        events: list[dict[str, Any]],
        batch: int = 50,
        secret: str | None = None,
        **extra: Any,
    ) -> tuple[str, int]:
        """Create a game from ``events[0]`` and post the rest in batches; (game id, version)."""
        created = self.create(events[0], secret, **extra)
        assert created.status_code == 201, created.get_json()
        game, version = created.get_json()["id"], 1
        for i in range(1, len(events), batch):
            answer = self.append(game, events[i : i + batch], version, secret)
            assert answer.status_code == 201, answer.get_json()
            version = answer.get_json()["version"]
        return game, version

    def get(self, path: str, secret: str | None = None, **headers: str) -> Any:
        if secret is not None:
            headers.update(bearer(secret))
        return self.client.get(path, headers=headers)


@pytest.fixture(scope="session")
def club() -> str:
    return f"club-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def api(client: Any, make_token: Callable[..., str], club: str, _tokens: dict[str, Api]) -> Api:
    if club not in _tokens:
        _tokens[club] = Api(client, make_token, club)
    found = _tokens[club]
    found.client = client
    return found


@pytest.fixture(scope="session")
def _tokens() -> dict[str, Api]:
    return {}


@pytest.fixture(scope="session")
def finished_game(app: Any, make_token: Callable[..., str], club: str) -> tuple[str, list[Any]]:
    """A whole public ffb game recorded through HTTP (shared by read tests)."""
    api = Api(app.test_client(), make_token, club)
    _g, events = wire_game("ffb", 11, record_hands=False)
    game, _version = api.record(events, visibility="public")
    return game, events
