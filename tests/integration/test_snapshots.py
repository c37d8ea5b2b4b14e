"""Snapshots change only the speed: states are identical with and without them."""

from __future__ import annotations

import pickle
import random
import uuid

import psycopg
import pytest

from events.records import NewEvent
from projections.address import Address, Upto
from projections.codec import FORMAT
from projections.codeversion import code_version
from projections.entries import from_stored
from projections.fold import project
from projections.snapshots import DECODED, load_state
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


def test_a_void_after_a_snapshot_replays_the_whole_history(db_store, database_url, judgement):
    """A fold resumed from a snapshot holds no log; a void then reads the earlier events
    again, on the read side and on the write side alike."""
    _g, events = wire_game("ffb", 44, enforcement="record", max_deals=3)
    game_id = store_game(db_store, events)
    with psycopg.connect(database_url, autocommit=True) as conn:
        load_state(conn, game_id)  # snapshots at every deal boundary
    void = {"version": 4, "reason": "typo", "by": "arbiter"}
    db_store.append(game_id, [NewEvent("EventVoided", void)], len(events), "t", check=judgement)
    entries = list(from_stored(db_store.read(game_id)))
    with psycopg.connect(database_url, autocommit=True) as conn:
        warm = load_state(conn, game_id)[0]
        cold = load_state(conn, game_id, use_snapshots=False, write_snapshots=False)[0]
    assert warm == cold == project(entries)
    assert 4 in warm.voided


def _snapshot_rows(conn, game_id):
    return conn.execute(
        "SELECT version, format, data FROM projection_snapshots WHERE game_id = %s "
        "ORDER BY version",
        (game_id,),
    ).fetchall()


class _Boom:
    def __reduce__(self):
        return (open, ("/nonexistent/snapshot-was-unpickled", "w"))


@pytest.mark.parametrize(
    "data",
    [
        pickle.dumps(_Boom()),  # what an attacker with write access would store
        b"{not json",
        b'{"format": %d, "state": {"meta": null}}' % FORMAT,
        b"[" * 5000 + b"]" * 5000,
    ],
    ids=["pickle", "not-json", "wrong-shape", "deep"],
)
def test_a_hostile_snapshot_is_ignored_logged_and_rebuilt(db_store, database_url, data, caplog):
    _g, events = wire_game("ffb", 45, max_deals=3)
    game_id = store_game(db_store, events)
    entries = list(from_stored(db_store.read(game_id)))
    with psycopg.connect(database_url, autocommit=True) as conn:
        load_state(conn, game_id)
        last = _snapshot_rows(conn, game_id)[-1][0]
        conn.execute(
            "UPDATE projection_snapshots SET data = %s WHERE game_id = %s AND version = %s",
            (data, game_id, last),
        )
        DECODED.clear()  # as in a fresh process: nothing decoded yet
        with caplog.at_level("WARNING", logger="coinche.projections"):
            state = load_state(conn, game_id)[0]
        assert state == project(entries)
        assert f"snapshot of game {game_id} at {last} ignored and rebuilt" in caplog.text
        rebuilt = dict((v, d) for v, _f, d in _snapshot_rows(conn, game_id))
        good = b'{"format":%d' % FORMAT
        assert bytes(rebuilt[last]).startswith(good)  # a good one took its place


def test_a_snapshot_of_another_history_or_format_is_not_used(db_store, database_url, caplog):
    _g, events = wire_game("yeeqia", 46, max_deals=3)
    game_id = store_game(db_store, events)
    other = store_game(db_store, wire_game("ffb", 47, max_deals=3)[1])
    with psycopg.connect(database_url, autocommit=True) as conn:
        load_state(conn, game_id)
        load_state(conn, other)
        last = _snapshot_rows(conn, game_id)[-1][0]
        # the other game's snapshot copied under this game's id, at this version
        conn.execute("DELETE FROM projection_snapshots WHERE game_id = %s", (game_id,))
        conn.execute(
            "INSERT INTO projection_snapshots (game_id, version, code_version, format, deals, "
            "event_id, data) SELECT %s, %s, code_version, format, deals, event_id, data "
            "FROM projection_snapshots WHERE game_id = %s ORDER BY version DESC LIMIT 1",
            (game_id, last, other),
        )
        DECODED.clear()
        with caplog.at_level("WARNING", logger="coinche.projections"):
            assert load_state(conn, game_id)[0] == project(from_stored(db_store.read(game_id)))
        assert "is not the one the snapshot ended on" in caplog.text
        conn.execute("UPDATE projection_snapshots SET format = 7 WHERE game_id = %s", (game_id,))
        caplog.clear()
        DECODED.clear()
        with caplog.at_level("WARNING", logger="coinche.projections"):
            load_state(conn, game_id)
        assert "format" in caplog.text
