"""PostgreSQL restarted while 4 clients append: every request is stored exactly once or
answered 503 (problem+json, ``Retry-After``); clients retrying with the same event ids end
with exactly the events they sent, none lost, none twice.

The server restarted is a throwaway cluster this test owns, never a shared one. Prints
its figures: requests, 503 answers, seconds to recover.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack

import psycopg
import pytest

from events.store.migrate import migrate
from service.app import create_app
from service.auth import create_token
from service.bootstrap import services
from tests.faults.harness import OwnServer, recovery, run_clients, served
from tests.gamekit import wire_game


@pytest.fixture(scope="module")
def own_server() -> Iterator[OwnServer]:
    server = OwnServer()
    yield server
    server.close()


def test_restart_while_four_clients_append(own_server: OwnServer) -> None:
    url = own_server.database("restart")
    migrate(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    with services(app).pool.connection() as conn:
        _t, token = create_token(conn, "club-r", "restart", ["record"])
    games = [wire_game("ffb", seed, max_deals=3)[1][:120] for seed in range(4)]
    try:
        with served(app) as port:
            tallies, ids, restarted_at, outage = run_clients(
                port, token, games, own_server.restart, after_events=120
            )
    finally:
        services(app).pool.close()
    failures = [f for t in tallies for f in t.failures]
    assert failures == []
    statuses: dict[int, int] = {}
    for t in tallies:
        for status, n in t.statuses.items():
            statuses[status] = statuses.get(status, 0) + n
    assert set(statuses) <= {200, 201, 503}
    with psycopg.connect(url) as conn:
        for game, tally, events in zip(ids, tallies, games, strict=True):
            stored = conn.execute(
                "SELECT event_id::text FROM events WHERE game_id = %s ORDER BY version", (game,)
            ).fetchall()
            assert [r[0] for r in stored] == tally.sent  # exactly once each, in order
            assert len(tally.sent) == len(events)
    recovered = recovery(tallies, restarted_at + outage)
    assert recovered is not None
    # once the database is back, no pooled connection left dead by the restart fails a
    # request (each is checked before use)
    back = restarted_at + outage
    late = [(round(t - back, 3), s) for tally in tallies for t, s in tally.answers
            if t > back and s == 503]  # fmt: skip
    assert late == []
    print(
        f"\nrestart under 4 appending clients: {sum(statuses.values())} requests "
        f"({statuses}), {statuses.get(503, 0)} answered 503, {statuses.get(200, 0)} "
        f"replayed (200), 0 lost, 0 duplicated; database down for {outage:.2f} s, first "
        f"event stored {recovered:.2f} s after it was back, none answered 503 after that"
    )


def test_every_path_answers_503_while_the_database_is_down(own_server: OwnServer) -> None:
    """Token lookup, reads, writes and readiness: 503 problem+json with Retry-After, and
    nothing half-written once the database is back."""
    url = own_server.database("down")
    migrate(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "POOL_TIMEOUT": 1.0})
    with services(app).pool.connection() as conn:
        _t, token = create_token(conn, "club-d", "down", ["record"])
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    _g, events = wire_game("ffb", 9, max_deals=1)
    created = client.post("/games", json=events[0]["data"], headers=auth)
    game = created.get_json()["id"]
    own_server.stop()
    try:
        answers = {
            "token lookup + list": client.get("/games", headers=auth),
            "public read": client.get(f"/games/{game}/state"),
            "append": client.post(
                f"/games/{game}/events",
                json={"expected_version": 1, "events": events[1:3]},
                headers=auth,
            ),
            "create": client.post("/games", json=events[0]["data"], headers=auth),
            "ready": client.get("/ready"),
        }
    finally:
        own_server.start()
    for name, answer in answers.items():
        assert answer.status_code == 503, (name, answer.get_data(as_text=True))
        assert answer.mimetype == "application/problem+json", name
        assert answer.headers["Retry-After"].isdigit(), name
    deadline = time.monotonic() + 60  # the pool reconnects with a backoff: wait for it
    while client.get("/ready").status_code != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    again = client.get(f"/games/{game}", headers=auth)
    assert again.status_code == 200 and again.get_json()["version"] == 1  # nothing written
    assert client.get("/games", headers=auth).get_json()["games"][0]["id"] == game
    services(app).pool.close()
    print(f"\ndatabase down: {', '.join(answers)} each answered 503 with Retry-After")


def test_no_request_fails_once_the_database_is_back(own_server: OwnServer) -> None:
    """The finding: with the pool full of connections the restart killed, each of them
    failed one request after the database was already back. Each is now checked when
    handed out, and the first dead one found sweeps the others out of the pool, so every
    request after the restart is served (without the sweep, the pool's growing pause
    between two dead connections makes the first requests time out)."""
    url = own_server.database("back")
    migrate(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    pool = services(app).pool
    with pool.connection() as conn:
        _t, token = create_token(conn, "club-b", "back", ["read"])
    with ExitStack() as held:  # the pool holds as many live connections as it can
        for _ in range(pool.max_size):
            held.enter_context(pool.connection())
    kept = pool.get_stats()["pool_size"]
    outage = own_server.restart()
    psycopg.connect(url).close()  # the database answers again
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    t0 = time.perf_counter()
    statuses = [client.get("/games", headers=auth).status_code for _ in range(4 * kept)]
    first = time.perf_counter() - t0
    pool.close()
    assert statuses == [200] * len(statuses)
    print(
        f"\n{kept} pooled connections killed by a restart ({outage:.2f} s): "
        f"{len(statuses)} requests after it, none failed, all served in {first:.2f} s"
    )
