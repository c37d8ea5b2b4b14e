"""The trip of one ``CardPlayed`` through ``POST /games/{id}/events``, counted.

    .venv/bin/python benchmarks/append_trip.py            # counts, then timings (200 appends)
    .venv/bin/python benchmarks/append_trip.py --smoke    # counts, then 10 appends

How it counts: the app runs in this process (Flask's test client, the real database:
the embedded server, or ``DATABASE_URL``'s as the admin URL of a scratch database). A
game is recorded up to the middle of its first deal's play, a few cards are posted to
warm the process up (imports, the owners' cache, the judgement's cache of states), then
``sys.setprofile`` watches exactly one ``POST`` of the next ``CardPlayed``. Every Python
function call whose code is in the project's packages (``rules``, ``events``,
``projections``, ``workers``, ``service``) counts:

* **calls**: those calls (comprehensions and generator expressions included, as the
  interpreter runs them as calls);
* **files**: the project files they ran in;
* **crossings**: calls into another package than the nearest project function up the
  stack (``service`` calling ``events`` is one; a library calling back into the
  project, like Flask calling a view, is not); **room crossings** the same between
  the rooms (``events.store`` → ``events.vocabulary`` is one).

The baseline, in the same run, is the store's own append of the next card with the
same judgement hook (``EventStore.append(..., check=Judgement())``, no HTTP): the
ratio says what the HTTP layer adds. Then both are timed over ``--appends`` cards
(p50). The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from events.records import NewEvent
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.migrate import migrate
from projections.judgement import Judgement
from rules.notation import action_to_wire
from rules.registry import find_profile
from rules.simulation.generator import generate_game
from service.app import create_app
from service.auth import create_token
from service.bootstrap import services

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "events", "projections", "workers", "service")


def where(filename: str) -> tuple[str, str] | None:
    """(package, room) of a project file: ``events/store/append.py`` → (events, events.store)."""
    try:
        parts = Path(filename).resolve().relative_to(ROOT).parts
    except ValueError:
        return None
    if not parts or parts[0] not in PACKAGES:
        return None
    room = parts[0] if len(parts) == 2 else f"{parts[0]}.{parts[1]}"
    return parts[0], room


def count(action: Callable[[], object]) -> dict[str, Any]:
    """Run ``action`` under ``sys.setprofile`` and count the project's calls."""
    places: dict[str, tuple[str, str] | None] = {}
    files: Counter[str] = Counter()
    calls = crossings = room_crossings = 0
    edges: Counter[str] = Counter()

    def place(frame: FrameType) -> tuple[str, str] | None:
        name = frame.f_code.co_filename
        if name not in places:
            places[name] = where(name)
        return places[name]

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        nonlocal calls, crossings, room_crossings
        if event != "call":
            return
        here = place(frame)
        if here is None:
            return
        calls += 1
        files[frame.f_code.co_filename] += 1
        caller = frame.f_back
        while caller is not None and place(caller) is None:
            caller = caller.f_back
        if caller is None:
            return
        there = place(caller)
        assert there is not None
        if there[0] != here[0]:
            crossings += 1
            edges[f"{there[0]}->{here[0]}"] += 1
        if there[1] != here[1]:
            room_crossings += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return {
        "files": len(files),
        "calls": calls,
        "crossings": crossings,
        "room_crossings": room_crossings,
        "edges": dict(sorted(edges.items())),
        "file_list": sorted(str(Path(f).resolve().relative_to(ROOT)) for f in files),
    }


