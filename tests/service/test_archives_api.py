"""NDJSON archives through HTTP: import (in the request or as a job), export, round trip."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.auth import create_token
from service.bootstrap import services
from tests.conftest import EMBEDDED, bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api

NDJSON = "application/x-ndjson"


def archive(club: str, seeds: range, visibility: str = "public", **kw: Any) -> str:
    lines = []
    for seed in seeds:
        _g, events = wire_game("contree", seed, max_deals=2, **kw)
        events[0]["data"].update(club=club, visibility=visibility)
        lines.append(json.dumps({"game": str(uuid.uuid4()), "events": events}))
    return "\n".join(lines) + "\n"


def post(api: Api, text: str | bytes, secret: str | None = None, **kw: Any) -> Any:
    return api.client.post("/archives", data=text, content_type=NDJSON,
                           headers=bearer(secret or api.admin), **kw)  # fmt: skip


@pytest.fixture(scope="module")
def other_app(make_database: Callable[..., str]) -> Iterator[Any]:
    """A second server with its own database, to import an export into."""
    application = create_app({"TESTING": True, "DATABASE_URL": make_database(EMBEDDED, "archives")})
    yield application
    services(application).close()


def test_import_in_the_request_then_export_round_trips(api: Api, other_app: Any) -> None:
    text = archive(api.club, range(3))
    imported = post(api, text)
    assert imported.status_code == 200
    assert imported.get_json()["imported"] == 3 and imported.get_json()["refused"] == []
    exported = api.get(f"/archives/export?club={api.club}", api.admin)
    assert exported.status_code == 200 and exported.mimetype == NDJSON
    lines = exported.data.decode().splitlines()
    assert len(lines) >= 3
    by_token = {json.loads(line)["events"][0]["recorded_by"] for line in lines}
    assert all(b.startswith("token:") for b in by_token)
    with services(other_app).pool.connection() as conn:
        _token, secret = create_token(conn, api.club, "t", ["admin"])
    other = Api.__new__(Api)
    other.client, other.club, other.admin = other_app.test_client(), api.club, secret
    again = post(other, exported.data)
    assert again.get_json() == {"imported": len(lines), "events": again.get_json()["events"],
                                "refused": []}  # fmt: skip
    back = other.client.get(f"/archives/export?club={api.club}", headers=bearer(secret))
    assert back.data == exported.data  # the same bytes, hashes checked on the way in
    twice = post(api, exported.data)
    assert twice.get_json()["imported"] == 0
    assert all("already in use" in r["reason"] for r in twice.get_json()["refused"])


def test_an_import_writes_only_to_the_token_club(api: Api) -> None:
    text = archive("someone-else", range(1)) + archive(api.club, range(1, 2))
    summary = post(api, text).get_json()
    assert summary["imported"] == 1
    assert summary["refused"][0]["line"] == 1 and "wrong-club" in summary["refused"][0]["reason"]
    assert post(api, text, api.recorder).status_code == 403
    assert api.client.post("/archives", data=text, content_type=NDJSON).status_code == 401


def test_an_import_judges_every_game(api: Api) -> None:
    bad = archive(api.club, range(1))
    doc = json.loads(bad)
    cards = [e for e in doc["events"] if e["type"] == "CardPlayed"]
    cards[1]["data"]["card"] = cards[0]["data"]["card"]  # a card played twice
    summary = post(api, json.dumps(doc) + "\n{oops\n").get_json()
    assert summary["imported"] == 0
    reasons = {r["line"]: r["reason"] for r in summary["refused"]}
    assert "card-already-played" in reasons[1] and "JSON" in reasons[2]


def test_import_content_type_and_size(api: Api, app: Any, monkeypatch: Any) -> None:
    text = archive(api.club, range(1))
    wrong = api.client.post("/archives", data=text, content_type="application/json",
                            headers=bearer(api.admin))  # fmt: skip
    assert wrong.status_code == 415
    monkeypatch.setitem(app.config, "MAX_IMPORT_LENGTH", 1000)
    assert post(api, "x" * 1001).status_code == 413
    # the import limit, not the 1 MiB body limit, applies to archives
    monkeypatch.setitem(app.config, "MAX_IMPORT_LENGTH", 4 * 1024 * 1024)
    monkeypatch.setitem(app.config, "IMPORT_SYNC_MAX", 3 * 1024 * 1024)
    big = post(api, "\n" * (2 * 1024 * 1024))
    assert big.status_code == 200 and big.get_json()["imported"] == 0


def scratch_broker(app: Any, monkeypatch: Any, folder: Any) -> None:
    """Send this test's jobs through a broker folder of its own (not the data folder's)."""
    from service.bootstrap import services
    from workers.celery_app import celery_init_app

    scratch = Flask("scratch")
    scratch.config.update(DATA_DIR=str(folder))
    celery = celery_init_app(scratch)
    monkeypatch.setitem(app.extensions, "celery", celery)
    monkeypatch.setattr(services(app), "celery", celery)
    monkeypatch.setitem(app.config, "DATA_DIR", str(folder))


def test_a_large_import_becomes_a_job(api: Api, app: Any, monkeypatch: Any, tmp_path: Any) -> None:
    scratch_broker(app, monkeypatch, tmp_path)
    monkeypatch.setitem(app.config, "IMPORT_SYNC_MAX", 200)
    text = archive(api.club, range(2))
    foreign = archive("someone-else", range(2, 3))
    accepted = post(api, text + foreign)
    assert accepted.status_code == 202
    job = accepted.get_json()["job"]
    assert accepted.headers["Location"] == f"/jobs/{job}"
    saved = list((tmp_path / "imports").iterdir())
    assert len(saved) == 1 and saved[0].read_text() == text + foreign
    assert len(list((tmp_path / "broker" / "queue").iterdir())) == 1  # the task, queued
    status = api.get(f"/jobs/{job}", api.admin)
    assert status.status_code == 200 and status.get_json()["job"]["status"] == "queued"
    from workers.tasks import run_import

    with app.app_context():
        run_import.run(job)  # what the worker does with the queued task
    done = api.get(f"/jobs/{job}", api.admin).get_json()["job"]
    assert done["status"] == "done", done
    assert done["result"]["imported"] == 2  # the job keeps the club rule too
    assert "wrong-club" in done["result"]["refused"][0]["reason"]
    exported = api.get(f"/archives/export?club={api.club}", api.admin).data.decode()
    for line in text.splitlines():
        assert json.loads(line)["game"] in exported


def test_without_the_job_system_a_large_import_is_refused(
    api: Api, app: Any, monkeypatch: Any, tmp_path: Any
) -> None:
    import service.api.archives as archives

    def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("the broker does not answer")

    monkeypatch.setattr(archives, "submit", unreachable)
    monkeypatch.setitem(app.config, "IMPORT_SYNC_MAX", 200)
    monkeypatch.setitem(app.config, "DATA_DIR", str(tmp_path))
    answer = post(api, archive(api.club, range(1)))
    assert answer.status_code == 503 and "job system" in answer.get_json()["detail"]
    assert list((tmp_path / "imports").iterdir()) == []


def test_export_follows_the_read_rules(client: Any, make_token: Any) -> None:
    api = Api(client, make_token, f"exp-{uuid.uuid4().hex[:6]}")
    done, _ = api.record(wire_game("contree", 31)[1], batch=300, visibility="public")
    live, _ = api.record(wire_game("contree", 3)[1][:20], visibility="public")
    private, _ = api.record(wire_game("contree", 4)[1][:20])

    def games(secret: str | None, query: str = "") -> set[str]:
        data = api.get(f"/archives/export?club={api.club}{query}", secret).data.decode()
        return {json.loads(line)["game"] for line in data.splitlines()}

    assert games(None) == {done}  # a live game carries its hands: not to strangers
    assert games(api.reader) == {done}
    assert games(api.recorder) == {done, live, private}
    assert games(api.recorder, f"&game={live}&game={done}") == {done, live}
    assert games(api.recorder, "&status=finished") == {done}
    assert api.get("/archives/export?game=nope").status_code == 422


def test_an_archive_with_a_version_1_void_is_imported_and_read_upcast(api: Api) -> None:
    _g, events = wire_game("contree", 5, max_deals=1)
    events[0]["data"].update(club=api.club, visibility="public")
    last = len(events)  # the void names the last card by its game version
    void = {"type": "EventVoided", "version": 1,
            "data": {"position": last, "reason": "typed twice", "by": "arbiter"}}  # fmt: skip
    game = str(uuid.uuid4())
    answer = post(api, json.dumps({"game": game, "events": [*events, void]}) + "\n")
    assert answer.status_code == 200 and answer.get_json()["imported"] == 1, answer.get_json()
    stored = api.get(f"/games/{game}/events?after={last}", api.admin).get_json()["events"]
    assert [(e["schema_version"], e["data"]) for e in stored] == [
        (2, {"version": last, "reason": "typed twice", "by": "arbiter"})
    ]
    state = api.get(f"/games/{game}/state?view=arbiter", api.admin).get_json()
    assert state["voided"] == [last] and state["status"] == "live"
