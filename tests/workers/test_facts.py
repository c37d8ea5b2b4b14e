"""The pure fact extraction, on known-answer deals checked by hand."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from projections.fold import project
from tests.gamekit import entries_of
from tests.workers.hand import fixture_events
from workers.facts import game_facts

WHEN = datetime(2025, 3, 14, 20, 0, tzinfo=UTC)


def facts(name: str, abandon: bool = True):
    entries = entries_of(fixture_events(name, abandon=abandon))
    return game_facts(project(entries), entries, uuid.uuid4(), WHEN)


def test_a_live_game_has_no_facts():
    assert facts("07-made-surcoinched-belote-multiplied", abandon=False) is None


def test_surcoinched_deal_rows():
    f = facts("07-made-surcoinched-belote-multiplied")
    assert f is not None
    assert f.game["status"] == "abandoned" and f.game["deals"] == 1
    assert f.game["players"] == ["ann", "bob", "cid", "dan"]
    (deal,) = f.deals
    expected = {
        "deal": 1, "dealer": "W", "outcome": "contract", "taker": "S", "taker_position": 1,
        "takers": "NS", "bid": 100, "level": "100", "capot_bid": False, "trump": "D",
        "trump_class": "suit", "coinche": 4, "coincher": "E", "surcoincher": "N", "made": True,
        "takers_points": 148, "defence_points": 34, "margin": 48, "capot_team": None,
        "belotes": 1, "announces": 0, "marks_ns": 1120, "marks_ew": 0,
    }  # fmt: skip
    assert {k: deal[k] for k in expected} == expected
    seats = {r["seat"]: r for r in f.seats}
    # counterclockwise, dealer W: S speaks first, then E, N, and W deals
    assert [seats[s]["position"] for s in "SENW"] == [1, 2, 3, 4]
    assert seats["S"]["is_taker"] and seats["S"]["belote"] and seats["S"]["margin"] == 48
    assert seats["N"]["side_took"] and seats["N"]["surcoinched_by_me"]
    assert seats["N"]["side_margin"] == 48 and seats["N"]["margin"] is None
    assert seats["E"]["coinched_by_me"] and seats["W"]["side_coinched"]
    assert seats["E"]["team_marks"] == 0 and seats["E"]["opp_marks"] == 1120
    assert seats["N"]["partnership"] == "ann & cid" and seats["W"]["partnership"] == "bob & dan"


def test_announces_counted_for_the_winning_team_only():
    f = facts("03-winning-team-scores-all-its-announces")
    assert f is not None
    seats = {r["seat"]: r for r in f.seats}
    assert (seats["N"]["announce_points"], seats["S"]["announce_points"]) == (50, 20)
    assert seats["E"]["announces"] == 1 and seats["E"]["announce_points"] == 0
    assert seats["N"]["side_announce_points"] == 70
    assert f.deals[0]["announces"] == 3 and f.deals[0]["announce_points"] == 70


def test_passed_deal_and_capot_bid():
    f = facts("24-all-pass-next-dealer")
    assert f is not None
    assert [d["outcome"] for d in f.deals] == ["passed", "contract"]
    assert f.deals[0]["taker"] is None and f.deals[0]["made"] is None
    g = facts("11-capot-bid-made")
    assert g is not None
    (deal,) = g.deals
    assert deal["level"] == "capot" and deal["capot_bid"] and deal["bid"] is None
    assert deal["margin"] is None and deal["capot_team"] == "NS" and deal["made"]
