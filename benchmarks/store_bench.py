"""Event store benchmark: raw COPY baseline, the COPY of our final rows into the indexed
tables (the physical ceiling of an import), bulk import, single appends judged by the
rules, reads, and the ``eventsourcing`` library's PostgreSQL recorder as the peer baseline.

    .venv/bin/python benchmarks/store_bench.py            # 2,000 games x 100 events
    .venv/bin/python benchmarks/store_bench.py --smoke    # tiny, for CI

Runs on the embedded server (``DATABASE_URL`` overrides: it is then the admin URL on
which a scratch database is created and dropped). The last line printed is one JSON
object with every figure (times in ms, rates per second, ratios as plain numbers).

The events are real: games played by :func:`rules.simulation.generator.generate_game`
under all eight profiles, in wire form (:func:`rules.notation.action_to_wire`). The store
figures cut them into slices of ``--events-per-game`` events, each starting with a
``GameCreated`` (the store judges nothing without a check hook, so a slice need not
be a whole game). Whatever runs the write-side judgement
(:class:`projections.judgement.Judgement`) works on complete legal games: the single
appends, one event per transaction, and a separate bulk import line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import psycopg

from events.archive.binary_copy import COLUMNS, COPY_SIGNATURE, COPY_TRAILER, NULL_FIELD
from events.archive.parse import LineParser
from events.records import NewEvent
from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.event_store import EventStore
from events.store.migrate import migrate
from events.store.pool import make_pool
from projections.judgement import Judgement
from rules.notation import action_to_wire
from rules.registry import PROFILES, find_profile
from rules.simulation.generator import generate_game

Game = dict[str, Any]  # an archive line's document: {"game": id, "events": [{type, data}]}
_CARDS = [r + s for s in "CDHS" for r in "789TJQKA"]
_NAMES = [f"{first}-{n}" for first in ("ana", "bruno", "chloé", "dev", "eun", "fatou")
          for n in range(60)]  # fmt: skip


def game_created(profile: str, first_dealer: str, target: int | None, rng: random.Random) -> Game:
    """The wire ``GameCreated`` of a game (as ``tests/gamekit.py`` writes it), with players
    and a club drawn from small pools, as at a real federation."""
    players = rng.sample(_NAMES, 4)
    data: dict[str, Any] = {
        "profile": profile,
        "seats": dict(zip("NESW", players, strict=True)),
        "first_dealer": first_dealer,
        "enforcement": "strict",
        "club": f"club-{rng.randrange(20)}",
    }
    if target is not None:
        data["length"] = {"target": target}
    return {"type": "GameCreated", "data": data}


def complete_games(n: int, seed: int) -> list[Game]:
    """``n`` whole legal games, the eight profiles in turn."""
    rng = random.Random(seed)
    profiles = sorted(PROFILES)
    games = []
    for i in range(n):
        profile = find_profile(profiles[i % len(profiles)])
        g = generate_game(profile, seed * 100_003 + i)
        target = g.target if g.target != profile.target else None
        events = [game_created(profile.id, g.first_dealer.name, target, rng)]
        events += [dict(zip(("type", "data"), action_to_wire(a), strict=True)) for a in g.actions]
        game_id = uuid.UUID(int=rng.getrandbits(128), version=4)
        games.append({"game": str(game_id), "events": events})
    return games


def sliced_games(n: int, events_per_game: int, seed: int) -> list[Game]:
    """``n`` games of exactly ``events_per_game`` events: a ``GameCreated``, then the next
    stretch of the table events of whole generated games, played one after the other."""
    rng = random.Random(seed)
    stream: list[tuple[Game, dict[str, Any]]] = []  # (the whole game's GameCreated, event)
    out: list[Game] = []
    batch = 0
    while len(out) < n:
        for whole in complete_games(16, seed * 1_000 + batch):
            stream += [(whole["events"][0], e) for e in whole["events"][1:]]
        batch += 1
        step = events_per_game - 1
        while len(stream) >= step and len(out) < n:
            chunk, stream = stream[:step], stream[step:]
            created = chunk[0][0] if chunk else game_created("ffb", "N", None, rng)
            out.append({"game": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                        "events": [created] + [e for _, e in chunk]})  # fmt: skip
    return out


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def settle(url: str) -> None:
    """CHECKPOINT before a timed write, so that each starts from the same state (a checkpoint
    running during a COPY makes it up to twice as slow); skipped without the privilege."""
    with (
        psycopg.connect(url, autocommit=True) as conn,
        contextlib.suppress(psycopg.errors.InsufficientPrivilege),
    ):
        conn.execute("CHECKPOINT")


def backend_cpu(conn: psycopg.Connection[Any]) -> float | None:
    """CPU seconds used so far by the server process of ``conn`` (None if it is not local).

    With other work sharing the two cores, wall times vary by tens of percent from run to
    run; the CPU that the server spends on a COPY does not."""
    try:
        with open(f"/proc/{conn.info.backend_pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def cpu_ms(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else ms(after - before)


def raw_copy(url: str, rows: int) -> tuple[float, float | None]:
    """Seconds (and the server's CPU ms) to COPY ``rows`` ~150-byte JSON rows into a bare
    one-column jsonb table."""
    filler = "x" * 60
    text = "".join(
        json.dumps({"type": "CardPlayed", "seat": "NESW"[i % 4], "card": _CARDS[i % 32],
                    "n": i, "note": filler}, separators=(",", ":")) + "\n"
        for i in range(rows)
    )  # fmt: skip
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE raw_copy (data jsonb)")
        conn.commit()
        settle(url)
        cpu, start = backend_cpu(conn), time.perf_counter()
        with conn.cursor().copy("COPY raw_copy (data) FROM STDIN") as copy:
            for i in range(0, len(text), 1 << 20):
                copy.write(text[i : i + (1 << 20)])
        conn.commit()
        return time.perf_counter() - start, cpu_ms(cpu, backend_cpu(conn))


def parse_only(lines: list[str]) -> tuple[float, Any, int]:
    """Seconds for the import's Python side alone (parse, check, hash, build rows)."""
    parser = LineParser("import", datetime.now(UTC))
    start = time.perf_counter()
    games = [parser.parse(n, line) for n, line in enumerate(lines, start=1)]
    return time.perf_counter() - start, games, parser.declined


def copy_indexed(url: str, games: Any) -> tuple[float, float | None]:
    """Seconds to COPY the import's final rows, already built, into copies of ``games`` and
    ``events`` with all their indexes and defaults (the feed's ``tx`` included), in one
    transaction, as an import writes them: what an import costs the server alone, the
    ceiling of any import into this schema."""
    events = b"".join(NULL_FIELD.join(g.rows) + NULL_FIELD for g in games)
    payload = COPY_SIGNATURE + events + COPY_TRAILER
    with psycopg.connect(url) as conn:
        for table in ("games", "events"):
            conn.execute(f"CREATE TABLE ceiling_{table} (LIKE {table} INCLUDING ALL)")
        conn.commit()
        settle(url)
        cpu, start = backend_cpu(conn), time.perf_counter()
        with conn.cursor().copy(
            "COPY ceiling_games (game_id, club, profile, players, visibility, enforcement, "
            "status, created_at, updated_at, last_version, last_hash) FROM STDIN"
        ) as copy:
            for g in games:
                copy.write_row((g.game_id, *g.meta, "live", g.first_at, g.last_at,
                                len(g.rows), g.last_hash))  # fmt: skip
        with conn.cursor().copy(
            f"COPY ceiling_events ({COLUMNS}, breaches) FROM STDIN (FORMAT BINARY)"
        ) as copy:
            for i in range(0, len(payload), 1 << 20):
                copy.write(payload[i : i + (1 << 20)])
        conn.commit()
        return time.perf_counter() - start, cpu_ms(cpu, backend_cpu(conn))


def appends(store: EventStore, games: list[Game], count: int) -> list[float]:
    """Latency (s) of ``count`` single-event appends of whole legal games, one transaction
    each, judged by the rules (the write-side judgement as the API runs it)."""
    judgement = Judgement()
    latencies: list[float] = []
    for g in games:
        game_id, version = uuid.UUID(g["game"]), 0
        for e in g["events"]:
            if len(latencies) == count:
                return latencies
            event = NewEvent(e["type"], e["data"])
            start = time.perf_counter()
            version = store.append(game_id, [event], version, "bench", check=judgement).last_version
            latencies.append(time.perf_counter() - start)
    return latencies


def database_cpu(url: str) -> float | None:
    """CPU seconds used so far by every server process connected to ``url``'s database
    (the pools of both stores), None when the server is not on this machine."""
    with psycopg.connect(url, autocommit=True) as conn:
        pids = [r[0] for r in conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )]  # fmt: skip
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except FileNotFoundError:
            continue  # a process that ended between the query and here
        except (OSError, ValueError, IndexError):
            return None
    return total


