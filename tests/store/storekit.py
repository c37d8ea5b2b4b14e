"""Helpers shared by the store tests: building events and games."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

from events.records import NewEvent
from events.store.event_store import EventStore
from events.vocabulary.catalog import validate


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


def archive_game(
    seed: int, events: int = 20, full: bool = False, game: uuid.UUID | None = None
) -> dict[str, Any]:
    """One archive line's document: a GameCreated, a deal, then cards (validity not needed).

    ``full`` fills every optional field (ids, versions, times, authors, payload defaults),
    as an export does.
    """
    rng = random.Random(seed)
    game = game or uuid.UUID(int=rng.getrandbits(128), version=4)
    cards = [r + s for s in "CDHS" for r in "789TJQKA"]
    out: list[dict[str, Any]] = [
        {"type": "GameCreated", "data": {"profile": "ffb", "first_dealer": "N",
         "seats": {s: f"p{seed}{s}" for s in "NESW"}, "club": "lyon"}},
        {"type": "DealStarted", "data": {"dealer": "N"}},
    ]  # fmt: skip
    while len(out) < events:
        out.append({"type": "CardPlayed", "data": {"seat": rng.choice("NESW"),
                    "card": rng.choice(cards)}})  # fmt: skip
    out = out[:events]
    if full:
        for e in out:
            e["version"], e["data"] = validate(e["type"], e["data"])
            e["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            e["recorded_at"] = "2024-03-01T20:15:00.123456Z"
            e["recorded_by"] = "club-lyon"
    return {"game": str(game), "events": out}


def archive_line(seed: int, **options: Any) -> str:
    return json.dumps(archive_game(seed, **options)) + "\n"
