"""``GET /games/{id}/deals/{n}/analysis`` on the real database with the real worker:
a miss queues a job (202), the job keeps the analysis, the same request then answers
it (200), and every deal that cannot be analysed is refused clearly."""

from __future__ import annotations

import uuid

import pytest

from analysis.report import analyse_deal
from analysis.solver import Solver
from tests.conftest import bearer
from tests.gamekit import entries_of, wire_game
from tests.workers.conftest import club_games, import_events
from tests.workers.hand import fixture_events
from workers.deal_analysis import analysis_version, find_deal

CLUB = f"dd-{uuid.uuid4().hex[:6]}"
OTHER = f"dd-other-{uuid.uuid4().hex[:6]}"


def live_game(club: str) -> list[dict]:
    """A game stopped in the middle of its second deal's card play (still live)."""
    _g, events = wire_game("ffb", 4, enforcement="record", record_hands=True, deals=3)
    events[0]["data"]["club"] = club
    starts = [i for i, e in enumerate(events) if e["type"] == "DealStarted"]
    cut = next(i for i in range(starts[1], len(events)) if events[i]["type"] == "CardPlayed")
    return events[: cut + 5]


@pytest.fixture(scope="module")
def games(store):
    worked = fixture_events("01-worked-example", CLUB)
    score_only = fixture_events("35-score-only-deals", CLUB)
    live = live_game(CLUB)
    other = club_games(OTHER, "ffb", range(1))[0]
    ids = import_events(store, [worked, score_only, live, other])
    return dict(zip(("worked", "score_only", "live", "other"), ids, strict=True)) | {
        "worked_events": worked,
        "live_events": live,
    }


@pytest.fixture(scope="module")
def tokens(make_token):
    return {s: make_token(CLUB, (s,)) for s in ("read", "record")}


def url(game, n):
    return f"/games/{game}/deals/{n}/analysis"


def test_a_miss_queues_a_job_then_the_kept_analysis_answers(
    games, tokens, worker, wclient, wait_job, pool
):
    game = games["worked"]
    r = wclient.get(url(game, 1), headers=bearer(tokens["read"]))
    assert r.status_code == 202, r.json
    job = r.json["job"]
    assert job["kind"] == "analysis" and r.headers["Location"] == f"/jobs/{job['id']}"
    assert job["links"]["analysis"] == url(game, 1) == r.json["links"]["analysis"]
    assert wait_job(job["id"])["status"] == "done"
    r = wclient.get(url(game, 1), headers=bearer(tokens["read"]))
    assert r.status_code == 200, r.json
    doc = r.json
    deal = find_deal(entries_of(games["worked_events"]), 1)
    expected = analyse_deal(deal, Solver())
    assert {k: doc[k] for k in expected} == expected
    assert doc["game"] == str(game) and len(doc["cards"]) == 32
    assert {t["trump"] for t in doc["table"]} == {"C", "D", "H", "S"}
    assert all(c["cost"] >= 0 for c in doc["cards"]) and doc["par"]["marks"]
    again = wclient.get(url(game, 1), headers={**bearer(tokens["read"]),
                                               "If-None-Match": r.headers["ETag"]})  # fmt: skip
    assert again.status_code == 304
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT count(*), min(code_version) FROM deal_analyses WHERE game_id = %s", (game,)
        ).fetchone()
    assert rows == (1, analysis_version())


def test_an_analysis_of_older_code_is_not_used(games, tokens, worker, wclient, wait_job, pool):
    game = games["worked"]
    first = wclient.get(url(game, 1), headers=bearer(tokens["read"]))
    if first.status_code == 202:
        wait_job(first.json["job"]["id"])
    with pool.connection() as conn:
        conn.execute("UPDATE deal_analyses SET code_version = 'old' WHERE game_id = %s", (game,))
    r = wclient.get(url(game, 1), headers=bearer(tokens["read"]))
    assert r.status_code == 202
    wait_job(r.json["job"]["id"])
    assert wclient.get(url(game, 1), headers=bearer(tokens["read"])).status_code == 200


def test_a_live_game_shows_its_analysis_to_whom_may_see_its_hands(games, tokens, wclient):
    live = games["live"]
    assert wclient.get(url(live, 1)).status_code == 401  # private: a token of its club
    r = wclient.get(url(live, 1), headers=bearer(tokens["read"]))
    assert r.status_code == 403 and "every hand" in r.json["detail"]
    r = wclient.get(url(live, 2), headers=bearer(tokens["record"]))
    assert r.status_code == 409 and "still being played" in r.json["detail"]
    r = wclient.get(url(live, 3), headers=bearer(tokens["record"]))
    assert r.status_code == 404 and "2 deals" in r.json["detail"]


@pytest.mark.parametrize(
    ("which", "deal", "status", "words"),
    [
        ("score_only", 1, 409, "score only"),
        ("score_only", 2, 409, "score only"),
        ("worked", 2, 404, "no deal 2"),
        ("worked", 0, 404, "no deal 0"),
        ("worked", 10**30, 404, "no deal"),
        ("other", 1, 404, "no game"),
    ],
)
def test_deals_that_cannot_be_analysed(games, tokens, wclient, which, deal, status, words):
    r = wclient.get(url(games[which], deal), headers=bearer(tokens["read"]))
    assert r.status_code == status, r.json
    assert r.headers["Content-Type"] == "application/problem+json"
    assert words in r.json["detail"]


@pytest.mark.parametrize(
    "path",
    [
        f"/games/{uuid.uuid4()}/deals/1/analysis",
        "/games/not-a-uuid/deals/1/analysis",
        "/games/{worked}/deals/-1/analysis",
        "/games/{worked}/deals/one/analysis",
        "/games/{worked}/deals/1%27%20OR%201=1/analysis",
        "/games/{worked}/deals/..%2F..%2Fjobs/analysis",
    ],
)
def test_hostile_and_unknown_ids_are_404(games, tokens, wclient, path):
    r = wclient.get(path.format(worked=games["worked"]), headers=bearer(tokens["read"]))
    assert r.status_code == 404
    assert r.headers["Content-Type"] == "application/problem+json"


def test_parameters_are_refused(games, tokens, wclient):
    r = wclient.get(url(games["worked"], 1) + "?deal=2", headers=bearer(tokens["read"]))
    assert r.status_code in (400, 422) and r.headers["Content-Type"] == "application/problem+json"
