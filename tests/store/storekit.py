"""Helpers shared by the store tests: building events and games."""

from __future__ import annotations

import uuid
from typing import Any

from events.records import NewEvent
from events.store import EventStore


def created(**changes: Any) -> NewEvent:
    data: dict[str, Any] = {
        "profile": "ffb",
        "seats": {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"},
        "first_dealer": "N",
        "club": "lyon",
    }
    data.update(changes)
    return NewEvent("GameCreated", data)


def new_game(store: EventStore, **changes: Any) -> uuid.UUID:
    game_id = uuid.uuid4()
    store.append(game_id, [created(**changes)], 0, "test")
    return game_id


def passed(seat: str = "N") -> NewEvent:
    return NewEvent("Passed", {"seat": seat})
