"""Snapshots change only the speed: states are identical with and without them."""

from __future__ import annotations

import random
import uuid

import psycopg
import pytest

from events.records import NewEvent
from projections.address import Address, Upto
from projections.codeversion import code_version
from projections.entries import from_stored
from projections.fold import project
from projections.snapshots import load_state
from tests.gamekit import wire_game


def store_game(store, events):
    game_id = uuid.uuid4()
    store.append(game_id, [NewEvent(e["type"], e["data"]) for e in events], 0, "t")
    return game_id


@pytest.mark.parametrize("pid", ["ffb-sata", "tripot", "contree-points-faits"])
def test_states_with_and_without_snapshots_are_identical(db_store, database_url, pid):
    _g, events = wire_game(pid, 41, max_deals=6)
    game_id = store_game(db_store, events)
    entries = list(from_stored(db_store.read(game_id)))
    rng = random.Random(7)
    with psycopg.connect(database_url, autocommit=True) as conn:
        load_state(conn, game_id)  # writes a snapshot at every deal boundary
        count = conn.execute(
            "SELECT count(*) FROM projection_snapshots WHERE game_id = %s", (game_id,)
        ).fetchone()[0]
        assert count >= 1
        for version in sorted(rng.sample(range(1, len(events) + 1), 25)) + [len(events)]:
            upto = Upto(version=version)
            cold = load_state(conn, game_id, upto, use_snapshots=False, write_snapshots=False)
            warm = load_state(conn, game_id, upto)
            assert warm[0] == cold[0] == project(entries, upto)
        for address in ("2.3.1", "3.0.0", "4.8.4"):
            upto = Upto(address=Address.parse(address))
            assert load_state(conn, game_id, upto)[0] == project(entries, upto)


def test_snapshots_of_another_code_version_are_ignored(db_store, database_url):
    _g, events = wire_game("ffb", 42, max_deals=3)
    game_id = store_game(db_store, events)
    with psycopg.connect(database_url, autocommit=True) as conn:
        state, _log = load_state(conn, game_id)
        stale = load_state(conn, game_id, Upto(version=len(events) // 2))
        conn.execute(
            "UPDATE projection_snapshots SET code_version = 'old' WHERE game_id = %s", (game_id,)
        )
        again = load_state(conn, game_id, Upto(version=len(events) // 2))
        assert again[0] == stale[0]
        rows = conn.execute(
            "SELECT DISTINCT code_version FROM projection_snapshots WHERE game_id = %s", (game_id,)
        ).fetchall()
        assert {r[0] for r in rows} == {"old", code_version()}  # rebuilt for this code
    assert state.version == len(events)


def test_a_missing_snapshot_is_rebuilt(db_store, database_url):
    _g, events = wire_game("yeeqia", 43, max_deals=3)
    game_id = store_game(db_store, events)
    with psycopg.connect(database_url, autocommit=True) as conn:
        first = load_state(conn, game_id)[0]
        conn.execute("DELETE FROM projection_snapshots WHERE game_id = %s", (game_id,))
        assert load_state(conn, game_id)[0] == first
        assert (
            conn.execute(
                "SELECT count(*) FROM projection_snapshots WHERE game_id = %s", (game_id,)
            ).fetchone()[0]
            >= 1
        )
