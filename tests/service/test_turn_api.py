"""``GET /games/{id}/turn``: the legal actions now, checked against what appends accept."""

from __future__ import annotations

import uuid
from typing import Any

from projections.views import call_json
from rules.actions import (
    AnnounceDeclared,
    BeloteDeclared,
    CardPlayed,
    Coinched,
    Passed,
    Surcoinched,
)
from rules.cards import card_name, names
from tests.gamekit import wire_game
from tests.service.conftest import Api


def turn(api: Api, game: str, secret: str | None = None) -> Any:
    return api.get(f"/games/{game}/turn", secret or api.recorder)


def test_every_generated_action_is_offered_and_others_are_refused(api: Api) -> None:
    """A whole deal of each profile walked through the API: at every step the generated
    (legal) action is among the options, and in strict mode a card of the hand that is
    not offered is refused by the append."""
    for pid, seed in (("ffb", 4), ("contree", 5), ("tripot", 6)):
        g, events = wire_game(pid, seed, max_deals=1, record_hands=True, misdeal_rate=0)
        game, version = api.record(events[:1])
        first = turn(api, game).get_json()
        assert (first["phase"], first["dealer"], first["seat"]) == (
            "deal",
            events[1]["data"]["dealer"],
            None,
        )
        refused_once = False
        for event, action in zip(events[1:], g.actions, strict=True):
            now = turn(api, game).get_json()
            assert now["version"] == version
            if isinstance(action, (Passed, Coinched, Surcoinched)) or event["type"] == "BidPlaced":
                assert call_json(action) in now["calls"], (pid, event)  # type: ignore[arg-type]
                assert now["phase"] == "auction"
            elif isinstance(action, CardPlayed):
                assert now["seat"] == action.seat.name and now["phase"] == "play"
                assert card_name(action.card) in now["cards"]
                assert set(now["cards"]) <= set(now["hand"]) <= set(now["unplayed"])
                held_not_legal = sorted(set(now["hand"]) - set(now["cards"]))
                if held_not_legal and not refused_once:
                    bad = {
                        "type": "CardPlayed",
                        "data": {"seat": now["seat"], "card": held_not_legal[0]},
                    }
                    answer = api.append(game, [bad], version)
                    assert answer.status_code == 422, answer.get_json()
                    assert answer.get_json()["type"] == "/problems/rule-breach"
                    refused_once = True
            elif isinstance(action, AnnounceDeclared):
                assert now["announce_open"] is True
                offered = [(a["kind"], sorted(a["cards"])) for a in now["announces"]]
                assert (action.kind.value, sorted(names(action.cards))) in offered
            elif isinstance(action, BeloteDeclared):
                nxt = events[events.index(event) + 1]["data"]["card"]
                assert {"card": nxt, "word": action.word.value} in now["belote"]
            answer = api.append(game, [event], version)
            assert answer.status_code == 201, answer.get_json()
            version = answer.get_json()["version"]
        end = turn(api, game).get_json()
        assert end["phase"] in ("deal", "over") and end["calls"] == [] and end["undo"] is None
        assert refused_once, pid


def test_unrecorded_hands_offer_any_unplayed_card_and_the_undo(api: Api) -> None:
    _g, events = wire_game("ffb", 8, max_deals=1, record_hands=False, misdeal_rate=0)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    game, version = api.record(events[: first_card + 1])
    now = turn(api, game).get_json()
    assert now["cards"] is None and now["hand"] is None and len(now["unplayed"]) == 31
    assert now["trick"] == [events[first_card]["data"]]
    assert now["undo"] == {"version": version, "type": "CardPlayed", "mine": True}
    other = api.client.get(
        f"/games/{game}/turn", headers={"Authorization": f"Bearer {api.arbiter}"}
    )
    assert other.get_json()["undo"]["mine"] is False
    void = {"type": "EventVoided", "data": {"version": version, "reason": "undo", "by": "me"}}
    assert api.append(game, [void], version).status_code == 201
    after = turn(api, game).get_json()
    assert len(after["unplayed"]) == 32 and after["trick"] == []
    assert after["undo"]["version"] == version - 1 and after["undo"]["type"] != "CardPlayed"


def test_refusals_unknown_private_bad_token_hostile(api: Api, make_token: Any) -> None:
    _g, events = wire_game("ffb", 9, max_deals=1)
    game, _v = api.record(events[:3])
    assert turn(api, str(uuid.uuid4())).status_code == 404
    stranger = make_token(f"other-{uuid.uuid4().hex[:6]}", ("record", "read"))
    assert turn(api, game, stranger).status_code == 404  # a private game's existence is private
    assert api.client.get(f"/games/{game}/turn").status_code == 401
    bad = api.client.get(f"/games/{game}/turn", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401 and bad.content_type == "application/problem+json"
    assert turn(api, game, api.reader).status_code == 403  # hands are the recorder's
    for path in ("/games/x'--/turn", "/games/%00/turn", f"/games/{game}x/turn"):
        assert (
            api.client.get(path, headers={"Authorization": f"Bearer {api.recorder}"}).status_code
            == 404
        )
    extra = api.client.get(
        f"/games/{game}/turn?seat=N", headers={"Authorization": f"Bearer {api.recorder}"}
    )
    assert extra.status_code == 422
    assert turn(api, game).headers["Cache-Control"] == "no-store"


def test_a_finished_game_answers_over_to_any_reader(api: Api, finished_game: Any) -> None:
    game, _events = finished_game
    doc = api.client.get(f"/games/{game}/turn").get_json()
    assert (doc["phase"], doc["status"], doc["seat"], doc["calls"], doc["undo"]) == (
        "over",
        "finished",
        None,
        [],
        None,
    )
