"""``POST /games/{id}/preview``: an append judged on the real database and rolled back.
What it answers equals what the append then stores; a refused preview answers the
append's own problem; nothing of any preview is ever stored."""

from __future__ import annotations

from typing import Any

import pytest

from service.bootstrap import services
from tests.conftest import bearer
from tests.service.conftest import Api

SEATS = {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}
SUMMARY = {
    "dealer": "N",
    "contract": {"taker": "S", "value": 90, "trump": "H", "coinche": 1},
    "card_points": {"NS": 100, "EW": 62},
    "belote": ["S"],
}
DOWN = {
    "dealer": "W",
    "contract": {"taker": "E", "value": 120, "trump": "S", "coinche": 2},
    "card_points": {"NS": 90, "EW": 72},
}


def new_game(api: Api, **extra: Any) -> str:
    body = {"profile": "ffb", "seats": dict(SEATS), "first_dealer": "N", **extra}
    answer = api.client.post("/games", json=body, headers=bearer(api.recorder))
    assert answer.status_code == 201, answer.get_json()
    game: str = answer.get_json()["id"]
    return game


def preview(api: Api, game: str, body: Any, secret: str | None = None) -> Any:
    return api.client.post(
        f"/games/{game}/preview", json=body, headers=bearer(secret or api.recorder)
    )


def deal(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "DealSummarized", "data": data}]


def stored(api: Api, app: Any, game: str) -> tuple[int, list[Any], int]:
    """The game's version, its events, and the events table's row count."""
    version = api.get(f"/games/{game}", api.reader).get_json()["version"]
    events = api.get(f"/games/{game}/events", api.reader).get_json()["events"]
    with services(app).pool.connection() as conn:
        row = conn.execute("SELECT count(*) FROM events").fetchone()
    assert row is not None
    return version, events, int(row[0])


def test_the_preview_shows_the_rows_the_append_then_stores(api: Api, app: Any) -> None:
    game = new_game(api)
    assert api.append(game, deal(SUMMARY), 1).status_code == 201
    before = stored(api, app, game)
    answer = preview(api, game, {"expected_version": 2, "events": deal(DOWN)})
    assert answer.status_code == 200, answer.get_json()
    shown = answer.get_json()
    assert stored(api, app, game) == before  # nothing stored
    assert shown["version"] == 3 and shown["replayed"] is False
    (row,) = shown["deals"]  # only the new deal: the stored one did not change
    assert row["number"] == 2 and row["made"] is False
    assert api.append(game, deal(DOWN), 2).status_code == 201
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert row == sheet["deals"][1]
    assert shown["totals"] == sheet["totals"] and shown["winner"] == sheet["winner"] is None
    assert shown["over"] is False and shown["status"] == "live"
    for key in ("marks", "marks_before_rounding", "made", "capot", "belote", "announces"):
        assert key in row


def test_the_preview_says_when_the_game_would_end(api: Api, app: Any) -> None:
    game = new_game(api, length={"deals": 1})
    before = stored(api, app, game)
    shown = preview(api, game, {"expected_version": 1, "events": deal(SUMMARY)}).get_json()
    assert shown["over"] is True and shown["winner"] == "NS" and shown["status"] == "finished"
    assert shown["totals"] == {"NS": 210, "EW": 60}
    assert stored(api, app, game) == before
    assert api.get(f"/games/{game}", api.reader).get_json()["status"] == "live"


