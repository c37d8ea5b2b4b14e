"""Event store benchmark: raw COPY baseline, bulk import, single appends, reads, and the
``eventsourcing`` library's PostgreSQL recorder as the peer baseline.

    .venv/bin/python benchmarks/store_bench.py            # 2,000 games x 100 events
    .venv/bin/python benchmarks/store_bench.py --smoke    # tiny, for CI

Runs on the embedded server (``DATABASE_URL`` overrides: it is then the admin URL on
which a scratch database is created and dropped). The last line printed is one JSON
object with every figure (times in ms, rates per second, ratios as plain numbers).

Payloads come from :func:`make_games`; to bench real games, point ``GENERATOR`` at the
rules package's random game generator and ``CHECK`` at the real judgement hook.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

import psycopg

from events.config import Settings, with_database
from events.embedded import drop_database, ensure_database, server_url
from events.migrate import migrate
from events.pool import make_pool
from events.records import Check, NewEvent
from events.store import EventStore

Game = dict[str, Any]  # an archive line's document: {"game": id, "events": [{type, data}]}
_CARDS = [r + s for s in "CDHS" for r in "789TJQKA"]


def make_games(n: int, events_per_game: int, seed: int = 0) -> list[Game]:
    """Plausible wire events (GameCreated, DealStarted, bids, cards…); not rule-checked."""
    rng = random.Random(seed)
    games = []
    for g in range(n):
        events: list[dict[str, Any]] = [
            {"type": "GameCreated", "data": {"profile": "ffb", "first_dealer": "N",
             "seats": {s: f"player-{rng.randrange(10_000)}-{s}" for s in "NESW"},
             "club": f"club-{g % 20}", "metadata": {"table": g % 12}}},
        ]  # fmt: skip
        while len(events) < events_per_game:
            seats = "NESW"
            events.append({"type": "DealStarted", "data": {"dealer": rng.choice(seats)}})
            bid = {"seat": rng.choice(seats), "value": rng.choice((80, 90)), "trump": "H"}
            events.append({"type": "BidPlaced", "data": bid})
            events += [{"type": "Passed", "data": {"seat": s}} for s in "ESW"]
            deck = _CARDS[:]
            rng.shuffle(deck)
            events += [{"type": "CardPlayed", "data": {"seat": seats[i % 4], "card": c}}
                       for i, c in enumerate(deck)]  # fmt: skip
        games.append({"game": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                      "events": events[:events_per_game]})  # fmt: skip
    return games


GENERATOR: Callable[[int, int, int], list[Game]] = make_games
CHECK: Check | None = None


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def raw_copy(url: str, rows: int) -> float:
    """Seconds to COPY ``rows`` ~150-byte JSON rows into a bare one-column jsonb table."""
    filler = "x" * 60
    text = "".join(
        json.dumps({"type": "CardPlayed", "seat": "NESW"[i % 4], "card": _CARDS[i % 32],
                    "n": i, "note": filler}, separators=(",", ":")) + "\n"
        for i in range(rows)
    )  # fmt: skip
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE raw_copy (data jsonb)")
        conn.commit()
        start = time.perf_counter()
        with conn.cursor().copy("COPY raw_copy (data) FROM STDIN") as copy:
            for i in range(0, len(text), 1 << 20):
                copy.write(text[i : i + (1 << 20)])
        conn.commit()
        return time.perf_counter() - start


def appends(store: EventStore, count: int) -> list[float]:
    """Latency (s) of ``count`` single-event appends, each its own transaction."""
    game = uuid.uuid4()
    store.append(
        game, [NewEvent("GameCreated", GENERATOR(1, 1, 99)[0]["events"][0]["data"])], 0, "b"
    )
    latencies, version = [], 1
    for i in range(count):
        event = NewEvent("CardPlayed", {"seat": "NESW"[i % 4], "card": _CARDS[i % 32]})
        start = time.perf_counter()
        version = store.append(game, [event], version, "bench", check=CHECK).last_version
        latencies.append(time.perf_counter() - start)
    return latencies


def peer(url: str, games: list[Game]) -> tuple[float, float]:
    """Seconds to write then read every game with eventsourcing's PostgreSQL recorder."""
    from eventsourcing.persistence import StoredEvent as PeerEvent
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    info = psycopg.conninfo.conninfo_to_dict(url)
    datastore = PostgresDatastore(
        str(info["dbname"]), str(info.get("host", "")), str(info.get("port") or 5432),
        str(info.get("user", "postgres")), str(info.get("password", "")),
    )  # fmt: skip
    recorder = PostgresApplicationRecorder(datastore)
    recorder.create_table()
    batches = [
        [PeerEvent(uuid.UUID(g["game"]), v, e["type"], json.dumps(e["data"]).encode())
         for v, e in enumerate(g["events"], start=1)]
        for g in games
    ]  # fmt: skip
    start = time.perf_counter()
    for batch in batches:
        recorder.insert_events(batch)
    write = time.perf_counter() - start
    start = time.perf_counter()
    for g in games:
        [json.loads(e.state) for e in recorder.select_events(uuid.UUID(g["game"]))]
    read = time.perf_counter() - start
    datastore.close()
    return write, read


