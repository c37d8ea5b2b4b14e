"""``kill -9`` of ``coinche import`` midway, then the same import again: each game is in
whole or not at all, the second run adds exactly the missing ones, nothing is doubled.
Prints its figures."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import psycopg

from tests.gamekit import wire_game

GAMES = 600


def test_an_import_killed_midway_then_run_again(database_url: str, tmp_path: Path) -> None:
    club = f"imp-{uuid.uuid4().hex[:6]}"
    lengths: dict[str, int] = {}
    with (tmp_path / "archive.ndjson").open("w", encoding="utf-8") as f:
        for seed in range(GAMES):
            _g, events = wire_game("ffb", seed, max_deals=3)
            events[0]["data"]["club"] = club
            game = str(uuid.uuid4())
            lengths[game] = len(events)
            f.write(json.dumps({"game": game, "events": events}) + "\n")
    env = dict(os.environ, DATABASE_URL=database_url, COINCHE_DATA_DIR=str(tmp_path))
    coinche = str(Path(sys.executable).parent / "coinche")
    argv = [coinche, "import", str(tmp_path / "archive.ndjson")]

    def stored(conn: psycopg.Connection) -> dict[str, int]:
        rows = conn.execute(
            "SELECT g.game_id::text, count(e.*) FROM games g JOIN events e USING (game_id) "
            "WHERE g.club = %s GROUP BY g.game_id",
            (club,),
        ).fetchall()
        return {r[0]: int(r[1]) for r in rows}

    with psycopg.connect(database_url, autocommit=True) as conn:
        first = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)  # fmt: skip
        while first.poll() is None and not stored(conn):
            time.sleep(0.02)
        first.send_signal(signal.SIGKILL)  # midway: some batches committed, one in flight
        first.wait(10)
        after_kill = stored(conn)
        assert 0 < len(after_kill) < GAMES, "the import was not caught midway"
        assert all(after_kill[g] == lengths[g] for g in after_kill)  # whole games only
        again = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
        assert again.returncode == 2, again.stderr[-2000:]  # the games already in: refused
        summary = json.loads(again.stdout.strip().splitlines()[-1])
        final = stored(conn)
        duplicates = conn.execute(
            "SELECT count(*) - count(DISTINCT event_id) FROM events e JOIN games g "
            "USING (game_id) WHERE g.club = %s",
            (club,),
        ).fetchone()[0]
    assert summary["imported"] == GAMES - len(after_kill)
    assert len(summary["refused"]) == len(after_kill)
    assert final == lengths and duplicates == 0
    print(f"\nimport killed after {len(after_kill)} of {GAMES} games (all whole); the second "
          f"run imported {summary['imported']} and refused {len(summary['refused'])} already "
          f"in; {sum(final.values())} events, 0 duplicates")  # fmt: skip