def game_events() -> list[tuple[str, dict[str, Any]]]:
    """An ffb game's wire events (GameCreated first) with hands recorded."""
    g = generate_game(find_profile("ffb"), 11, record_hands=True, max_deals=2)
    created = {
        "profile": "ffb",
        "first_dealer": g.first_dealer.name,
        "seats": {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"},
    }
    if g.target != find_profile("ffb").target:
        created["target"] = g.target
    return [("GameCreated", created)] + [action_to_wire(a) for a in g.actions]


def measure(url: str, appends: int) -> dict[str, Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    client = app.test_client()
    with services(app).pool.connection() as conn:
        _t, secret = create_token(conn, "trip-club", "trip", ["record"])
    auth = {"Authorization": f"Bearer {secret}"}
    events = game_events()
    cards = [i for i, (kind, _d) in enumerate(events) if kind == "CardPlayed"]

    def post(game: str, index: int, version: int) -> Any:
        kind, data = events[index]
        body = {"expected_version": version, "events": [{"type": kind, "data": data}]}
        answer = client.post(f"/games/{game}/events", json=body, headers=auth)
        assert answer.status_code == 201, answer.get_json()
        return answer

    def http_game() -> tuple[str, int]:
        created = client.post("/games", json=events[0][1], headers=auth)
        assert created.status_code == 201, created.get_json()
        game, version = created.get_json()["id"], 1
        for i in range(1, cards[4]):  # up to the fifth card: the middle of trick 2
            post(game, i, version)
            version += 1
        return game, version

    game, version = http_game()
    post(game, version, version)  # warm: the next cards, one per request
    post(game, version + 1, version + 1)
    version += 2
    http = count(lambda: post(game, version, version))
    version += 1

    store, judgement = services(app).store, Judgement()
    game_id = uuid.uuid4()
    store.append(game_id, [NewEvent(*e) for e in events[: cards[4]]], 0, "trip", check=judgement)
    at = cards[4]
    for _ in range(2):
        store.append(game_id, [NewEvent(*events[at])], at, "trip", check=judgement)
        at += 1
    direct = count(
        lambda: store.append(game_id, [NewEvent(*events[at])], at, "trip", check=judgement)
    )
    at += 1

    # timings: the next cards of fresh games, both ways, one append each
    http_times: list[float] = []
    store_times: list[float] = []
    while len(http_times) < appends:
        game, v = http_game()
        sid = uuid.uuid4()
        store.append(sid, [NewEvent(*e) for e in events[:v]], 0, "trip", check=judgement)
        sv = v
        for i in range(v, min(len(events), v + 20)):
            if len(http_times) >= appends:
                break
            start = time.perf_counter()
            post(game, i, i)
            http_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.append(sid, [NewEvent(*events[i])], sv, "trip", check=judgement)
            store_times.append(time.perf_counter() - start)
            sv += 1
    services(app).pool.close()
    return {"http": http, "store": direct, "http_times": http_times, "store_times": store_times}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=200)
    parser.add_argument("--smoke", action="store_true", help="10 timed appends")
    args = parser.parse_args()
    if args.smoke:
        args.appends = 10
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_trip_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        m = measure(url, args.appends)
    finally:
        drop_database(admin, name)
    http, store = m["http"], m["store"]
    r: dict[str, Any] = {}
    for way, c in (("http", http), ("store", store)):
        for key in ("files", "calls", "crossings", "room_crossings"):
            r[f"{way}_{key}"] = c[key]
        r[f"{way}_edges"] = c["edges"]
    r["calls_http_vs_store"] = round(http["calls"] / store["calls"], 2)
    r["http_p50_ms"] = round(statistics.median(m["http_times"]) * 1000, 3)
    r["store_p50_ms"] = round(statistics.median(m["store_times"]) * 1000, 3)
    r["http_files"] = http["file_list"]
    print(
        f"POST /games/{{id}}/events, one CardPlayed: {http['files']} files, {http['calls']} "
        f"calls, {http['crossings']} package crossings ({http['room_crossings']} between "
        f"rooms): {http['edges']}"
    )
    print(
        f"baseline, EventStore.append with the judgement: {store['files']} files, "
        f"{store['calls']} calls, {store['crossings']} package crossings "
        f"({store['room_crossings']} between rooms); HTTP/store calls "
        f"{r['calls_http_vs_store']}"
    )
    print(
        f"timed over {len(m['http_times'])} cards: HTTP p50 {r['http_p50_ms']} ms, "
        f"store p50 {r['store_p50_ms']} ms"
    )
    print(json.dumps(r, sort_keys=True))


if __name__ == "__main__":
    main()