def run(games_n: int, per_game: int, append_n: int) -> dict[str, float]:
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        return _measure(url, games_n, per_game, append_n)
    finally:
        drop_database(admin, name)


def _measure(url: str, games_n: int, per_game: int, append_n: int) -> dict[str, float]:
    total = games_n * per_game
    r: dict[str, float] = {"games": games_n, "events_per_game": per_game, "events": total}
    r["raw_copy_ms"] = ms(copy_s := raw_copy(url, total))
    r["raw_copy_rows_per_s"] = round(total / copy_s)
    print(f"(1) raw COPY of {total} JSON rows: {r['raw_copy_ms']} ms, "
          f"{r['raw_copy_rows_per_s']} rows/s")  # fmt: skip
    games = GENERATOR(games_n, per_game, 1)
    lines = [json.dumps(g) + "\n" for g in games]
    store = EventStore(make_pool(url, max_size=2))
    start = time.perf_counter()
    summary = store.import_ndjson(lines, check=CHECK, progress=False)
    import_s = time.perf_counter() - start
    assert summary.events == total and not summary.refused, summary.refused[:3]
    r["import_ms"], r["import_events_per_s"] = ms(import_s), round(total / import_s)
    r["import_vs_raw_copy"] = round(copy_s / import_s, 3)
    print(f"(2) bulk import: {r['import_ms']} ms, {r['import_events_per_s']} events/s, "
          f"{r['import_vs_raw_copy']} x raw COPY (target >= 0.5)")  # fmt: skip
    lat = appends(store, append_n)
    r["append_events_per_s"] = round(len(lat) / sum(lat))
    r["append_p50_ms"] = ms(statistics.median(lat))
    r["append_p99_ms"] = ms(statistics.quantiles(lat, n=100)[98] if len(lat) > 1 else lat[0])
    r["append_vs_raw_copy"] = round(r["append_events_per_s"] / r["raw_copy_rows_per_s"], 4)
    print(f"(3) single appends: {r['append_events_per_s']} events/s, p50 {r['append_p50_ms']} ms "
          f"(target <= 2), p99 {r['append_p99_ms']} ms, "
          f"{r['append_vs_raw_copy']} x raw COPY")  # fmt: skip
    ids = [uuid.UUID(g["game"]) for g in games]
    reads = []
    for game in ids[: min(len(ids), 200)]:
        start = time.perf_counter()
        store.read(game)
        reads.append(time.perf_counter() - start)
    r["read_game_p50_ms"] = ms(statistics.median(reads))
    print(f"(4) read one game of {per_game} events: p50 {r['read_game_p50_ms']} ms")
    start = time.perf_counter()
    for game in ids:
        store.read(game)
    r["full_read_ms"] = ms(full_read := time.perf_counter() - start)
    store.pool.close()
    peer_write, peer_read = peer(url, games)
    r["peer_write_ms"], r["peer_read_ms"] = ms(peer_write), ms(peer_read)
    r["write_ours_vs_peer"] = round(peer_write / import_s, 3)  # > 1: ours is faster
    r["read_ours_vs_peer"] = round(peer_read / full_read, 3)
    print(f"(5) eventsourcing recorder: write {r['peer_write_ms']} ms, full read "
          f"{r['peer_read_ms']} ms; ours: import {r['import_ms']} ms, full read "
          f"{r['full_read_ms']} ms; speed ours/peer: write {r['write_ours_vs_peer']}, "
          f"read {r['read_ours_vs_peer']}")  # fmt: skip
    return r


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--events-per-game", type=int, default=100)
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, for CI")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.events_per_game, args.appends = 20, 20, 50
    print(json.dumps(run(args.games, args.events_per_game, args.appends), sort_keys=True))


if __name__ == "__main__":
    main()
