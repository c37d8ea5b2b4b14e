"""Rulings that reach the result, through HTTP on the real database: the audit offers
the standard penalty of a revoke, one call rules it, and the sheet, the totals and the
end of the game follow (a finished game may go on, or end with the other winner)."""

from __future__ import annotations

from typing import Any

from tests.gamekit import wire_game
from tests.service.conftest import Api


def _finished_with_a_revoke(api: Api, seed: int) -> tuple[str, int, dict[str, Any], Any]:
    """A finished ffb game (record mode) whose last deal holds a revoke; its offer."""
    g, events = wire_game("ffb", seed, enforcement="record", breaches=0.02)
    assert g.final.over
    game, version = api.record(events, batch=300)
    found = api.get(f"/games/{game}/audit", api.arbiter).get_json()["findings"]
    last = len(g.final.records)
    offer = next(f for f in found if f["deal"] == last and f["penalty"] is not None)
    return game, version, offer, g


def _penalty(api: Api, game: str, body: dict[str, Any], secret: str | None = None) -> Any:
    return api.client.post(
        f"/games/{game}/penalties", json=body, headers={"Authorization": f"Bearer {secret}"}
    )


def _sheet(api: Api, game: str) -> Any:
    return api.get(f"/games/{game}/sheet", api.reader).get_json()


def test_a_ruled_revoke_reopens_a_finished_game(api: Api) -> None:
    game, version, offer, g = _finished_with_a_revoke(api, 20)
    penalty = offer["penalty"]
    assert offer["rule"].startswith("must-") and penalty["ruling"]["penalty"] == "revoke"
    assert penalty["ruling"]["offender"] == offer["seat"]
    assert penalty["ruling"]["finding"] == {k: offer[k] for k in ("deal", "trick", "seat")}
    before = _sheet(api, game)
    assert before["status"] == "finished" and before["winner"] == g.final.winner.name
    answer = _penalty(api, game, {"expected_version": version, "position": offer["position"]},
                      api.arbiter)  # fmt: skip
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["marks"] == penalty["marks_after"]
    sheet = _sheet(api, game)
    row = sheet["deals"][-1]
    assert row["marks_before_ruling"] == penalty["marks_before"] == before["deals"][-1]["marks"]
    assert row["marks"] == penalty["marks_after"] and row["made"] is penalty["made"]
    assert row["rulings"][0]["penalty"]["offender"] == offer["seat"]
    change = {t: penalty["marks_after"][t] - penalty["marks_before"][t] for t in ("NS", "EW")}
    assert sheet["totals"] == {t: before["totals"][t] + change[t] for t in ("NS", "EW")}
    assert row["totals"] == sheet["totals"]
    assert max(sheet["totals"].values()) < 2000  # nobody over the target any more
    assert sheet["status"] == "live" and sheet["winner"] is None
    assert api.get(f"/games/{game}", api.reader).get_json()["status"] == "live"
    more = api.append(game, [{"type": "DealStarted", "data": {"dealer": "E"}}], version + 1)
    assert more.status_code == 201, more.get_json()  # the game goes on


def test_a_ruled_revoke_gives_the_game_to_the_other_side(api: Api) -> None:
    game, version, offer, g = _finished_with_a_revoke(api, 25)
    assert g.final.winner.name == "EW" and offer["seat"] in "EW"
    answer = _penalty(api, game, {"expected_version": version, "position": offer["position"],
                                  "reason": "revoke at trick 6", "by": "M. Arbiter"},
                      api.arbiter)  # fmt: skip
    assert answer.status_code == 201, answer.get_json()
    sheet = _sheet(api, game)
    assert sheet["status"] == "finished" and sheet["winner"] == "NS"
    assert sheet["totals"]["NS"] >= 2000 > sheet["totals"]["EW"]
    ruling = sheet["deals"][-1]["rulings"][0]
    assert (ruling["reason"], ruling["by"]) == ("revoke at trick 6", "M. Arbiter")
    events = api.get(f"/games/{game}/events?after={version}", api.reader).get_json()["events"]
    assert [e["type"] for e in events] == ["RulingIssued"]
    assert events[0]["data"]["ruling"] == offer["penalty"]["ruling"]


def test_refused_penalty_calls_store_nothing(api: Api) -> None:
    game, version, offer, _g = _finished_with_a_revoke(api, 22)
    body = {"expected_version": version, "position": offer["position"]}
    assert api.client.post(f"/games/{game}/penalties", json=body).status_code == 401
    assert _penalty(api, game, body, api.recorder).status_code == 403
    for bad, field in (({"position": "x"}, "position"), ({"position": 0}, "position"),
                       ({"colour": 1}, "colour"), ({"reason": ""}, "reason"),
                       ({"id": "not-a-uuid"}, "id")):  # fmt: skip
        answer = _penalty(api, game, {**body, **bad}, api.arbiter)
        assert answer.status_code == 422 and field in answer.get_json()["errors"], bad
    missing = _penalty(api, game, {"position": 1}, api.arbiter).get_json()
    assert missing["status"] == 422 and "expected_version" in missing["errors"]
    nothing = _penalty(api, game, {**body, "position": 1}, api.arbiter)
    assert nothing.status_code == 422 and nothing.get_json()["rule"] == "no-standard-penalty"
    stale = _penalty(api, game, {**body, "expected_version": version - 1}, api.arbiter)
    assert stale.status_code == 409
    assert api.get(f"/games/{game}", api.reader).get_json()["version"] == version
    assert _penalty(api, game, body, api.arbiter).status_code == 201
    twice = _penalty(api, game, {**body, "expected_version": version + 1}, api.arbiter)
    assert twice.status_code == 422 and twice.get_json()["rule"] == "penalty-twice"


def test_penalty_rulings_posted_as_events_are_checked(api: Api) -> None:
    g, events = wire_game("ffb", 20, enforcement="record", breaches=0.02, max_deals=2)
    game, version = api.record(events[:-3])  # deal 2 not finished

    def rule(ruling: dict[str, Any], deal: int = 1) -> Any:
        data = {"deal": deal, "ruling": ruling, "reason": "revoke", "by": "arb"}
        return api.append(game, [{"type": "RulingIssued", "data": data}], version, api.arbiter)

    named = rule({"penalty": "revoke", "offender": "X", "finding": {"deal": 2}}).get_json()
    assert named["type"] == "/problems/invalid-event"
    assert set(named["errors"]["ruling"]) == {"offender", "finding"}
    both = rule({"penalty": "revoke", "offender": "N", "adjustment": {"NS": 1}}).get_json()
    assert "adjustment" in both["errors"]["ruling"]
    unknown = rule({"penalty": "slow-play", "offender": "N"}).get_json()
    assert (unknown["status"], unknown["rule"]) == (422, "penalty-unknown")
    unfinished = rule({"penalty": "revoke", "offender": "N"}, deal=2).get_json()
    assert (unfinished["status"], unfinished["rule"]) == (422, "ruling-unknown-deal")
    elsewhere = rule({"penalty": "revoke", "offender": "N", "finding": {"deal": 1,
                      "trick": 3, "seat": "E"}}).get_json()  # fmt: skip
    assert elsewhere["status"] == 422 and "offending side" in elsewhere["detail"]
    assert api.get(f"/games/{game}", api.reader).get_json()["version"] == version
    assert g.final.records[0].result.contract is not None  # N took 100♠
    assert rule({"penalty": "revoke", "offender": "N"}).status_code == 201