BAD_BODIES: list[Any] = [
    {"expected_version": 1, "events": deal({**SUMMARY, "card_points": {"NS": 100, "EW": 60}})},
    {"expected_version": 1, "events": deal({**SUMMARY, "belote": "S"})},
    {"expected_version": 1, "events": deal(SUMMARY) + deal({**SUMMARY, "dealer": "Q"})},
    {
        "expected_version": 1,
        "events": [{"type": "CardPlayed", "data": {"seat": "N", "card": "AS"}}],
    },
    {"expected_version": 1, "events": [{"type": "GameCreated", "data": {}}]},
    {"expected_version": 1, "events": []},
    {"expected_version": -1, "events": deal(SUMMARY)},
    {"expected_version": "1", "events": deal(SUMMARY)},
    {"expected_version": True, "events": deal(SUMMARY)},
    {"expected_version": 1},
    {"events": deal(SUMMARY)},
    {"expected_version": 1, "events": deal(SUMMARY), "extra": 1},
    {"expected_version": 1, "events": "DealSummarized"},
    {"expected_version": 1, "events": [{"type": "'; DROP TABLE events; --", "data": {}}]},
    {"expected_version": 1, "events": deal({**SUMMARY, "dealer": "N" * 100_000})},
    {"expected_version": 1, "events": deal({**SUMMARY, "contract": [[[[[[[[[]]]]]]]]]})},
    {"expected_version": 2**70, "events": deal(SUMMARY)},
    [1, 2, 3],
    "not an object",
]


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_bad_preview_is_the_appends_own_problem_and_stores_nothing(
    api: Api, app: Any, body: Any
) -> None:
    game = new_game(api)
    before = stored(api, app, game)
    shown = preview(api, game, body)
    assert stored(api, app, game) == before
    assert shown.status_code in (400, 409, 413, 422), shown.get_json()
    assert shown.mimetype == "application/problem+json"
    appended = api.client.post(f"/games/{game}/events", json=body, headers=bearer(api.recorder))
    assert (shown.status_code, shown.get_json()) == (appended.status_code, appended.get_json())
    assert stored(api, app, game) == before


def test_a_stale_expected_version_is_a_409(api: Api, app: Any) -> None:
    game = new_game(api)
    assert api.append(game, deal(SUMMARY), 1).status_code == 201
    before = stored(api, app, game)
    stale = preview(api, game, {"expected_version": 1, "events": deal(DOWN)})
    assert stale.status_code == 409
    assert stale.get_json()["type"] == "/problems/version-conflict"
    assert stored(api, app, game) == before


def test_out_of_order_and_duplicate_events_are_refused_as_appends_are(api: Api, app: Any) -> None:
    game = new_game(api)
    started = [{"type": "DealStarted", "data": {"dealer": "N"}}]
    assert api.append(game, started, 1).status_code == 201
    before = stored(api, app, game)
    mid_deal = preview(api, game, {"expected_version": 2, "events": deal(SUMMARY)})
    assert mid_deal.status_code == 422 and mid_deal.get_json()["rule"] == "deal-in-progress"
    twin = {"id": "0190f0d0-0000-7000-8000-0000000000aa", "type": "DealStarted",
            "data": {"dealer": "N"}}  # fmt: skip
    duplicate = preview(api, game, {"expected_version": 2, "events": [twin, twin]})
    assert duplicate.status_code == 409, duplicate.get_json()
    assert "twice" in duplicate.get_json()["detail"]
    assert stored(api, app, game) == before
    appended = api.append(game, [twin, twin], 2)
    assert (appended.status_code, appended.get_json()) == (409, duplicate.get_json())
    assert stored(api, app, game) == before


def test_a_preview_of_events_already_stored_is_a_replay_changing_nothing(
    api: Api, app: Any
) -> None:
    game = new_game(api)
    event = {"id": "0190f0d0-0000-7000-8000-0000000000bb", "type": "DealSummarized",
             "data": SUMMARY}  # fmt: skip
    assert api.append(game, [event], 1).status_code == 201
    before = stored(api, app, game)
    again = preview(api, game, {"expected_version": 1, "events": [event]}).get_json()
    assert again["replayed"] is True and again["deals"] == [] and again["version"] == 2
    assert stored(api, app, game) == before


def test_who_may_preview(api: Api, app: Any, make_token: Any) -> None:
    game = new_game(api)
    body = {"expected_version": 1, "events": deal(SUMMARY)}
    before = stored(api, app, game)
    no_token = api.client.post(f"/games/{game}/preview", json=body)
    assert no_token.status_code == 401
    assert preview(api, game, body, api.reader).status_code == 403
    stranger = make_token("club-elsewhere", ("record",))
    assert preview(api, game, body, stranger).status_code == 404  # private: not revealed
    unknown = "0190f0d0-0000-7000-8000-00000000dead"
    assert preview(api, unknown, body).status_code == 404
    assert stored(api, app, game) == before