class Timed:
    """Wall seconds, this process's CPU seconds and the database's server CPU seconds of
    the block (see :func:`database_cpu`)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.wall = self.cpu = 0.0
        self.server: float | None = None

    def __enter__(self) -> Timed:
        self._server = database_cpu(self.url)
        self._cpu, self._wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu
        after = database_cpu(self.url)
        self.server = None if after is None or self._server is None else after - self._server


def full_read(url: str, read: Any, ids: list[uuid.UUID]) -> Timed:
    """Every game read once through ``read(game id)``."""
    with Timed(url) as t:
        for game in ids:
            read(game)
    return t


def peer(url: str, games: list[Game], rounds: int) -> tuple[float, list[Timed]]:
    """Seconds to write every game with eventsourcing's PostgreSQL recorder, then each of
    ``rounds`` full reads: the payloads decoded as ours are (JSON to dicts)."""
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

    def read(game: uuid.UUID) -> list[Any]:
        return [json.loads(e.state) for e in recorder.select_events(game)]

    ids = [uuid.UUID(g["game"]) for g in games]
    reads = [full_read(url, read, ids) for _ in range(rounds)]
    datastore.close()
    return write, reads


def run(games_n: int, per_game: int, append_n: int, judged_n: int) -> dict[str, Any]:
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    try:
        migrate(url)
        return _measure(url, games_n, per_game, append_n, judged_n)
    finally:
        drop_database(admin, name)


def _measure(url: str, games_n: int, per_game: int, append_n: int, judged_n: int) -> dict[str, Any]:
    total = games_n * per_game
    r: dict[str, Any] = {"games": games_n, "events_per_game": per_game, "events": total}
    games = sliced_games(games_n, per_game, 1)
    lines = [json.dumps(g, ensure_ascii=False) + "\n" for g in games]
    r["archive_bytes_per_event"] = round(sum(len(line.encode()) for line in lines) / total, 1)
    judged = complete_games(judged_n, 2)
    to_append: list[Game] = []
    while sum(len(g["events"]) for g in to_append) < append_n:
        to_append += complete_games(4, 3 + len(to_append))
    judged_lines = [json.dumps(g, ensure_ascii=False) + "\n" for g in judged]

    copy_s, cpu = raw_copy(url, total)
    r["raw_copy_ms"], r["raw_copy_rows_per_s"] = ms(copy_s), round(total / copy_s)
    cpus = {"raw_copy_server_cpu_ms": cpu}
    print(f"(1) raw COPY of {total} JSON rows into a bare table: {r['raw_copy_ms']} ms, "
          f"{r['raw_copy_rows_per_s']} rows/s")  # fmt: skip

    parse_s, built, declined = parse_only(lines)
    r["parse_ms"], r["parse_us_per_event"] = ms(parse_s), round(parse_s / total * 1e6, 2)
    r["parse_declined_lines"] = declined
    ceiling_s, cpus["copy_indexed_server_cpu_ms"] = copy_indexed(url, built)
    r["copy_indexed_ms"] = ms(ceiling_s)
    r["copy_indexed_vs_raw_copy"] = round(copy_s / ceiling_s, 3)
    del built
    print(f"(1b) ceiling: COPY of the import's final rows (built beforehand) into the indexed "
          f"games and events tables: {r['copy_indexed_ms']} ms = "
          f"{r['copy_indexed_vs_raw_copy']} x raw COPY, the best any import into this schema "
          f"can reach; the import's Python side alone: {r['parse_ms']} ms "
          f"({r['parse_us_per_event']} us/event, {declined} lines declined to the "
          f"reference path)")  # fmt: skip

    store = EventStore(make_pool(url, min_size=1, max_size=1))  # one connection: its CPU
    settle(url)
    with store.pool.connection() as conn:
        cpu = backend_cpu(conn)
    python, start = time.process_time(), time.perf_counter()
    summary = store.import_ndjson(lines, progress=False)
    import_s = time.perf_counter() - start
    r["import_python_cpu_ms"] = ms(time.process_time() - python)
    with store.pool.connection() as conn:
        cpus["import_server_cpu_ms"] = cpu_ms(cpu, backend_cpu(conn))
    assert summary.events == total and not summary.refused, summary.refused[:3]
    r["import_ms"], r["import_events_per_s"] = ms(import_s), round(total / import_s)
    r["import_vs_raw_copy"] = round(copy_s / import_s, 3)
    r["import_vs_copy_indexed"] = round(ceiling_s / import_s, 3)
    print(f"(2) bulk import: {r['import_ms']} ms, {r['import_events_per_s']} events/s, "
          f"{r['import_vs_raw_copy']} x raw COPY (target >= 0.5), "
          f"{r['import_vs_copy_indexed']} x the ceiling (1b)")  # fmt: skip
    r.update({k: v for k, v in cpus.items() if v is not None})
    raw_cpu, ceiling_cpu = cpus["raw_copy_server_cpu_ms"], cpus["copy_indexed_server_cpu_ms"]
    if raw_cpu and ceiling_cpu and cpus["import_server_cpu_ms"]:
        r["copy_indexed_vs_raw_copy_cpu"] = round(raw_cpu / ceiling_cpu, 3)
        print(f"(2c) CPU: the server spends {raw_cpu} ms on the raw COPY, {ceiling_cpu} ms on "
              f"the ceiling ({r['copy_indexed_vs_raw_copy_cpu']} x), "
              f"{cpus['import_server_cpu_ms']} ms on the import; the import's Python "
              f"{r['import_python_cpu_ms']} ms")  # fmt: skip

    judged_events = sum(len(g["events"]) for g in judged)
    settle(url)
    start = time.perf_counter()
    summary = store.import_ndjson(judged_lines, check=Judgement(), progress=False)
    judged_s = time.perf_counter() - start
    assert summary.events == judged_events and not summary.refused, summary.refused[:3]
    r["import_judged_games"], r["import_judged_events"] = len(judged), judged_events
    r["import_judged_ms"] = ms(judged_s)
    r["import_judged_events_per_s"] = round(judged_events / judged_s)
    print(f"(2b) bulk import of {len(judged)} whole games ({judged_events} events) judged by "
          f"the rules: {r['import_judged_ms']} ms, {r['import_judged_events_per_s']} "
          f"events/s")  # fmt: skip

    lat = appends(store, to_append, append_n)
    r["append_count"] = len(lat)
    r["append_events_per_s"] = round(len(lat) / sum(lat))
    r["append_p50_ms"] = ms(statistics.median(lat))
    r["append_p99_ms"] = ms(statistics.quantiles(lat, n=100)[98] if len(lat) > 1 else lat[0])
    r["append_vs_raw_copy"] = round(r["append_events_per_s"] / r["raw_copy_rows_per_s"], 4)
    print(f"(3) single appends judged by the rules ({len(lat)} events of whole games): "
          f"{r['append_events_per_s']} events/s, p50 {r['append_p50_ms']} ms (target <= 2), "
          f"p99 {r['append_p99_ms']} ms, {r['append_vs_raw_copy']} x raw COPY")  # fmt: skip

    ids = [uuid.UUID(g["game"]) for g in games]
    reads = []
    for game in ids[: min(len(ids), 200)]:
        start = time.perf_counter()
        store.read(game)
        reads.append(time.perf_counter() - start)
    r["read_game_p50_ms"] = ms(statistics.median(reads))
    print(f"(4) read one game of {per_game} events: p50 {r['read_game_p50_ms']} ms")
    # the full reads, ours then the peer's, twice each: the best round of each is compared
    # (the machine is shared: a round can fall on someone else's busy second)
    ours = [full_read(url, store.read, ids) for _ in range(2)]
    store.pool.close()
    peer_write, theirs = peer(url, games, 2)
    best, best_peer = min(ours, key=lambda t: t.wall), min(theirs, key=lambda t: t.wall)
    r["full_read_ms"], r["full_read_rounds_ms"] = ms(best.wall), [ms(t.wall) for t in ours]
    r["peer_read_ms"], r["peer_read_rounds_ms"] = ms(best_peer.wall), [ms(t.wall) for t in theirs]
    r["full_read_cpu_ms"], r["peer_read_cpu_ms"] = ms(best.cpu), ms(best_peer.cpu)
    r["peer_write_ms"] = ms(peer_write)
    r["write_ours_vs_peer"] = round(peer_write / import_s, 3)  # > 1: ours is faster
    r["read_ours_vs_peer"] = round(best_peer.wall / best.wall, 3)
    r["read_ours_vs_peer_client_cpu"] = round(best_peer.cpu / best.cpu, 3)
    print(f"(5) eventsourcing recorder: write {r['peer_write_ms']} ms, full read "
          f"{r['peer_read_ms']} ms; ours: import {r['import_ms']} ms, full read "
          f"{r['full_read_ms']} ms; speed ours/peer: write {r['write_ours_vs_peer']}, "
          f"read {r['read_ours_vs_peer']} (target >= 1.0)")  # fmt: skip
    servers = (best.server, best_peer.server)
    print(
        f"(5b) full read, CPU: this process {r['full_read_cpu_ms']} ms (peer "
        f"{r['peer_read_cpu_ms']} ms, ours/peer {r['read_ours_vs_peer_client_cpu']})"
    )
    if servers[0] and servers[1]:
        r["full_read_server_cpu_ms"], r["peer_read_server_cpu_ms"] = map(ms, servers)
        r["read_ours_vs_peer_cpu"] = round(
            (best_peer.cpu + servers[1]) / (best.cpu + servers[0]), 3
        )
        print(f"     the server {r['full_read_server_cpu_ms']} ms (peer "
              f"{r['peer_read_server_cpu_ms']} ms); client and server together ours/peer "
              f"{r['read_ours_vs_peer_cpu']}")  # fmt: skip
    return r


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--events-per-game", type=int, default=100)
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--judged-games", type=int, default=100, help="for the judged import")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, for CI")
    args = parser.parse_args()
    if args.events_per_game < 2:
        parser.error("--events-per-game is at least 2 (a GameCreated and one more event)")
    if args.smoke:
        args.games, args.events_per_game, args.appends, args.judged_games = 20, 20, 50, 2
    result = run(args.games, args.events_per_game, args.appends, args.judged_games)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
