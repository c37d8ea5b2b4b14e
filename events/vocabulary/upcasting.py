"""Schema versions of the event types, and the upcasters that bring old payloads up to date.

A stored row is never rewritten: it keeps the schema version it was written with,
and :func:`upcast` runs the chain ``v1 → v2 → …`` on read. To change a payload,
add a function ``(data) -> data`` under ``(type, old version)`` in ``UPCASTERS``
and bump ``CURRENT[type]``.

>>> upcast("GameCreated", 1, {"profile": "ffb", "seats": ["a", "b", "c", "d"],
...        "first_dealer": "N"})[1]["seats"]
{'N': 'a', 'E': 'b', 'S': 'c', 'W': 'd'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = dict[str, Any]

CURRENT: dict[str, int] = {
    "GameCreated": 3,
    "DealStarted": 1,
    "Passed": 1,
    "BidPlaced": 1,
    "Coinched": 1,
    "Surcoinched": 1,
    "AnnounceDeclared": 1,
    "BeloteDeclared": 1,
    "CardPlayed": 1,
    "ScoreRecorded": 1,
    "Misdeal": 1,
    "DealSummarized": 1,
    "Claimed": 1,
    "EventVoided": 2,
    "RulingIssued": 1,
    "GameAbandoned": 1,
}


def game_created_v1_v2(data: Data) -> Data:
    """v1 listed the seats' players in N, E, S, W order and had no ``enforcement``
    (every game was strict); v2 names the seats and says the mode."""
    out = {k: v for k, v in data.items() if k != "seats"}
    out["seats"] = dict(zip("NESW", data["seats"], strict=True))
    out.setdefault("enforcement", "strict")
    return out


def game_created_v2_v3(data: Data) -> Data:
    """v2 seated players by the names written at the table and had an optional ``target``;
    v3 says what ``seats`` hold (``roster``: player ids of the club's roster, or names; a v2
    game holds names) and the game's ``length``: ``{"target": N}`` or ``{"deals": N}``,
    ``null`` for the profile's target (v2 games were all to a target)."""
    out = {k: v for k, v in data.items() if k != "target"}
    target = data.get("target")
    out["length"] = None if target is None else {"target": target}
    out["roster"] = False
    return out


def event_voided_v1_v2(data: Data) -> Data:
    """v1 named the voided event by ``position``, which always meant its game version
    (not the global position): v2 calls it ``version``."""
    out = {k: v for k, v in data.items() if k != "position"}
    out["version"] = data["position"]
    return out


UPCASTERS: dict[tuple[str, int], Callable[[Data], Data]] = {
    ("GameCreated", 1): game_created_v1_v2,
    ("GameCreated", 2): game_created_v2_v3,
    ("EventVoided", 1): event_voided_v1_v2,
}


def upcast(event_type: str, version: int, data: Data) -> tuple[int, Data]:
    """``(current version, payload)`` for a payload stored at ``version``."""
    current = CURRENT.get(event_type, version)
    while version < current:
        data = UPCASTERS[(event_type, version)](data)
        version += 1
    return version, data
