"""Score-only deals (``DealSummarized``): scored exactly like the played deal with the same
facts, in every profile, and impossible facts refused naming the field."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import AnnounceKind, CardPlayed, DealStarted, DealSummarized, SummaryAnnounce
from rules.contract import CAPOT, Contract, Trump
from rules.deal import Phase
from rules.game import Game
from rules.judge import judge
from rules.notation import action_from_wire, action_to_wire
from rules.registry import PROFILES, find_profile
from rules.scoring import DealResult, score_deal
from rules.seats import Seat
from rules.simulation.generator import generate_game
from rules.summary import score_summary, summarize, summary_problem

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def facts(r: DealResult) -> tuple[object, ...]:
    """Every field of a result a score sheet shows (the judged declarations aside)."""
    return tuple(getattr(r, f.name) for f in dataclasses.fields(r) if f.name != "declarations")


def played_deals(pid: str, seed: int):
    g = generate_game(PROFILES[pid], seed, max_deals=10)
    game = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        game = game.apply(action)
        deal = game.deal
        if type(action) is CardPlayed and deal is not None and deal.phase is Phase.DONE:
            yield deal


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1))
def test_a_summary_scores_exactly_like_the_played_deal(pid: str, seed: int) -> None:
    profile = PROFILES[pid]
    for deal in played_deals(pid, seed):
        summary = summarize(deal)
        assert summary_problem(profile, summary) is None, summary
        assert facts(score_summary(profile, summary)) == facts(score_deal(deal)), summary
        kind, data = action_to_wire(summary)
        assert action_from_wire(kind, data) == summary  # the wire form keeps every fact


@SETTINGS
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1))
def test_a_game_of_summaries_ends_like_the_played_game(pid: str, seed: int) -> None:
    """Every played deal replaced by its summary: same totals, same winner, all legal."""
    g = generate_game(PROFILES[pid], seed, max_deals=10)
    played = Game.start(g.profile, g.first_dealer, g.target)
    mixed = Game.start(g.profile, g.first_dealer, g.target)
    for action in g.actions:
        played = played.apply(action)
        if played.in_deal or isinstance(action, DealStarted):
            continue  # the summary goes in once the deal is over
        deal = played.deal
        if deal is None or played.records[-1].misdeal is not None:
            mixed = mixed.apply(DealStarted(played.records[-1].dealer)).apply(action)
            continue
        summary = summarize(deal)
        verdict = judge(mixed, summary)
        assert verdict.legal, verdict
        mixed = mixed.apply(summary)
    assert (mixed.totals, mixed.winner, mixed.over) == (played.totals, played.winner, played.over)
    assert [r.result.marks for r in mixed.records] == [r.result.marks for r in played.records]


def sheet(contract: Contract | None, points: tuple[int, int], **kw: object) -> DealSummarized:
    return DealSummarized(N, contract, points, **kw)  # type: ignore[arg-type]


HEARTS = Contract(S, 90, Trump.H)
TIERCE, CARRE = AnnounceKind.TIERCE, AnnounceKind.CARRE


def said(*announces: SummaryAnnounce, **kw: object) -> DealSummarized:
    return sheet(HEARTS, (100, 62), announces=announces, **kw)


@pytest.mark.parametrize(
    ("pid", "summary", "field"),
    [
        ("ffb", sheet(HEARTS, (100, 60)), "card_points"),
        ("ffb", sheet(HEARTS, (252, 10)), "card_points"),
        ("ffb", sheet(HEARTS, (-10, 172)), "card_points"),
        ("ffb", sheet(None, (100, 62)), "card_points"),
        ("ffb", sheet(None, (0, 0), belote=(N,)), "contract"),
        ("ffb", sheet(Contract(S, 90, Trump.SA), (100, 62)), "contract.trump"),
        ("ffb", sheet(Contract(S, 85, Trump.H), (100, 62)), "contract.value"),
        ("tripot", sheet(Contract(S, 80, Trump.H), (100, 62)), "contract.value"),
        ("ffb-sata", sheet(Contract(S, 90, Trump.SA), (100, 62), belote=(S,)), "belote"),
        ("ffb", sheet(HEARTS, (100, 62), belote=(S, N)), "belote"),
        ("contree", said(SummaryAnnounce(S, TIERCE, 7, 0)), "announces"),
        ("ffb", said(SummaryAnnounce(S, TIERCE, 1, 0)), "announces.0.height"),
        ("ffb", said(SummaryAnnounce(S, TIERCE, 7)), "announces.0.suit"),
        ("ffb", said(SummaryAnnounce(S, CARRE, 1)), "announces.0.height"),
        ("ffb", said(SummaryAnnounce(S, CARRE, 4, 2)), "announces.0.suit"),
        ("ffb", said(SummaryAnnounce(S, TIERCE, 7, 0), SummaryAnnounce(E, CARRE, 7)),
         "announces.1"),
        ("ffb", said(SummaryAnnounce(E, CARRE, 6), belote=(S,)), "announces.0"),
        ("ffb", sheet(HEARTS, (100, 62), tricks=(8, 0)), "tricks"),
        ("ffb", sheet(HEARTS, (100, 62), tricks=(5, 4)), "tricks"),
        ("ffb", sheet(HEARTS, (162, 0), tricks=(8, 0)), "tricks"),
        ("ffb", sheet(HEARTS, (162, 0), tricks=(7, 0)), "tricks"),
        ("ffb", sheet(HEARTS, (100, 62), tricks=(8, 0), generale=S), "tricks"),
        ("ffb", sheet(HEARTS, (252, 0), generale=E), "generale"),
        ("ffb", sheet(Contract(S, CAPOT, Trump.H), (100, 62), generale=None), None),
    ],
)  # fmt: skip
def test_impossible_facts_are_refused_naming_the_field(
    pid: str, summary: DealSummarized, field: str | None
) -> None:
    problem = summary_problem(find_profile(pid), summary)
    if field is None:
        assert problem is None
        return
    assert problem is not None and problem[0] == field, problem
    game = Game.start(find_profile(pid), N)
    verdict = judge(game, summary)
    assert verdict.impossible and verdict.rule == "impossible-summary"
    assert verdict.params["field"] == field and verdict.params["problem"] == problem[1]


def test_a_summary_is_refused_during_a_deal_and_scored_between_deals() -> None:
    game = Game.start(find_profile("ffb"), N)
    started = game.apply(DealStarted(N))
    summary = sheet(HEARTS, (100, 62), belote=(S,))
    assert judge(started, summary).rule == "deal-in-progress"
    assert judge(game, dataclasses.replace(summary, dealer=E)).rule == "wrong-dealer"
    after = game.apply(summary)
    assert after.totals == (210, 60) and after.next_dealer == Seat.W and not after.in_deal
    assert after.records[0].result.made and after.records[0].number == 1
    capot = game.apply(sheet(HEARTS, (252, 0)))  # ffb unbid capot: 252 + 90 = 342, rounded
    assert capot.totals == (340, 0) and capot.records[0].result.tricks == (8, 0)
    unknown = game.apply(sheet(HEARTS, (80, 82)))  # tricks not said: null on the sheet
    assert unknown.records[0].result.tricks is None and not unknown.records[0].result.made
