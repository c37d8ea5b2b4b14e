"""Fixtures of the fault-injection suite: the API helpers of the service tests."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from tests.service.conftest import Api


@pytest.fixture
def api(client: Any, make_token: Callable[..., str]) -> Api:
    """The API with fresh tokens of a fresh club."""
    return Api(client, make_token, f"club-{uuid.uuid4().hex[:8]}")
