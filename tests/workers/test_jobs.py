"""Jobs over HTTP and in the database: success and failure paths, cancel, redelivery."""

from __future__ import annotations

import time
import uuid

import pytest

from service.bootstrap import services
from tests.conftest import bearer
from tests.workers.conftest import archive_line, club_games, import_events
from workers import jobs
from workers.queue import submit

CLUB = "jobs-club"


@pytest.fixture(scope="module")
def games(store):
    return import_events(store, club_games(CLUB, "ffb-sata", range(8), breaches=0.03))


@pytest.fixture(scope="module")
def secret(make_token):
    return make_token(CLUB, ("read",))


def run(wapp, name, *args):
    return wapp.extensions["celery"].tasks[f"workers.tasks.{name}"].apply(args=list(args))


def new_job(wapp, pool, kind, params, size=3):
    """A job planned but left alone (no message sent): tasks are run by hand."""
    from workers.selection import select_games

    job_id = uuid.uuid4()
    with pool.connection() as conn:
        conn.execute(
            "INSERT INTO jobs (job_id, kind, params, created_by, club) "
            "VALUES (%s, %s, %s::jsonb, 'test', %s)",
            (job_id, kind, __import__("json").dumps(params), CLUB),
        )
        assert jobs.plan(conn, job_id, select_games(conn, params), size)
    return job_id


def test_get_job_progress_and_links(games, worker, wclient, secret, wait_job):
    r = wclient.post("/stats", json={"club": CLUB, "profile": "ffb-sata", "chunk_size": 2},
                     headers=bearer(secret))  # fmt: skip
    assert r.status_code == 202
    job = r.json["job"]
    assert job["kind"] == "stats" and job["status"] in ("queued", "running", "done")
    assert job["params"] == {"club": CLUB, "profile": "ffb-sata", "chunk_size": 2}
    wait_job(job["id"])
    r = wclient.get(f"/jobs/{job['id']}", headers=bearer(secret))
    job = r.json["job"]
    assert job["status"] == "done" and job["progress"] == {"done": 8, "total": 8}
    assert job["chunks"] == {"done": 4, "total": 4} and job["started_at"] and job["finished_at"]
    assert job["result"]["games"] == 8 and job["result"]["deals"] > 8
    assert job["links"]["players"] == f"/stats/players?job={job['id']}"
    r = wclient.get(job["links"]["players"], headers=bearer(secret))
    assert r.status_code == 200 and {row["player"] for row in r.json["rows"]} == {
        "nadia", "emile", "sacha", "wanda"}  # fmt: skip
    assert wclient.get(f"/jobs/{job['id']}/findings", headers=bearer(secret)).status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"club": "no-such-club"}, "club"),
        ({"from": "2025-03-01", "to": "2025-03-01"}, "to"),
        ({"from": "2025-03-02T00:00:00Z", "to": "2025-03-01"}, "to"),
        ({"from": "last tuesday"}, "from"),
        ({"games": ["not-a-uuid"]}, "games"),
        ({"games": []}, "games"),
        ({"games": [str(uuid.UUID(int=7))]}, "games"),
        ({"colour": "red"}, "colour"),
        ({"chunk_size": 0}, "chunk_size"),
        ({"players": "nadia"}, "players"),
    ],
)
def test_bad_selections_are_clear_4xx(wclient, secret, body, field):
    for path in ("/audits", "/stats"):
        r = wclient.post(path, json=body, headers=bearer(secret))
        assert r.status_code == 422, r.json
        assert r.mimetype == "application/problem+json"
        assert r.json["type"] == "/problems/validation" and field in r.json["errors"], r.json


def test_auth_and_malformed_requests(wclient, secret, games, make_token):
    assert wclient.post("/audits", json={}).status_code == 401
    assert wclient.post("/audits", json={}, headers=bearer("ck_" + "x" * 40)).status_code == 401
    r = wclient.post("/audits", data="club=x", headers=bearer(secret))
    assert r.status_code == 415
    r = wclient.post("/audits", json=[1, 2], headers=bearer(secret))
    assert r.status_code == 400
    other = make_token("other-club", ("read",))  # another club's private games are unknown
    r = wclient.post("/audits", json={"games": [str(games[0])]}, headers=bearer(other))
    assert r.status_code == 422 and "games" in r.json["errors"]
    r = wclient.post("/audits", json={"games": [str(games[0])]}, headers=bearer(secret))
    assert r.status_code == 202
    job_id = r.json["job"]["id"]
    assert wclient.get(f"/jobs/{job_id}", headers=bearer(other)).status_code == 404
    assert wclient.get("/jobs/not-a-uuid", headers=bearer(secret)).status_code == 404
    assert wclient.get(f"/jobs/{uuid.uuid4()}", headers=bearer(secret)).status_code == 404
    assert wclient.get(f"/jobs/{job_id}").status_code == 401
    r = wclient.get(f"/jobs/{job_id}/findings?limit=0", headers=bearer(secret))
    assert r.status_code == 422 and "limit" in r.json["errors"]
    r = wclient.get(f"/jobs/{job_id}/findings?after=nonsense", headers=bearer(secret))
    assert r.status_code == 422 and "after" in r.json["errors"]


