"""Appending events through HTTP: concurrency, idempotency, the rules, scopes, bad input."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api


def first_revoke(pid: str = "yeeqia") -> tuple[list[dict[str, Any]], int, str]:
    """A game with an injected revoke: its events, the revoke's index in them, its rule."""
    for seed in range(100):
        g, events = wire_game(pid, seed, breaches=0.3, max_deals=2, record_hands=True)
        if g.injected:
            index, rule = g.injected[0]
            return events, index + 1, rule  # GameCreated comes first
    raise AssertionError("no revoke generated")


def test_appends_answer_the_new_version_and_positions(api: Api) -> None:
    _g, events = wire_game("ffb", 2, max_deals=1)
    game, version = api.record(events[:1])
    answer = api.append(game, events[1:4], version)
    assert answer.status_code == 201
    doc = answer.get_json()
    assert (doc["first_version"], doc["version"], doc["replayed"]) == (2, 4, False)
    assert len(doc["positions"]) == 3 and doc["positions"] == sorted(doc["positions"])


def test_a_version_conflict_tells_the_current_version(api: Api) -> None:
    _g, events = wire_game("ffb", 2, max_deals=1)
    game, version = api.record(events[:3])
    stale = api.append(game, events[3:4], version - 1)
    assert stale.status_code == 409
    problem = stale.get_json()
    assert problem["type"] == "/problems/version-conflict"
    assert (problem["current_version"], problem["expected_version"]) == (version, version - 1)
    assert api.get(f"/games/{game}", api.reader).get_json()["version"] == version


def test_duplicate_event_ids_are_idempotent(api: Api) -> None:
    _g, events = wire_game("ffb", 2, max_deals=1)
    game, version = api.record(events[:1])
    batch = [dict(e, id=str(uuid.uuid4())) for e in events[1:4]]
    first = api.append(game, batch, version)
    retry = api.append(game, batch, version)  # the client never saw the first answer
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.get_json() == dict(first.get_json(), replayed=True)
    assert api.get(f"/games/{game}", api.reader).get_json()["version"] == 4
    mixed = api.append(game, [*batch[:1], dict(events[4], id=str(uuid.uuid4()))], 4)
    assert mixed.status_code == 409 and "already stored" in mixed.get_json()["detail"]
    assert batch[0]["type"] == "DealStarted"
    other = "E" if batch[0]["data"]["dealer"] != "E" else "W"
    changed = api.append(game, [dict(batch[0], data={"dealer": other})], 4)
    assert changed.status_code == 409
    twice = api.append(game, [dict(events[4], id=batch[0]["id"])] * 2, 4)
    assert twice.status_code == 409


def test_strict_mode_refuses_an_illegal_card_naming_rule_and_card(api: Api) -> None:
    events, line, rule = first_revoke()
    game, version = api.record(events[:line])
    refused = api.append(game, events[line : line + 3], version)
    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"] == "/problems/rule-breach"
    assert (problem["rule"], problem["index"]) == (rule, 0)
    card = events[line]["data"]["card"]
    label = ("10" if card[0] == "T" else card[0]) + "♣♦♥♠"["CDHS".index(card[1])]
    assert label in problem["detail"], problem["detail"]
    assert api.get(f"/games/{game}", api.reader).get_json()["version"] == version


def test_record_mode_keeps_the_breach(api: Api) -> None:
    events, line, rule = first_revoke()
    events[0]["data"]["enforcement"] = "record"
    game, _version = api.record(events[: line + 3])
    stored = api.get(f"/games/{game}/events?limit=1000", api.recorder).get_json()["events"]
    marked = [(e["version"], e["breaches"][0]["rule"]) for e in stored if e["breaches"]]
    assert marked == [(line + 1, rule)]
    audit = api.get(f"/games/{game}/audit", api.arbiter).get_json()["findings"]
    assert any(f["rule"] == rule and f["position"] == line + 1 for f in audit)


