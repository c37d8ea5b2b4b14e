"""Self-correction through HTTP: a ``record`` token voids its own events of the deal in
progress; another token's event or a finished deal stays an arbiter's job (403)."""

from __future__ import annotations

import uuid
from typing import Any

from tests.gamekit import wire_game
from tests.service.conftest import Api


def _void(version: Any, reason: str = "typo") -> dict[str, Any]:
    return {"type": "EventVoided", "data": {"version": version, "reason": reason, "by": "table 3"}}


def _deal_starts(events: list[dict[str, Any]]) -> list[int]:
    """Game versions (1-based) of the DealStarted events."""
    return [i for i, e in enumerate(events, start=1) if e["type"] == "DealStarted"]


def _version(api: Api, game: str) -> int:
    version: int = api.get(f"/games/{game}", api.reader).get_json()["version"]
    return version


def test_a_recorder_undoes_its_own_card_and_records_the_right_one(api: Api) -> None:
    _g, events = wire_game("ffb", 21)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    game, version = api.record(events[: first_card + 2])  # two cards of trick 1
    typed = events[first_card + 2]  # typed, then undone: the card is back in its hand
    assert api.append(game, [typed], version).status_code == 201
    undone = api.append(game, [_void(version + 1)], version + 1)
    assert undone.status_code == 201, undone.get_json()
    state = api.get(f"/games/{game}/state?view=arbiter", api.arbiter).get_json()
    assert state["voided"] == [version + 1]
    again = api.append(game, events[first_card + 2 : first_card + 40], version + 2)
    assert again.status_code == 201, again.get_json()  # the same card may be played again


def test_another_tokens_event_is_refused_and_nothing_is_stored(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 22)
    game, version = api.record(events[:4])
    colleague = make_token(api.club, ("record",))
    assert api.append(game, events[4:5], version, colleague).status_code == 201
    own, other = _void(version), _void(version + 1)  # version: the recorder's, +1: colleague's
    refused = api.append(game, [own, other], version + 1)
    body = refused.get_json()
    assert refused.status_code == 403 and body["index"] == 1 and body["version"] == version + 1
    assert "arbiter" in body["detail"]
    assert _version(api, game) == version + 1  # not even the first void was kept
    assert api.append(game, [other], version + 1, colleague).status_code == 201
    assert api.append(game, [other], version + 2, api.arbiter).status_code == 422  # twice


def test_a_finished_deal_and_the_game_created_are_the_arbiters(api: Api) -> None:
    _g, events = wire_game("contree", 23)
    second = _deal_starts(events)[1]
    game, version = api.record(events[:second])  # deal 1 finished, deal 2 started
    for target in (1, second - 1, second - 2):
        refused = api.append(game, [_void(target)], version)
        assert refused.status_code == 403, (target, refused.get_json())
        assert "not in the deal in progress" in refused.get_json()["detail"]
    assert api.append(game, [_void(second)], version).status_code == 201  # its own deal start
    assert _version(api, game) == version + 1
    assert api.append(game, [_void(second - 1)], version + 1, api.arbiter).status_code == 201


def test_between_deals_nothing_is_the_recorders(api: Api) -> None:
    _g, events = wire_game("ffb", 24)
    second = _deal_starts(events)[1]
    game, version = api.record(events[: second - 1])  # deal 1 over, deal 2 not started
    refused = api.append(game, [_void(version)], version)
    assert refused.status_code == 403 and "no deal is in progress" in refused.get_json()["detail"]


def test_impossible_and_malformed_voids(api: Api) -> None:
    _g, events = wire_game("ffb", 25)
    game, version = api.record(events[:3])
    unknown = api.append(game, [_void(version + 5)], version)
    assert unknown.status_code == 422 and unknown.get_json()["type"] == "/problems/impossible-event"
    assert unknown.get_json()["rule"] == "void-unknown"
    old_name = {"type": "EventVoided", "data": {"position": version, "reason": "x", "by": "y"}}
    named = api.append(game, [old_name], version).get_json()
    assert named["status"] == 422 and {"position", "version"} <= set(named["errors"])
    for bad in ("3", -1, 0, 2**31, None, 1.5, True):
        answer = api.append(game, [_void(bad)], version)
        assert answer.status_code == 422 and "version" in answer.get_json()["errors"], bad
    hostile = _void(version, reason="x" * 5000)
    assert api.append(game, [hostile], version).get_json()["errors"].keys() == {"reason"}
    mixed = api.append(game, [_void(version), events[3]], version)
    assert mixed.status_code == 422 and "own request" in mixed.get_json()["detail"]
    assert _version(api, game) == version


def test_a_retried_undo_is_replayed_not_stored_twice(api: Api) -> None:
    _g, events = wire_game("ffb", 26)
    game, version = api.record(events[:3])
    void = dict(_void(version), id=str(uuid.uuid4()))
    assert api.append(game, [void], version).status_code == 201
    retry = api.append(game, [void], version)
    assert retry.status_code == 200 and retry.get_json()["replayed"] is True
    stale = api.append(game, [_void(version - 1)], version)
    assert stale.status_code == 409  # the game has moved on
    assert _version(api, game) == version + 1


def test_a_reader_or_a_stranger_may_not_undo(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 27)
    game, version = api.record(events[:3])
    assert api.append(game, [_void(version)], version, api.reader).status_code == 403
    stranger = make_token(f"else-{uuid.uuid4().hex[:6]}", ("record",))
    assert api.append(game, [_void(version)], version, stranger).status_code == 404