def test_a_chunk_run_twice_counts_once(wapp, pool, games):
    job_id = new_job(wapp, pool, "audit", {"club": CLUB}, size=3)
    run(wapp, "run_chunk", str(job_id), 0)
    with pool.connection() as conn:
        once = conn.execute("SELECT count(*) FROM job_findings WHERE job_id = %s",
                            (job_id,)).fetchone()[0]  # fmt: skip
    run(wapp, "run_chunk", str(job_id), 0)  # redelivered after the first run committed
    with pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
        twice = conn.execute("SELECT count(*) FROM job_findings WHERE job_id = %s",
                             (job_id,)).fetchone()[0]  # fmt: skip
        assert jobs.complete_chunk(conn, job_id, 0, "again", {}, 3) is None
        runs = conn.execute("SELECT runs FROM job_chunks WHERE job_id = %s AND chunk = 0",
                            (job_id,)).fetchone()[0]  # fmt: skip
    assert once == twice > 0
    assert (job.chunks_done, job.done, job.status, runs) == (1, 3, "running", 1)
    for n in (1, 2, 1):
        run(wapp, "run_chunk", str(job_id), n)
    with pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
    assert (job.status, job.chunks_done, job.done) == ("done", 3, 8)
    assert job.result["games"] == 8
    assert job.result["findings"] == sum(job.result["by_rule"].values())
    run(wapp, "start_job", str(job_id))  # a stale start changes nothing
    with pool.connection() as conn:
        assert jobs.get_job(conn, job_id) == job


def test_the_last_chunk_dying_after_its_commit_is_reduced_on_redelivery(wapp, pool, games):
    job_id = new_job(wapp, pool, "stats", {"club": CLUB}, size=8)
    with pool.connection() as conn:  # chunk 0 committed, then the worker died before reduce
        assert jobs.complete_chunk(conn, job_id, 0, "gone", {"games": 8, "deals": 1}, 8) is True
        assert jobs.get_job(conn, job_id).status == "running"
    run(wapp, "run_chunk", str(job_id), 0)
    with pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
    assert job.status == "done" and job.result == {"games": 8, "games_over": 0, "deals": 1}


def test_a_stalled_job_is_resumed(wapp, pool, games, worker, wait_job):
    job_id = new_job(wapp, pool, "audit", {"club": CLUB}, size=4)  # its messages were lost
    wapp.config["JOBS_STALE_SECONDS"] = 0
    try:
        assert run(wapp, "resume_stalled").result >= 1
    finally:
        wapp.config["JOBS_STALE_SECONDS"] = None
    job = wait_job(job_id)
    assert job["status"] == "done" and job["chunks_done"] == 2


def test_cancel_stops_pending_chunks(wapp, pool, games, wclient, secret):
    job_id = new_job(wapp, pool, "audit", {"club": CLUB}, size=2)
    run(wapp, "run_chunk", str(job_id), 0)
    r = wclient.post(f"/jobs/{job_id}/cancel", headers=bearer(secret))
    assert r.status_code == 200 and r.json["job"]["status"] == "cancelled"
    assert "cancel" not in r.json["job"]["links"]
    for n in range(4):
        run(wapp, "run_chunk", str(job_id), n)
    with pool.connection() as conn:
        job = jobs.get_job(conn, job_id)
        done = conn.execute("SELECT count(*) FROM job_chunks WHERE job_id = %s AND done",
                            (job_id,)).fetchone()[0]  # fmt: skip
    assert (job.status, job.chunks_done, done, job.result) == ("cancelled", 1, 1, None)
    r = wclient.post(f"/jobs/{job_id}/cancel", headers=bearer(secret))
    assert r.status_code == 409 and r.json["type"] == "/problems/conflict"


def test_cancel_through_the_worker(games, worker, wclient, secret, wait_job, pool):
    r = wclient.post("/audits", json={"club": CLUB, "chunk_size": 1}, headers=bearer(secret))
    job_id = r.json["job"]["id"]
    r = wclient.post(f"/jobs/{job_id}/cancel", headers=bearer(secret))
    assert r.status_code == 200
    time.sleep(1.0)  # whatever was queued is skipped by the worker
    job = wait_job(job_id)
    with pool.connection() as conn:
        late = conn.execute(
            "SELECT count(*) FROM job_chunks c JOIN jobs j USING (job_id) "
            "WHERE job_id = %s AND c.done AND c.finished_at > j.finished_at",
            (job_id,),
        ).fetchone()[0]
    assert job["status"] == "cancelled" and job["chunks_done"] < 8 and late == 0


def test_import_job_through_the_worker(wapp, worker, store, wait_job, pool):
    from pathlib import Path

    folder = Path(wapp.config["DATA_DIR"]) / "uploads"
    folder.mkdir(exist_ok=True)
    events = club_games(CLUB, "contree", range(100, 103))
    stranger = club_games("someone-else", "contree", range(104, 105))
    lines = [archive_line(e) for e in events] + ["{not json"] + [archive_line(stranger[0])]
    (folder / "a.ndjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with wapp.app_context():
        params = {"path": str(folder / "a.ndjson"), "recorded_by": "token:t", "club": CLUB}
        s = services(wapp)
        job_id = submit(s.celery, s.pool, "import", params, "token:t", CLUB)
        bad = submit(s.celery, s.pool, "import", {"path": "../etc/passwd"}, "token:t", CLUB)
    job = wait_job(job_id)
    assert job["status"] == "done" and job["result"]["imported"] == 3, job
    assert [r["line"] for r in job["result"]["refused"]] == [4, 5]
    assert "wrong-club" in job["result"]["refused"][1]["reason"]
    assert (job["done"], job["total"]) == (5, 5)
    failed = wait_job(bad)
    assert failed["status"] == "failed" and "no archive" in failed["error"]
    with pool.connection() as conn:
        by = conn.execute(
            "SELECT DISTINCT recorded_by FROM events e JOIN games g USING (game_id) "
            "WHERE g.profile = 'contree' AND g.club = %s",
            (CLUB,),
        ).fetchall()
    assert by == [("token:t",)]
    with pytest.raises(ValueError), wapp.app_context():
        submit(services(wapp).celery, services(wapp).pool, "reticulate", {}, "t", None)
