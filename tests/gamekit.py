"""Generated games as wire events and fold entries, shared by the tests."""

from __future__ import annotations

import json
from typing import Any

from projections.entries import Entry, from_wire
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import GeneratedGame, generate_game

PLAYERS = {"N": "nadia", "E": "emile", "S": "sacha", "W": "wanda"}


def game_created(g: GeneratedGame, enforcement: str = "strict", **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "profile": g.profile.id,
        "seats": dict(PLAYERS),
        "first_dealer": g.first_dealer.name,
        "enforcement": enforcement,
    }
    if g.deals is not None:
        data["length"] = {"deals": g.deals}
    elif g.target != g.profile.target:
        data["length"] = {"target": g.target}
    data.update(extra)
    return {"type": "GameCreated", "data": data}


def wire_game(
    profile_id: str, seed: int, enforcement: str = "strict", **kwargs: Any
) -> tuple[GeneratedGame, list[dict[str, Any]]]:
    """A generated game and its wire events (GameCreated first)."""
    g = generate_game(find_profile(profile_id), seed, **kwargs)
    events = [game_created(g, enforcement)]
    events += [dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions]
    return g, events


def entries_of(events: list[dict[str, Any]]) -> list[Entry]:
    return [from_wire(i, e["type"], e["data"]) for i, e in enumerate(events, start=1)]


def ndjson(events: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
