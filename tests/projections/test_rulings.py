"""Rulings reach the result: a penalty replaces its deal's marks, an adjustment adds to
them, the totals and the end of the game are counted again, a void undoes a ruling."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.errors import InvalidEvent
from events.vocabulary import log
from events.vocabulary.catalog import validate
from projections.audit import audit_game
from projections.entries import Entry
from projections.fold import project
from projections.sheet import score_sheet
from projections.timeline import timeline
from rules.documents import profile_document
from rules.registry import PROFILES, find_profile
from tests.gamekit import entries_of, wire_game


def _ruling(deal: int, ruling: dict[str, Any], reason: str = "r") -> dict[str, Any]:
    return {"type": "RulingIssued", "data": {"deal": deal, "ruling": ruling, "reason": reason,
                                             "by": "arb"}}  # fmt: skip


def _played(pid: str = "ffb", seed: int = 3, **kwargs: Any) -> tuple[Any, list[dict[str, Any]]]:
    g, events = wire_game(pid, seed, enforcement="record", misdeal_rate=0, **kwargs)
    return g, events


def test_a_penalty_and_an_adjustment_on_one_deal_and_a_void_that_undoes_them() -> None:
    g, events = _played(max_deals=2)
    first = g.final.records[0]
    assert first.result.contract is not None
    offender = "E" if first.result.contract.takers.name == "NS" else "N"
    penalised = [*events, _ruling(1, {"penalty": "revoke", "offender": offender})]
    state = project(entries_of(penalised))
    ruled = state.rulings[0].penalty
    assert ruled is not None and ruled.made is True
    last = timeline(entries_of(penalised))[-1]["description"]
    assert f"penalty revoke against {offender}" in last
    both = [*penalised, _ruling(1, {"adjustment": {"NS": 10, "EW": -10}})]
    sheet = score_sheet(project(entries_of(both)))
    row = sheet["deals"][0]
    assert row["marks"] == {"NS": ruled.marks[0] + 10, "EW": ruled.marks[1] - 10}
    assert row["marks_before_ruling"] == {"NS": first.result.marks[0], "EW": first.result.marks[1]}
    second = g.final.records[1].result.marks
    assert sheet["totals"] == {"NS": row["marks"]["NS"] + second[0],
                               "EW": row["marks"]["EW"] + second[1]}  # fmt: skip
    assert [len(r["rulings"]) for r in sheet["deals"]] == [2, 0]
    void = {"type": "EventVoided", "data": {"version": len(penalised), "reason": "x", "by": "a"}}
    undone = project(entries_of([*both, void]))
    assert undone.game.totals == (g.final.totals[0] + 10, g.final.totals[1] - 10)
    assert score_sheet(undone)["deals"][0]["made_before_ruling"] == first.result.made


def test_refused_rulings_are_flagged_and_change_nothing() -> None:
    g, events = _played(max_deals=1)
    cases = [
        (_ruling(2, {}), "ruling-unknown-deal"),
        (_ruling(1, {"penalty": "slow-play", "offender": "N"}), "penalty-unknown"),
        # stored before the schema checked rulings: the fold still refuses them
        ({"penalty": "revoke", "offender": "N", "finding": {"deal": 2}},
         "penalty-finding-elsewhere"),
        ({"adjustment": {"NS": "ten"}}, "ruling-malformed"),
        ({"penalty": "revoke", "offender": "N", "finding": {"deal": 1, "seat": "E"}},
         "ruling-malformed"),
    ]  # fmt: skip
    for ruling, rule in cases:
        entries = entries_of(events if "type" not in ruling else [*events, ruling])
        if "type" not in ruling:
            stored = log.RulingIssued(1, ruling, "r", "arb")
            entries.append(Entry(len(entries) + 1, None, "RulingIssued", stored))
        state = project(entries)
        assert [a.rule for a in state.anomalies][-1:] == [rule]
        assert state.game.totals == g.final.totals and state.rulings == ()
    twice = [*events, *[_ruling(1, {"penalty": "revoke", "offender": "N"})] * 2]
    assert project(entries_of(twice)).anomalies[-1].rule == "penalty-twice"


def test_a_club_profile_without_penalties_or_with_a_fixed_one() -> None:
    _g, events = _played(max_deals=1)
    doc = profile_document(find_profile("ffb")) | {"id": "club-f"}
    none = [dict(events[0], data={**events[0]["data"], "profile": doc | {"penalties": {}}})]
    ruling = _ruling(1, {"penalty": "revoke", "offender": "N"})
    state = project(entries_of([*none, *events[1:], ruling]))
    assert state.anomalies[-1].rule == "penalty-unknown"
    fixed = doc | {"penalties": {"revoke": {"score": "fixed", "points": 500}}}
    club = [dict(events[0], data={**events[0]["data"], "profile": fixed})]
    state = project(entries_of([*club, *events[1:], ruling]))
    assert score_sheet(state)["deals"][0]["marks"] == {"NS": 0, "EW": 500}
    assert state.game.totals == (0, 500)


def test_a_ruling_may_end_a_live_game_and_then_nothing_follows() -> None:
    g, events = _played(max_deals=2)
    assert not g.final.over
    over = _ruling(1, {"adjustment": {"NS": 5000, "EW": 0}})
    state = project(entries_of([*events, over]))
    assert state.status == "finished" and state.game.winner.name == "NS"
    after = [*events, over, {"type": "DealStarted", "data": {"dealer": "N"}}]
    assert project(entries_of(after)).anomalies[-1].rule == "game-over"
    back = {"type": "EventVoided", "data": {"version": len(events) + 1, "reason": "x", "by": "a"}}
    assert project(entries_of([*events, over, back])).status == "live"


_seat = st.sampled_from(["N", "E", "S", "W", "n", "X", "", None, 1])
_ruling_docs = st.fixed_dictionaries(
    {},
    optional={
        "penalty": st.sampled_from(["revoke", "slow-play", "Revoke", "", 3, None]),
        "offender": _seat,
        "finding": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {},
                optional={
                    "deal": st.sampled_from([1, 2, "1", None]),
                    "trick": st.sampled_from([None, 0, 3, 8, 9, -1, "3"]),
                    "seat": _seat,
                    "x": st.just(1),
                },
            ),
            st.sampled_from([[], "deal 1", 1]),
        ),
        "adjustment": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "NS": st.integers(-200_000, 200_000),
                    "EW": st.sampled_from([0, 1.5, True, "x"]),
                },
            ),
            st.sampled_from([None, [], "10"]),
        ),
        "note": st.text(max_size=5),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(_ruling_docs, st.sampled_from([1, 2]))
def test_any_ruling_document_is_refused_by_name_or_folded_without_error(
    ruling: dict[str, Any], deal: int
) -> None:
    g, events = _FOLDED
    data = {"deal": deal, "ruling": ruling, "reason": "r", "by": "a"}
    try:
        validate("RulingIssued", data)
    except InvalidEvent as refused:
        assert set(refused.errors) == {"ruling"} and refused.errors["ruling"], refused.errors
        return
    state = project(entries_of([*events, {"type": "RulingIssued", "data": data}]))
    if state.rulings:
        assert state.rulings[0].deal == deal and not state.anomalies
    else:
        assert state.anomalies[-1].severity == "impossible"
        assert state.game.totals == g.final.totals


_FOLDED = _played(max_deals=1)


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_the_audits_offer_is_what_the_fold_rules(pid: str) -> None:
    """Every penalty the audit offers, ruled, gives the deal exactly the marks offered."""
    offers = 0
    for seed in range(6):
        _g, events = wire_game(pid, seed, enforcement="record", breaches=0.03, max_deals=4)
        for found in audit_game(entries_of(events)):
            offer = found["penalty"]
            if offer is None:
                continue
            offers += 1
            ruled = [*events, _ruling(offer["deal"], offer["ruling"])]
            sheet = score_sheet(project(entries_of(ruled)))
            row = sheet["deals"][offer["deal"] - 1]
            assert row["marks"] == offer["marks_after"], (pid, seed, found)
            assert row["marks_before_ruling"] == offer["marks_before"]
            assert row["made"] is offer["made"]
            break  # one per game: the fold is re-run each time
    assert offers >= 2, pid