def test_impossible_events_are_refused_in_both_modes(api: Api) -> None:
    _g, events = wire_game("ffb", 3, max_deals=1, misdeal_rate=0)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    for mode in ("strict", "record"):
        events[0]["data"]["enforcement"] = mode
        game, version = api.record(events[: first_card + 1])
        again = api.append(game, [events[first_card]], version).get_json()
        assert (again["type"], again["rule"]) == (
            "/problems/impossible-event",
            "card-already-played",
        )


def test_unknown_types_and_fields_are_refused(api: Api) -> None:
    _g, events = wire_game("ffb", 2, max_deals=1)
    game, version = api.record(events[:2])
    kind = api.append(game, [{"type": "CardThrown", "data": {}}], version).get_json()
    assert kind["type"] == "/problems/invalid-event" and "type" in kind["errors"]
    field = api.append(game, [{"type": "Passed", "data": {"seat": "E", "mood": "sad"}}], version)
    assert field.status_code == 422 and field.get_json()["errors"] == {"mood": ["Unknown field."]}
    card = api.append(game, [{"type": "CardPlayed", "data": {"seat": "E", "card": "ZZ"}}], version)
    assert "card" in card.get_json()["errors"] and card.get_json()["index"] == 0
    outer = api.client.post(
        f"/games/{game}/events",
        json={"expected_version": version, "events": [events[2]], "force": True},
        headers=bearer(api.recorder),
    )
    assert outer.get_json()["errors"] == {"force": ["Unknown field."]}
    inner = api.append(game, [dict(events[2], note="x")], version)
    assert inner.get_json()["errors"] == {"events": {"0": {"note": ["Unknown field."]}}}
    empty = api.append(game, [], version)
    assert empty.status_code == 422 and "events" in empty.get_json()["errors"]
    many = api.append(game, [events[2]] * 501, version)
    assert many.status_code == 422
    version_bool = api.client.post(
        f"/games/{game}/events",
        json={"expected_version": True, "events": [events[2]]},
        headers=bearer(api.recorder),
    )
    assert "expected_version" in version_bool.get_json()["errors"]
    text = api.client.post(f"/games/{game}/events", data="x", headers=bearer(api.recorder),
                           content_type="text/plain")  # fmt: skip
    assert text.status_code == 415


def test_nothing_after_the_game_ended(api: Api) -> None:
    g, events = wire_game("contree", 31)
    assert g.final.over
    game, version = api.record(events, batch=200)
    assert api.get(f"/games/{game}", api.reader).get_json()["status"] == "finished"
    more = api.append(game, [{"type": "DealStarted", "data": {"dealer": "N"}}], version)
    assert more.status_code == 422 and more.get_json()["rule"] == "game-over"


def test_scopes_and_clubs_for_writing(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 4, max_deals=1)
    game, version = api.record(events[:2])
    nxt = events[2:3]
    assert api.client.post(f"/games/{game}/events", json={}).status_code == 401
    assert api.append(game, nxt, version, api.reader).status_code == 403
    assert api.append(game, nxt, version, api.arbiter).status_code == 403
    stranger = make_token(f"else-{uuid.uuid4().hex[:6]}", ("admin",))
    assert api.append(game, nxt, version, stranger).status_code == 404  # private: not revealed
    assert api.append(str(uuid.uuid4()), nxt, 0).status_code == 404
    void = [{"type": "EventVoided", "data": {"version": 2, "reason": "misheard", "by": "arb"}}]
    colleague = make_token(api.club, ("record",))  # not the token that recorded event 2
    assert api.append(game, void, version, colleague).status_code == 403
    mixed = api.append(game, [*void, *nxt], version, api.admin)
    assert mixed.status_code == 422 and "own request" in mixed.get_json()["detail"]
    voided = api.append(game, void, version, api.arbiter)
    assert voided.status_code == 201
    state = api.get(f"/games/{game}/state?view=arbiter", api.arbiter).get_json()
    assert state["voided"] == [2]


def test_a_public_game_of_another_club_is_forbidden_not_hidden(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 4, max_deals=1)
    game, version = api.record(events[:2], visibility="public")
    stranger = make_token(f"else-{uuid.uuid4().hex[:6]}", ("record",))
    answer = api.append(game, events[2:3], version, stranger)
    assert answer.status_code == 403 and "another club" in answer.get_json()["detail"]
