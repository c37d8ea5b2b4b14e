"""The events of a real club table through HTTP on the real database: fixed-length games
(and, below, claims and score-only deals), with bad, out-of-place and hostile input."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import bearer
from tests.gamekit import wire_game
from tests.service.conftest import Api

SEATS = {"N": "ann", "E": "bob", "S": "cyd", "W": "dan"}


def created(**extra: Any) -> dict[str, Any]:
    return {"profile": "ffb", "seats": dict(SEATS), "first_dealer": "N", **extra}


def events_of(api: Api, game: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = api.get(f"/games/{game}/events", api.reader).get_json()["events"]
    return events


@pytest.mark.parametrize("pid", ["ffb", "tripot"])
def test_a_fixed_length_game_ends_after_its_deals(api: Api, pid: str) -> None:
    g, events = wire_game(pid, 5, deals=3)
    assert events[0]["data"]["length"] == {"deals": 3}
    game, version = api.record(events)
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert sheet["length"] == {"deals": 3} and sheet["status"] == "finished"
    assert len([d for d in sheet["deals"] if d.get("misdeal") is None]) >= 3
    ns, ew = sheet["totals"]["NS"], sheet["totals"]["EW"]
    assert sheet["winner"] == (None if ns == ew else "NS" if ns > ew else "EW")
    assert (ns, ew) == g.final.totals
    state = api.get(f"/games/{game}/state", api.reader).get_json()
    assert state["deals"] == 3 and state["status"] == "finished"
    more = api.append(game, [{"type": "DealStarted", "data": {"dealer": "N"}}], version)
    assert more.status_code == 422
    problem = more.get_json()
    assert problem["type"] == "/problems/impossible-event" and problem["rule"] == "game-over"
    assert len(events_of(api, game)) == version  # nothing stored from the refused batch


@pytest.mark.parametrize(
    "length",
    [{}, {"deals": 0}, {"deals": 1001}, {"target": 0}, {"target": 500, "deals": 3},
     {"rounds": 2}, {"deals": "3"}, {"deals": 2.5}, [3], "12", {"deals": None}],
)  # fmt: skip
def test_a_bad_length_is_a_422_naming_the_field(api: Api, length: Any) -> None:
    answer = api.client.post("/games", json=created(length=length), headers=bearer(api.recorder))
    assert answer.status_code == 422, answer.get_json()
    problem = answer.get_json()
    assert problem["type"] == "/problems/validation" and "length" in problem["errors"]


def test_the_old_target_field_is_refused_naming_it(api: Api) -> None:
    answer = api.client.post("/games", json=created(target=1000), headers=bearer(api.recorder))
    assert answer.status_code == 422 and "target" in answer.get_json()["errors"]


def test_a_game_to_a_target_keeps_its_target(api: Api) -> None:
    answer = api.client.post(
        "/games", json=created(length={"target": 700}), headers=bearer(api.recorder)
    )
    assert answer.status_code == 201
    game = answer.get_json()["id"]
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert sheet["length"] == {"target": 700} and sheet["target"] == 700
    (event,) = events_of(api, game)
    assert event["data"]["length"] == {"target": 700}


SUMMARY = {
    "dealer": "N",
    "contract": {"taker": "S", "value": 90, "trump": "H", "coinche": 1},
    "card_points": {"NS": 100, "EW": 62},
    "belote": ["S"],
}


def new_game(api: Api, **extra: Any) -> str:
    answer = api.client.post("/games", json=created(**extra), headers=bearer(api.recorder))
    assert answer.status_code == 201, answer.get_json()
    game: str = answer.get_json()["id"]
    return game


def test_a_score_only_deal_is_a_row_of_the_sheet(api: Api) -> None:
    game = new_game(api)
    answer = api.append(game, [{"type": "DealSummarized", "data": SUMMARY}], 1)
    assert answer.status_code == 201, answer.get_json()
    (row,) = api.get(f"/games/{game}/sheet", api.reader).get_json()["deals"]
    assert row["contract"] == SUMMARY["contract"] and row["made"] is True
    assert row["points"] == {"NS": 120, "EW": 62} and row["marks"] == {"NS": 210, "EW": 60}
    assert row["belote"] == {"NS": 20, "EW": 0} and row["tricks"] is None
    stored = events_of(api, game)[-1]
    assert stored["data"]["tricks"] is None and stored["data"]["announces"] == []
    timeline = api.get(f"/games/{game}/timeline", api.reader).get_json()
    assert "score only" in str(timeline)


def test_a_game_mixing_played_and_summarized_deals_is_recorded_and_scored(api: Api) -> None:
    g, events = wire_game("funbelote-coinche", 8, max_deals=6, summaries=0.5)
    assert any(e["type"] == "DealSummarized" for e in events)
    assert any(e["type"] == "CardPlayed" for e in events)
    game, _version = api.record(events)
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert (sheet["totals"]["NS"], sheet["totals"]["EW"]) == g.final.totals
    assert [(d["marks"]["NS"], d["marks"]["EW"]) for d in sheet["deals"]] == [
        r.result.marks for r in g.final.records
    ]
    audit = api.get(f"/games/{game}/audit", api.arbiter).get_json()
    assert audit["findings"] == [], audit


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"card_points": None}, "card_points"),
        ({"card_points": {"NS": 100}}, "card_points"),
        ({"card_points": {"NS": 100, "EW": "62"}}, "card_points"),
        ({"contract": {"taker": "S", "value": 90, "trump": "X"}}, "contract"),
        ({"contract": {"taker": "S", "value": 90, "trump": "H", "coinche": 3}}, "contract"),
        ({"belote": "S"}, "belote"),
        ({"belote": ["Z"]}, "belote"),
        ({"announces": [{"seat": "N", "kind": "tierce", "height": "Z", "suit": "H"}]}, "announces"),
        ({"tricks": {"NS": 9, "EW": -1}}, "tricks"),
        ({"generale": 3}, "generale"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_malformed_summary_is_a_422_naming_the_field(
    api: Api, change: dict[str, Any], field: str
) -> None:
    game = new_game(api)
    data = {**SUMMARY, **change}
    batch = [{"type": "DealSummarized", "data": data}]
    answer = api.append(game, batch, 1)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["type"] == "/problems/invalid-event" and field in problem["errors"], problem
    assert len(events_of(api, game)) == 1


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"card_points": {"NS": 100, "EW": 60}}, "card_points"),
        ({"contract": {"taker": "S", "value": 85, "trump": "H"}}, "contract.value"),
        ({"contract": {"taker": "S", "value": 90, "trump": "SA"}}, "contract.trump"),
        ({"announces": [{"seat": "N", "kind": "carre", "height": "8"}]}, "announces.0.height"),
        ({"tricks": {"NS": 8, "EW": 0}}, "tricks"),
        ({"belote": ["S", "N"]}, "belote"),
    ],
)
def test_impossible_facts_are_refused_and_nothing_of_the_batch_is_stored(
    api: Api, change: dict[str, Any], field: str
) -> None:
    game = new_game(api)
    good = {"type": "DealSummarized", "data": SUMMARY}
    bad = {"type": "DealSummarized", "data": {**SUMMARY, "dealer": "W", **change}}
    answer = api.append(game, [good, bad], 1)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["type"] == "/problems/impossible-event", problem
    assert problem["rule"] == "impossible-summary" and problem["detail"].startswith(f"{field}:")
    assert problem["index"] == 1
    assert len(events_of(api, game)) == 1  # the good summary before it is not stored either


def test_a_summary_in_the_middle_of_a_deal_is_an_impossible_event(api: Api) -> None:
    game = new_game(api)
    started = api.append(game, [{"type": "DealStarted", "data": {"dealer": "N"}}], 1)
    assert started.status_code == 201
    answer = api.append(game, [{"type": "DealSummarized", "data": SUMMARY}], 2)
    assert answer.status_code == 422
    assert answer.get_json()["rule"] == "deal-in-progress"
    assert len(events_of(api, game)) == 2


def test_a_summary_sent_twice_is_stored_once(api: Api) -> None:
    game = new_game(api)
    event = {"id": "0190f0d0-0000-7000-8000-000000000001", "type": "DealSummarized",
             "data": SUMMARY}  # fmt: skip
    first = api.append(game, [event], 1)
    again = api.append(game, [event], 1)
    assert (first.status_code, again.status_code) == (201, 200)
    assert len(events_of(api, game)) == 2
    stale = api.append(game, [{"type": "DealSummarized", "data": SUMMARY}], 1)
    assert stale.status_code == 409  # out of order: the game moved on


def opening(api: Api, hands: bool = True) -> tuple[str, int]:
    """A game whose first deal is in its play: W deals, N takes 160♥ (as in the rules
    tests), S leads; returns (game, version)."""
    hand_cards = {
        "N": ["JH", "9H", "AH", "TH", "KH", "QH", "AS", "AD"],
        "E": ["7H", "8H", "KS", "QS", "JS", "9S", "8S", "7S"],
        "S": ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"],
        "W": ["TS", "TD", "KD", "QD", "JD", "9D", "8D", "7D"],
    }
    game = new_game(api, first_dealer="W")
    started = {"dealer": "W", "hands": hand_cards if hands else None}
    events = [{"type": "DealStarted", "data": started}]
    events += [{"type": "Passed", "data": {"seat": s}} for s in ("S", "E")]
    events += [{"type": "BidPlaced", "data": {"seat": "N", "value": 160, "trump": "H"}}]
    events += [{"type": "Passed", "data": {"seat": s}} for s in ("W", "S", "E")]
    answer = api.append(game, events, 1)
    assert answer.status_code == 201, answer.get_json()
    return game, answer.get_json()["version"]


def test_a_claim_ends_the_deal_and_is_a_row_of_the_sheet(api: Api) -> None:
    game, version = opening(api)
    cards = [("S", "AC"), ("E", "7H"), ("N", "JH"), ("W", "7D")]
    events = [{"type": "CardPlayed", "data": {"seat": s, "card": c}} for s, c in cards]
    events.append({"type": "Claimed", "data": {"seat": "N", "takes": "all", "belote": ["N"]}})
    answer = api.append(game, events, version)
    assert answer.status_code == 201, answer.get_json()
    (row,) = api.get(f"/games/{game}/sheet", api.reader).get_json()["deals"]
    assert row["capot"] == "NS" and row["tricks"] == {"NS": 8, "EW": 0}
    assert row["belote"] == {"NS": 20, "EW": 0} and row["made"] is True
    state = api.get(f"/games/{game}/state", api.reader).get_json()
    assert state["status"] == "live" and state["next_dealer"] == "S"
    audit = api.get(f"/games/{game}/audit", api.arbiter).get_json()
    assert audit["findings"] == []  # N holds every trump left and the aces: sound
    again = api.append(game, [{"type": "DealStarted", "data": {"dealer": "S"}}], version + 5)
    assert again.status_code == 201  # the next deal follows a claim


def test_an_unsound_claim_is_an_audit_finding_with_a_trick_the_other_side_wins(
    api: Api,
) -> None:
    game, version = opening(api)
    claim = {"type": "Claimed", "data": {"seat": "E", "takes": "all"}}
    answer = api.append(game, [claim], version)
    assert answer.status_code == 201  # the table agreed: recorded
    (finding,) = api.get(f"/games/{game}/audit", api.arbiter).get_json()["findings"]
    assert finding["rule"] == "claim-unsound" and finding["seat"] == "E"
    assert "wins trick" in finding["detail"] and finding["deal"] == 1


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"seat": "N"}, "takes"),
        ({"seat": "N", "takes": "most"}, "takes"),
        ({"seat": "Q", "takes": "all"}, "seat"),
        ({"takes": "all"}, "seat"),
        ({"seat": "N", "takes": "all", "belote": "N"}, "belote"),
        ({"seat": "N", "takes": "all", "belote": ["N", "E", "S", "W", "N"]}, "belote"),
        ({"seat": "N", "takes": "all", "tricks": 8}, "tricks"),
    ],
)
def test_a_malformed_claim_is_a_422_naming_the_field(
    api: Api, data: dict[str, Any], field: str
) -> None:
    game, version = opening(api)
    answer = api.append(game, [{"type": "Claimed", "data": data}], version)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["type"] == "/problems/invalid-event" and field in problem["errors"], problem
    assert len(events_of(api, game)) == version


def test_claims_out_of_place_are_impossible_and_nothing_is_stored(api: Api) -> None:
    game = new_game(api)
    claim = {"type": "Claimed", "data": {"seat": "N", "takes": "all"}}
    between = api.append(game, [claim], 1)
    assert between.status_code == 422 and between.get_json()["rule"] == "no-deal"
    started = {"type": "DealStarted", "data": {"dealer": "N"}}
    in_auction = api.append(game, [started, claim], 1)
    assert in_auction.status_code == 422
    assert in_auction.get_json()["rule"] == "auction-not-over"
    assert in_auction.get_json()["type"] == "/problems/impossible-event"
    assert len(events_of(api, game)) == 1  # not even the DealStarted of the batch
    played, version = opening(api)
    twice = api.append(played, [claim, claim], version)
    assert twice.status_code == 422 and twice.get_json()["rule"] == "no-deal"
    assert len(events_of(api, played)) == version


def test_a_belote_at_the_claim_that_cannot_be_is_a_breach(api: Api) -> None:
    game, version = opening(api)  # strict: refused
    claim = {"type": "Claimed", "data": {"seat": "E", "takes": "none", "belote": ["E"]}}
    answer = api.append(game, [claim], version)
    assert answer.status_code == 422 and answer.get_json()["rule"] == "belote-without-pair"
    assert answer.get_json()["type"] == "/problems/rule-breach"
    blind, at = opening(api, hands=False)  # hands not recorded: nobody played K♥ Q♥
    assert api.append(blind, [claim], at).status_code == 201
    (row,) = api.get(f"/games/{blind}/sheet", api.reader).get_json()["deals"]
    assert row["belote"] == {"NS": 0, "EW": 20} and row["capot"] == "NS"


def test_generated_games_with_claims_and_summaries_record_and_score(api: Api) -> None:
    g, events = wire_game("yeeqia", 12, max_deals=8, claims=0.8, summaries=0.2)
    assert any(e["type"] == "Claimed" for e in events)
    game, _version = api.record(events)
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    assert (sheet["totals"]["NS"], sheet["totals"]["EW"]) == g.final.totals


def test_the_readme_example_of_a_claim_and_a_score_only_deal(api: Api) -> None:
    """README, "Trying it with curl": the same requests and the answers it shows."""
    answer = api.client.post("/games", json=created(enforcement="strict"),
                             headers=bearer(api.recorder))  # fmt: skip
    game = answer.get_json()["id"]
    first = [
        {"type": "DealStarted", "data": {"dealer": "N"}},
        {"type": "Passed", "data": {"seat": "W"}},
        {"type": "BidPlaced", "data": {"seat": "S", "value": 80, "trump": "H"}},
    ]
    assert api.append(game, first, 1).get_json()["version"] == 4
    claim = [{"type": "Passed", "data": {"seat": s}} for s in ("E", "N", "W")]
    claim.append({"type": "Claimed", "data": {"seat": "S", "takes": "all", "belote": ["S"]}})
    assert api.append(game, claim, 4).status_code == 201
    summary = {"dealer": "W", "contract": {"taker": "E", "value": 100, "trump": "S",
               "coinche": 2}, "card_points": {"NS": 40, "EW": 122}, "belote": []}  # fmt: skip
    assert api.append(game, [{"type": "DealSummarized", "data": summary}], 8).status_code == 201
    sheet = api.get(f"/games/{game}/sheet", api.reader).get_json()
    one, two = sheet["deals"]
    assert (
        one["capot"] == "NS"
        and one["points"]["NS"] == 272
        and one["marks"]
        == {
            "NS": 350,
            "EW": 0,
        }
    )
    assert two["made"] is True and two["marks"] == {"NS": 0, "EW": 520}
    assert sheet["totals"] == {"NS": 350, "EW": 520}
    typo = [
        {"type": "DealStarted", "data": {"dealer": "S"}},
        {"type": "BidPlaced", "data": {"seat": "E", "value": 90, "trump": "S"}},
    ]
    assert api.append(game, typo, 9).get_json()["version"] == 11
    undo = {"type": "EventVoided", "data": {"version": 11, "reason": "90 was 80", "by": "table 3"}}
    assert api.append(game, [undo], 11).status_code == 201  # a record-only token
    bid = {"type": "BidPlaced", "data": {"seat": "E", "value": 80, "trump": "S"}}
    assert api.append(game, [bid], 12).status_code == 201
    state = api.get(f"/games/{game}/state?view=arbiter", api.arbiter).get_json()
    assert state["voided"] == [11]
    assert state["deal"]["auction"] == [{"seat": "E", "call": "bid", "value": 80, "trump": "S"}]


TYPED_TRUMPS = [
    ("♥", "H"),
    ("cœur", "H"),
    ("Pique", "S"),
    ("sans-atout", "SA"),
    ("tout atout", "TA"),
]


@pytest.mark.parametrize(("typed", "stored"), TYPED_TRUMPS)
def test_a_trump_typed_as_the_pages_show_it_is_stored_canonical(
    api: Api, typed: str, stored: str
) -> None:
    game = new_game(api, profile="ffb-sata")  # SA and TA are played there
    deal = {"type": "DealStarted", "data": {"dealer": "N"}}
    bid = {"type": "BidPlaced", "data": {"seat": "W", "value": 80, "trump": typed}}
    answer = api.append(game, [deal, bid], 1)
    assert answer.status_code == 201, answer.get_json()
    assert events_of(api, game)[-1]["data"]["trump"] == stored
    refused = {"type": "BidPlaced", "data": {"seat": "S", "value": 90, "trump": "carreauté"}}
    problem = api.append(game, [refused], 3).get_json()
    assert "trump" in str(problem["errors"]) and "carreau" in str(problem["errors"])
    assert len(events_of(api, game)) == 3


def test_a_score_only_contract_takes_a_french_trump(api: Api) -> None:
    game = new_game(api)
    summary = dict(SUMMARY, contract=dict(SUMMARY["contract"], trump="♥"))  # type: ignore[call-overload]
    answer = api.append(game, [{"type": "DealSummarized", "data": summary}], 1)
    assert answer.status_code == 201, answer.get_json()
    assert events_of(api, game)[-1]["data"]["contract"]["trump"] == "H"
