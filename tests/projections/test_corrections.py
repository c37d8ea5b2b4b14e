"""Voids, rulings and anomalies: corrections are facts, originals stay visible."""

from __future__ import annotations

from projections.fold import project
from projections.sheet import score_sheet
from projections.timeline import timeline
from tests.gamekit import entries_of, wire_game


def _one_deal(pid="ffb", seed=3):
    g, events = wire_game(
        pid, seed, enforcement="record", max_deals=1, misdeal_rate=0, record_hands=False
    )
    return g, events


def test_voiding_a_mistyped_card_and_recording_the_right_one():
    g, events = _one_deal()
    cards = [i for i, e in enumerate(events) if e["type"] == "CardPlayed"]
    wrong = cards[-1]  # the last card was typed wrong: record it again after voiding
    real = events[wrong]
    bad = {
        "type": "CardPlayed",
        "data": {
            "seat": real["data"]["seat"],
            "card": "7C" if real["data"]["card"] != "7C" else "8C",
        },
    }
    log = events[:wrong] + [bad]
    broken = project(entries_of(log))
    assert broken.anomalies  # 7C was already played, or by the wrong seat
    fixed = log + [
        {"type": "EventVoided", "data": {"version": len(log), "reason": "typo", "by": "arbiter"}},
        real,
    ]
    state = project(entries_of(fixed))
    assert state.voided == frozenset({len(log)})
    assert state.game.totals == g.final.totals
    assert state.anomalies == ()  # the voided event's anomaly went with it
    steps = timeline(entries_of(fixed))
    assert [s["voided"] for s in steps if s["version"] == len(log)] == [True]
    assert any("voids event" in s["description"] for s in steps)


def test_voiding_a_bid_replays_the_whole_deal():
    _g, events = _one_deal()
    bids = [i for i, e in enumerate(events) if e["type"] == "BidPlaced"]
    before = project(entries_of(events))
    voided = events + [
        {
            "type": "EventVoided",
            "data": {"version": bids[0] + 1, "reason": "not said", "by": "arb"},
        }
    ]
    after = project(entries_of(voided))
    assert after.voided == {bids[0] + 1}
    assert after != before  # the rest of the deal no longer fits: flagged, never raised
    assert after.version == len(voided)


def test_bad_voids_are_flagged():
    _g, events = _one_deal()
    n = len(events)
    cases = [(n + 5, "void-unknown"), (1, "void-refused")]
    for position, rule in cases:
        state = project(
            entries_of(
                events
                + [
                    {
                        "type": "EventVoided",
                        "data": {"version": position, "reason": "x", "by": "y"},
                    }
                ]
            )
        )
        assert state.anomalies[-1].rule == rule
    twice = events + [{"type": "EventVoided", "data": {"version": 3, "reason": "x", "by": "y"}}] * 2
    assert project(entries_of(twice)).anomalies[-1].rule == "void-twice"


def test_a_ruling_adjusts_the_totals_and_shows_on_the_sheet():
    g, events = _one_deal()
    ruled = events + [
        {
            "type": "RulingIssued",
            "data": {
                "deal": 1,
                "ruling": {"adjustment": {"NS": -20, "EW": 20}},
                "reason": "renonce",
                "by": "arbiter",
            },
        }
    ]
    state = project(entries_of(ruled))
    assert state.game.totals == (g.final.totals[0] - 20, g.final.totals[1] + 20)
    sheet = score_sheet(state)
    assert sheet["deals"][0]["rulings"][0]["adjustment"] == {"NS": -20, "EW": 20}
    assert sheet["totals"] == {"NS": state.game.totals[0], "EW": state.game.totals[1]}


def test_malformed_and_out_of_order_streams_flag_and_keep_going():
    g, events = wire_game("ffb", 9, enforcement="record", max_deals=2, misdeal_rate=0)
    first_card = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    shuffled = list(events)
    # a card recorded twice, a call after the auction, and a second GameCreated
    shuffled.insert(first_card + 1, events[first_card])
    shuffled.insert(first_card + 1, {"type": "Passed", "data": {"seat": "N"}})
    shuffled.insert(3, events[0])
    state = project(entries_of(shuffled))
    rules = [a.rule for a in state.anomalies]
    assert "game-already-created" in rules and "card-already-played" in rules
    assert "auction-closed" in rules or "out-of-turn" in rules
    assert state.game.totals == g.final.totals  # the rest of the game is intact


def test_events_after_abandonment_are_flagged():
    _g, events = _one_deal()
    state = project(
        entries_of(
            events[:5] + [{"type": "GameAbandoned", "data": {"reason": "fire alarm"}}] + events[5:8]
        )
    )
    assert state.status == "abandoned" and state.abandoned == "fire alarm"
    assert {a.rule for a in state.anomalies} == {"game-abandoned"}


def test_the_audit_shortcut_agrees_with_the_folded_audit():
    """audit_game judges a plain game straight from its events; a ruling (which adds no
    finding) sends it through the fold: both must find the same breaches."""
    from projections.audit import audit_game

    for pid in ("ffb", "yeeqia", "tripot", "contree"):
        for seed in range(4):
            _g, events = wire_game(
                pid, seed, enforcement="record", breaches=0.05, record_hands=seed % 2 == 0
            )
            plain = audit_game(entries_of(events))
            ruled = events + [
                {
                    "type": "RulingIssued",
                    "data": {"deal": 1, "ruling": {}, "reason": "note", "by": "arbiter"},
                }
            ]
            assert audit_game(entries_of(ruled)) == plain, (pid, seed)
            assert any(f["rule"].startswith("must-") for f in plain) or not _g.injected
