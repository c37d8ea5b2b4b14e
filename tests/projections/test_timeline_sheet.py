"""Timeline wording and the score sheet document (DESIGN.md's fields)."""

from __future__ import annotations

from projections.fold import project
from projections.sheet import score_sheet
from projections.timeline import timeline
from tests.gamekit import entries_of, wire_game


def test_timeline_lines_read_like_an_arbiters_notes():
    _g, events = wire_game("ffb", 12, max_deals=2, misdeal_rate=0)
    steps = timeline(entries_of(events))
    text = [s["description"] for s in steps]
    assert text[0].startswith("Game created (ffb)")
    assert any(t.endswith(" deals") and t.startswith("Deal 1:") for t in text)
    assert any(" bids " in t for t in text) or any(t.endswith("passes") for t in text)
    wins = [t for t in text if " win trick " in t]
    assert wins and all(t.split()[0] in ("NS", "EW") and t.endswith(" points") for t in wins)
    assert any(t.startswith("Deal 1 over: contract") for t in text)
    assert all(
        set(s) == {"version", "position", "type", "address", "description", "voided", "anomalies"}
        for s in steps
    )


def test_timeline_of_one_deal_only():
    _g, events = wire_game("ffb", 12, max_deals=3, misdeal_rate=0)
    steps = timeline(entries_of(events), deal=2)
    assert steps and all(s["address"].startswith("2.") for s in steps)


def test_belote_shows_on_the_card_line():
    for seed in range(40):
        _g, events = wire_game("ffb", seed, max_deals=3)
        if any(e["type"] == "BeloteDeclared" for e in events):
            break
    text = [s["description"] for s in timeline(entries_of(events))]
    assert any(" plays " in t and t.endswith("— belote") for t in text)
    assert any(t.endswith("— rebelote") for t in text)


def test_sheet_has_the_public_fields_for_every_deal():
    g, events = wire_game("contree", 2)
    sheet = score_sheet(project(entries_of(events)))
    assert sheet["profile"] == "contree"
    assert len(sheet["deals"]) == len(g.final.records)
    for row, record in zip(sheet["deals"], g.final.records, strict=True):
        assert {"number", "dealer", "contract", "made", "points", "marks"} <= set(row)
        assert row["marks"] == {"NS": record.result.marks[0], "EW": record.result.marks[1]}
        if row["contract"] is None:
            assert row["made"] is None and row["points"] == {"NS": 0, "EW": 0}
        else:
            assert set(row["contract"]) == {"taker", "value", "trump", "coinche"}
            assert row["contract"]["coinche"] in (1, 2, 4)
    assert sheet["totals"] == {"NS": g.final.totals[0], "EW": g.final.totals[1]}
    assert sheet["winner"] == (g.final.winner.name if g.final.winner else None)
    assert sheet["deals"][-1]["totals"] == sheet["totals"]
