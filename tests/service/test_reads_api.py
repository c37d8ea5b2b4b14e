"""Reading games: views and who may see them, hidden information, ETags, every replay point."""

from __future__ import annotations

import itertools
import json
import uuid
from typing import Any

from events.store.games import GameFilter
from projections.address import Upto
from projections.entries import from_stored
from projections.fold import project
from projections.sheet import score_sheet
from projections.views import state_view
from service.bootstrap import services
from tests.gamekit import wire_game
from tests.service.conftest import Api


def plain(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


def test_a_whole_game_recorded_card_by_card_replays_at_every_version(api: Api, app: Any) -> None:
    """Every event through HTTP, one request each; then the state at each version equals
    the fold of the same stored events up to that version."""
    g, events = wire_game("ffb", 8, target=600, record_hands=True)
    assert g.final.over
    game, version = api.record(events, batch=1)
    assert version == len(events) > 100
    row = api.get(f"/games/{game}", api.reader).get_json()
    assert row["status"] == "finished"
    # the log seats roster ids; what is read names the players
    names = {row["player_ids"][s]: name for s, name in row["seats"].items()}
    assert sorted(names.values()) == sorted(events[0]["data"]["seats"].values())
    entries = list(from_stored(services(app).store.read(uuid.UUID(game))))
    for v in range(1, version + 1):
        got = api.get(f"/games/{game}/state?at={v}&view=arbiter", api.arbiter)
        assert got.status_code == 200
        expected = plain(state_view(project(entries, Upto(version=v)), "arbiter"))
        expected["seats"] = {s: names[p] for s, p in expected["seats"].items()}
        assert got.get_json() == expected, f"version {v}"
    positions = [e.position for e in entries]
    at_position = api.get(f"/games/{game}/state?at=p{positions[40]}", api.reader).get_json()
    assert at_position["version"] == 41 and at_position["position"] == positions[40]
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert sheet == plain(score_sheet(project(entries)))
    assert sheet["winner"] == g.final.winner.name


def test_address_points_and_bad_points(finished_game: Any, api: Api) -> None:
    game, _events = finished_game
    auction = api.get(f"/games/{game}/state?at=1.0.2").get_json()
    assert auction["address"] == "1.0.2" and len(auction["deal"]["auction"]) == 2
    trick = api.get(f"/games/{game}/state?at=1.3.2").get_json()
    assert trick["address"] == "1.3.2" and len(trick["deal"]["trick"]["cards"]) == 2
    for bad in ("0", "p0", "x", "1.9.0", "999.1.0"):
        answer = api.get(f"/games/{game}/state?at={bad}")
        assert answer.status_code == 422 and "at" in answer.get_json()["errors"], bad
    beyond = api.get(f"/games/{game}/state?at=99999")
    assert beyond.status_code == 422 and "beyond" in beyond.get_json()["detail"]
    assert api.get(f"/games/{game}/state?view=seat").status_code == 422
    assert api.get(f"/games/{game}/state?view=god").status_code == 422


def test_the_arbiter_view_infers_unrecorded_hands_from_the_deal(
    finished_game: Any, api: Api
) -> None:
    game, _events = finished_game  # recorded without hands
    mid = api.get(f"/games/{game}/state?at=1.2.1&view=arbiter").get_json()
    hands = mid["deal"]["hands"]
    assert mid["deal"]["hands_recorded"] is False
    assert all(len(hands[s]["cards"]) == hands[s]["count"] for s in "NESW")
    public = api.get(f"/games/{game}/state?at=1.2.1").get_json()["deal"]["hands"]
    assert all(public[s]["cards"] is None for s in "NESW")


def test_views_of_a_live_game_need_the_club(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 6, max_deals=2, record_hands=True)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    game, _version = api.record(events[: first_card + 2], visibility="public")
    stranger = make_token(f"else-{uuid.uuid4().hex[:6]}", ("admin",))
    base = f"/games/{game}/state"
    assert api.get(base).status_code == 200
    assert api.get(base + "?view=seat&seat=N").status_code == 401
    assert api.get(base + "?view=arbiter").status_code == 401
    assert api.get(base + "?view=arbiter", stranger).status_code == 403
    assert api.get(base + "?view=seat&seat=N", stranger).status_code == 403
    assert api.get(base + "?view=arbiter", api.reader).status_code == 403
    seat = api.get(base + "?view=seat&seat=N", api.reader).get_json()
    assert seat["view"] == "seat:N" and seat["deal"]["hands"]["N"]["cards"]
    assert seat["deal"]["hands"]["E"]["cards"] is None
    assert api.get(base + "?view=arbiter", api.arbiter).get_json()["deal"]["hands"]["E"]["cards"]
    assert api.get(base + "?view=arbiter", api.admin).status_code == 200
    assert api.get(f"/games/{game}/audit").status_code == 401
    assert api.get(f"/games/{game}/audit", api.arbiter).status_code == 200


def test_hidden_information_of_a_live_game_is_redacted(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 6, max_deals=2, record_hands=True)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    game, _version = api.record(events[: first_card + 1], visibility="public")
    dealt = api.get(f"/games/{game}/events").get_json()["events"][1]
    assert dealt["type"] == "DealStarted" and dealt["data"]["hands"] is None
    assert "hands" in dealt["redacted"]
    for secret in (api.reader, make_token(f"else-{uuid.uuid4().hex[:6]}", ("admin",))):
        assert api.get(f"/games/{game}/events", secret).get_json()["events"][1]["redacted"]
    for secret in (api.recorder, api.arbiter, api.admin):
        full = api.get(f"/games/{game}/events", secret).get_json()["events"][1]
        assert full["data"]["hands"] and "redacted" not in full


def test_everything_is_visible_once_the_game_is_over(finished_game: Any, api: Api) -> None:
    game, _events = finished_game
    assert api.get(f"/games/{game}/state?view=arbiter").status_code == 200
    assert api.get(f"/games/{game}/state?view=seat&seat=W").status_code == 200
    audit = api.get(f"/games/{game}/audit").get_json()
    assert audit == {"game": game, "findings": []}


def test_a_finished_game_carries_a_strong_etag(finished_game: Any, api: Api) -> None:
    game, _events = finished_game
    for path in (f"/games/{game}", f"/games/{game}/state?at=1.3.2&view=arbiter",
                 f"/games/{game}/timeline?deal=1", f"/games/{game}/sheet",
                 f"/games/{game}/events?limit=5", f"/games/{game}/audit"):  # fmt: skip
        first = api.get(path)
        etag = first.headers["ETag"]
        assert first.status_code == 200 and not etag.startswith("W/"), path
        again = api.get(path, **{"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
        assert api.get(path, **{"If-None-Match": '"other"'}).status_code == 200
    a = api.get(f"/games/{game}/state?at=3").headers["ETag"]
    b = api.get(f"/games/{game}/state?at=4").headers["ETag"]
    assert a != b
    assert "ETag" not in api.get(f"/games/{game}/verify").headers


def test_a_live_game_has_no_etag(api: Api) -> None:
    _g, events = wire_game("ffb", 6, max_deals=1)
    game, _version = api.record(events[:5], visibility="public")
    answer = api.get(f"/games/{game}/state")
    assert answer.status_code == 200 and "ETag" not in answer.headers
    assert api.get(f"/games/{game}/state", **{"If-None-Match": "*"}).status_code == 200


def test_events_are_paged_with_positions(finished_game: Any, api: Api) -> None:
    game, events = finished_game
    seen, after = [], 0
    while after is not None:
        page = api.get(f"/games/{game}/events?after={after}&limit=100").get_json()
        seen += page["events"]
        after = page["next"]
    assert [e["version"] for e in seen] == list(range(1, len(events) + 1))
    assert [e["type"] for e in seen] == [e["type"] for e in events]
    assert all(a["position"] < b["position"] for a, b in itertools.pairwise(seen))
    assert api.get(f"/games/{game}/events?after={len(events)}").get_json() == {
        "events": [], "next": None
    }  # fmt: skip


def test_timeline_sheet_and_verify(finished_game: Any, api: Api, app: Any) -> None:
    game, _events = finished_game
    deal = api.get(f"/games/{game}/timeline?deal=2").get_json()
    assert deal["deal"] == 2 and deal["steps"]
    assert all(s["address"].startswith("2.") for s in deal["steps"])
    assert deal["steps"][0]["description"].startswith("Deal 2")
    whole = api.get(f"/games/{game}/timeline").get_json()["steps"]
    assert whole[0]["type"] == "GameCreated" and len(whole) > len(deal["steps"])
    sheet = api.get(f"/games/{game}/sheet").get_json()
    assert sheet["profile"] == "ffb" and sheet["winner"] in ("NS", "EW")
    assert sheet["totals"] == sheet["deals"][-1]["totals"]
    report = api.get(f"/games/{game}/verify").get_json()
    assert report["ok"] is True and report["events"] == len(_events)
    row = services(app).store.games(GameFilter(game_ids=[uuid.UUID(game)]))[0]
    assert report["game"] == str(row.game_id)
