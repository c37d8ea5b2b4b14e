"""A hostile snapshot row, through the API: someone with write access to
``projection_snapshots`` stores a pickle whose loading would run code, or rows that are
not a snapshot at all. A public game's state is then read as any visitor would: the row
is never executed, the answer is the state the events give, and a good snapshot takes
the row's place. Prints its figures.
"""

from __future__ import annotations

import pickle
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from projections.snapshots import DECODED
from tests.gamekit import wire_game
from tests.service.conftest import Api


class _Payload:
    """Unpickling this creates ``marker``: the proof that the row was executed."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def _rows(conn: psycopg.Connection[Any], game: str) -> list[tuple[int, bytes]]:
    return [
        (v, bytes(d))
        for v, d in conn.execute(
            "SELECT version, data FROM projection_snapshots WHERE game_id = %s ORDER BY version",
            (game,),
        )
    ]


@pytest.mark.parametrize("kind", ["pickle", "not-json", "deep", "other-game"])
def test_a_hostile_snapshot_row_is_never_executed(
    api: Api, database_url: str, tmp_path: Path, kind: str
) -> None:
    _g, events = wire_game("ffb", 71, max_deals=4)
    created = api.create(events[0], visibility="public")
    game = created.get_json()["id"]
    assert api.append(game, events[1:], 1).status_code == 201
    truth = api.client.get(f"/games/{game}/state").get_json()  # writes the snapshots
    marker = tmp_path / "snapshot-was-unpickled"
    hostile = {
        "pickle": pickle.dumps(_Payload(marker)),
        "not-json": b"{not json",
        "deep": b"[" * 100_000 + b"]" * 100_000,
    }
    with psycopg.connect(database_url, autocommit=True) as conn:
        rows = _rows(conn, game)
        assert rows, "reading the state wrote no snapshot"
        last = rows[-1][0]
        if kind == "other-game":  # a real snapshot, of another game, at this version
            _g2, other = wire_game("ffb", 72, max_deals=4)
            second = api.create(other[0], visibility="public").get_json()["id"]
            api.append(second, other[1:], 1)
            api.client.get(f"/games/{second}/state")
            data = _rows(conn, second)[-1][1]
        else:
            data = hostile[kind]
        conn.execute(
            "UPDATE projection_snapshots SET data = %s WHERE game_id = %s AND version = %s",
            (data, game, last),
        )
        DECODED.clear()  # as a fresh API process would: nothing decoded in memory
        t0 = time.perf_counter()
        answer = api.client.get(f"/games/{game}/state")
        spent = (time.perf_counter() - t0) * 1000
        assert answer.status_code == 200
        assert answer.get_json() == truth
        assert not marker.exists()
        rebuilt = dict(_rows(conn, game))[last]
        assert rebuilt != data and rebuilt.startswith(b'{"format":')
    print(
        f"\nhostile snapshot ({kind}, {len(data):,} bytes) at version {last}: never "
        f"executed, state answered 200 as the events give it in {spent:.1f} ms, row rebuilt"
    )
