"""The global feed: paging in commit order, visibility, and the long-poll NDJSON stream."""

from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any

import psycopg

from events.records import NewEvent
from events.store.event_store import append_in
from tests.gamekit import wire_game
from tests.service.conftest import Api


def all_after(api: Api, after: int, secret: str | None, limit: int = 50) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = api.get(f"/feed?after={after}&limit={limit}", secret).get_json()
        out += page["events"]
        if not page["events"]:
            assert page["next"] == after
            return out
        after = page["next"]


def test_feed_pages_in_commit_order_and_shows_only_readable_games(
    client: Any, make_token: Any
) -> None:
    api = Api(client, make_token, f"feed-{uuid.uuid4().hex[:6]}")
    start = api.get("/feed?limit=1000&after=0", api.reader).get_json()
    after = max([e["position"] for e in start["events"]] + [start["next"]])
    after = _tail(api, after)
    _g, events = wire_game("ffb", 9, max_deals=1, record_hands=True)
    public, _ = api.record(events[:12], visibility="public")
    private, _ = api.record(events[:12])
    mine = all_after(api, after, api.reader, limit=5)
    positions = [e["position"] for e in mine]
    assert positions == sorted(positions)
    assert {e["game"] for e in mine} == {public, private}
    anonymous = all_after(api, after, None, limit=7)
    assert {e["game"] for e in anonymous} == {public}
    dealt = next(e for e in anonymous if e["type"] == "DealStarted")
    assert dealt["data"]["hands"] is None and "hands" in dealt["redacted"]
    recorder = next(e for e in all_after(api, after, api.recorder) if e["type"] == "DealStarted")
    assert recorder["data"]["hands"] is not None
    assert api.get("/feed?limit=0").status_code == 422
    assert api.get("/feed?after=-1").status_code == 422


def test_the_feed_never_passes_an_open_writer_and_its_cursors_keep_working(
    client: Any, make_token: Any, database_url: str
) -> None:
    """An appender whose transaction is older than a committed one holds the feed back;
    once it commits, its event comes first though its position is higher, and the
    integer cursor of either event resumes the feed exactly after it."""
    api = Api(client, make_token, f"feed-{uuid.uuid4().hex[:6]}")
    _g, events = wire_game("ffb", 11, max_deals=1)
    old_game, _ = api.record(events[:5], visibility="public")
    young_game, _ = api.record(events[:5], visibility="public")
    after = _tail(api, 0)
    with psycopg.connect(database_url) as old:
        old.execute("SELECT pg_current_xact_id()")  # the older transaction
        assert api.append(young_game, events[5:6], 5).status_code == 201
        append_in(old, uuid.UUID(old_game), [NewEvent(**events[5])], 5, "old")
        page = api.get(f"/feed?after={after}").get_json()
        assert (page["events"], page["next"]) == ([], after)
        lines = api.get(f"/feed/stream?after={after}&timeout=1").get_data(as_text=True)
        assert lines.strip() == ""
        old.commit()
    deadline = time.monotonic() + 15  # another transaction on the server may hold it a moment
    while len((page := api.get(f"/feed?after={after}").get_json())["events"]) < 2:
        assert time.monotonic() < deadline, page
        time.sleep(0.02)
    seen = [(e["game"], e["version"], e["position"]) for e in page["events"]]
    assert [s[:2] for s in seen] == [(old_game, 6), (young_game, 6)]
    assert seen[0][2] > seen[1][2] and page["next"] == seen[1][2]
    assert [e["game"] for e in all_after(api, seen[0][2], None)] == [young_game]
    assert all_after(api, page["next"], None) == []
    lines = api.get(f"/feed/stream?after={after}&timeout=1").get_data(as_text=True)
    assert [json.loads(x)["game"] for x in lines.split("\n") if x.strip()] == [
        old_game,
        young_game,
    ]


def _tail(api: Api, after: int) -> int:
    while True:
        page = api.get(f"/feed?after={after}&limit=1000").get_json()
        if not page["events"]:
            return after
        after = page["next"]


def test_the_stream_sends_events_as_they_commit_then_ends(
    app: Any, client: Any, make_token: Any, monkeypatch: Any
) -> None:
    monkeypatch.setitem(app.config, "FEED_POLL", 0.02)
    monkeypatch.setitem(app.config, "FEED_KEEPALIVE", 0.1)
    api = Api(client, make_token, f"stream-{uuid.uuid4().hex[:6]}")
    after = _tail(api, 0)
    _g, events = wire_game("ffb", 10, max_deals=1)
    game, version = api.record(events[:3], visibility="public")
    writer = Api(app.test_client(), make_token, api.club)

    def later() -> None:
        time.sleep(0.3)
        writer.append(game, events[3:6], version, api.recorder)

    thread = threading.Thread(target=later)
    thread.start()
    started = time.monotonic()
    response = api.client.get(f"/feed/stream?after={after}&timeout=1", buffered=False)
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    body = b"".join(response.response).decode()
    response.close()
    thread.join()
    assert 0.9 <= time.monotonic() - started < 5
    lines = body.split("\n")
    got = [json.loads(line) for line in lines if line.strip()]
    assert [e["version"] for e in got if e["game"] == game] == [1, 2, 3, 4, 5, 6]
    assert "" in lines[:-1]  # keep-alives while nothing happened


def test_the_stream_ends_at_the_server_cap(app: Any, api: Api, monkeypatch: Any) -> None:
    monkeypatch.setitem(app.config, "FEED_STREAM_MAX", 0.2)
    after = _tail(api, 0)
    started = time.monotonic()
    response = api.client.get(f"/feed/stream?after={after}&timeout=300")
    assert response.status_code == 200 and time.monotonic() - started < 3
    assert response.data.strip() == b""
    assert api.get("/feed/stream?timeout=301").status_code == 422
