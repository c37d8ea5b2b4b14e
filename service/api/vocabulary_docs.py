"""``/docs/events``: the event vocabulary as a page, read from ``openapi.yaml`` (the one
source: each type's ``data`` schema and example), with one example game.

The example game is a seeded one-deal ffb game of the rules' generator, checked by the
same vocabulary and scored by the same fold as any recorded game, so it can never show
a payload the API would refuse.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, NamedTuple

from projections.entries import from_wire
from projections.fold import project
from projections.sheet import score_sheet
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game

PLAYERS = {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}


class Field(NamedTuple):
    name: str
    required: bool
    kind: str
    description: str


class EventDoc(NamedTuple):
    type: str
    description: str
    fields: list[Field]
    example: str


def event_docs(spec: dict[str, Any]) -> list[EventDoc]:
    """Every event type of ``EventIn``, in the contract's order."""
    schemas = spec["components"]["schemas"]
    out = []
    for option in schemas["EventIn"]["oneOf"]:
        event = _resolve(option, schemas)
        name = event["properties"]["type"]["const"]
        data = _resolve(event["properties"]["data"], schemas)
        required = set(data.get("required", ()))
        fields = [
            Field(key, key in required, _kind(prop, schemas), _resolve(prop, schemas).get(
                "description", prop.get("description", "")))
            for key, prop in data.get("properties", {}).items()
        ]  # fmt: skip
        example = json.dumps(event["example"], ensure_ascii=False)
        out.append(EventDoc(name, event.get("description", ""), fields, example))
    return out


def _resolve(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _kind(prop: dict[str, Any], schemas: dict[str, Any]) -> str:
    prop = _resolve(prop, schemas)
    if "oneOf" in prop:
        return " or ".join(_kind(p, schemas) for p in prop["oneOf"])
    if "enum" in prop:
        return " | ".join("null" if v is None else str(v) for v in prop["enum"])
    kind = prop.get("type", "any")
    kinds = kind if isinstance(kind, list) else [kind]
    if "array" in kinds and "items" in prop:
        kinds = [f"array of {_kind(prop['items'], schemas)}" if k == "array" else k for k in kinds]
    low, high = prop.get("minimum"), prop.get("maximum")
    text = " or ".join(kinds)
    return f"{text} {low}…{high}" if low is not None and high is not None else text


@cache
def example_game() -> tuple[list[str], dict[str, Any]]:
    """One whole deal as NDJSON lines (``GameCreated`` first, a written score last), and
    the score sheet it gives."""
    profile = find_profile("ffb")
    seed = next(s for s in range(100) if _played(generate_game(profile, s, max_deals=1)))
    g = generate_game(profile, seed, max_deals=1, record_hands=False)
    created = {"profile": "ffb", "seats": PLAYERS, "first_dealer": g.first_dealer.name}
    events: list[tuple[str, dict[str, Any]]] = [("GameCreated", created)]
    events += [action_to_wire(a) for a in g.actions]
    marks = g.final.records[0].result.marks
    events.append(("ScoreRecorded", {"deal": 1, "marks": {"NS": marks[0], "EW": marks[1]}}))
    entries = [from_wire(i, t, data) for i, (t, data) in enumerate(events, start=1)]
    sheet = score_sheet(project(entries))
    lines = [json.dumps({"type": t, "data": data}, ensure_ascii=False) for t, data in events]
    return lines, sheet


def _played(g: Any) -> bool:
    records = g.final.records
    return bool(records) and records[0].result.contract is not None and not g.injected
