"""``POST /stats/analysis``: per-player double-dummy statistics of a small archive through a
real worker, checked against the analyses computed here deal by deal."""

from __future__ import annotations

import uuid

import pytest

from analysis.report import analyse_deal
from analysis.solver import Solver
from projections.deals import finished_deals
from tests.conftest import bearer
from tests.gamekit import entries_of, wire_game
from tests.workers.conftest import import_events
from workers.dd_stats import COUNTS, deal_stats, merge_ddstats

CLUB = f"ddstats-{uuid.uuid4().hex[:6]}"
SEEDS = (9, 13)  # two fixed-length ffb games of two deals, quick to analyse


def archive() -> list[list[dict]]:
    out = []
    for seed in SEEDS:
        _g, events = wire_game("ffb", seed, enforcement="record", record_hands=True, deals=2)
        events[0]["data"]["club"] = CLUB
        out.append(events)
    return out


@pytest.fixture(scope="module")
def games(store):
    events = archive()
    return import_events(store, events), events


@pytest.fixture(scope="module")
def secret(make_token):
    return make_token(CLUB, ("read",))


def expected(events: list[list[dict]]) -> dict:
    """The statistics worked out here from :func:`analyse_deal`, deal by deal."""
    solver = Solver()
    per_player: dict = {}
    deals = 0
    for game in events:
        seats = game[0]["data"]["seats"]
        for deal in finished_deals(entries_of(game)):
            doc = analyse_deal(deal, solver)
            deals += 1
            for c in doc["cards"]:
                row = per_player.setdefault(seats[c["seat"]], {"marks": 0, "cards": 0})
                row["marks"] += c["cost"]
                row["cards"] += 1
    return {"deals": deals, "players": per_player}


def test_the_archive_job_gives_each_players_marks_lost(
    games, secret, worker, wclient, wait_job, pool
):
    _ids, events = games
    r = wclient.post("/stats/analysis", json={"club": CLUB}, headers=bearer(secret))
    assert r.status_code == 202, r.json
    job = r.json["job"]
    assert job["kind"] == "ddstats" and r.headers["Location"] == f"/jobs/{job['id']}"
    assert job["params"]["chunk_size"] == 2
    assert wait_job(job["id"], timeout=300)["status"] == "done"
    job = wclient.get(f"/jobs/{job['id']}", headers=bearer(secret)).json["job"]
    assert job["progress"] == {"done": 2, "total": 2} and job["chunks"] == {"done": 1, "total": 1}
    result = job["result"]
    want = expected(events)
    assert result["games"] == 2 and result["deals"] == want["deals"] > 0
    rows = {row["player"]: row for row in result["players"]}
    assert set(rows) == set(want["players"])
    for name, row in rows.items():
        assert row["marks_lost"] == want["players"][name]["marks"]
        assert row["cards"] == want["players"][name]["cards"]
        assert row["deals"] == want["deals"]
        assert row["marks_lost_per_deal"] == round(row["marks_lost"] / row["deals"], 2)
    assert sum(r["contracts"] for r in rows.values()) <= want["deals"]
    with pool.connection() as conn:  # the analyses were kept for the deals' own requests
        kept = conn.execute("SELECT count(*) FROM deal_analyses WHERE game_id = ANY(%s)",
                            (list(_ids),)).fetchone()[0]  # fmt: skip
    assert kept == want["deals"]


def test_counts_of_one_deal_and_their_merge():
    doc = {
        "cards": [
            {"index": 0, "seat": "N", "cost": 0, "points_cost": 0},
            {"index": 1, "seat": "E", "cost": 90, "points_cost": 12},
            {"index": 2, "seat": "S", "cost": 0, "points_cost": 4},
        ],
        "critical": [{"index": 1}],
        "contract": {"taker": "S", "value": 100, "trump": "H"},
        "makeable": [
            {"team": "NS", "trump": "H", "value": 110},
            {"team": "EW", "trump": "H", "value": 80},
        ],
        "par": {"contract": {"team": "NS", "trump": "H", "value": 110}},
    }
    seats = {"N": "ann", "E": "bob", "S": "cid", "W": "dan"}
    players: dict = {}
    deal_stats(doc, seats, players)
    assert players["bob"] == dict.fromkeys(COUNTS, 0) | {
        "deals": 1, "cards": 1, "marks_lost": 90, "points_lost": 12, "costly_cards": 1,
        "critical_cards": 1}  # fmt: skip
    assert players["cid"]["contracts"] == 1 and players["cid"]["contracts_makeable"] == 1
    assert players["cid"]["contracts_at_par"] == 0 and players["cid"]["points_lost"] == 4
    doc["contract"]["value"] = 120  # more than NS makes in hearts
    deal_stats(doc, seats, players)
    assert players["cid"]["contracts"] == 2 and players["cid"]["contracts_makeable"] == 1
    merged = merge_ddstats([{"games": 1, "deals": 2, "players": players}] * 2)
    bob = next(r for r in merged["players"] if r["player"] == "bob")
    assert merged["deals"] == 4 and bob["marks_lost"] == 360 and bob["marks_lost_per_deal"] == 90


def test_a_bad_selection_is_refused(games, secret, wclient):
    r = wclient.post("/stats/analysis", json={"games": [str(uuid.uuid4())]}, headers=bearer(secret))
    assert r.status_code == 422 and "no such game" in r.json["errors"]["games"][0]
    r = wclient.post("/stats/analysis", json=[1], headers=bearer(secret))
    assert r.status_code in (400, 422)
    assert wclient.post("/stats/analysis", json={}).status_code == 401
