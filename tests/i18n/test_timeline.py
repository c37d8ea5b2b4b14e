"""The timeline in French and English: golden wordings of a step of every kind
(``golden_timeline.json``) and whole generated games of every profile worded in both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from i18n.timeline import STEPS, describe_step
from i18n.vocabulary import vocabulary_of
from projections.timeline import timeline
from rules.registry import PROFILES, find_profile
from tests.gamekit import entries_of, wire_game

GOLDEN = json.loads((Path(__file__).parent / "golden_timeline.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"{c['kind']}-{c['profile']}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_golden_step(case: dict, lang: str) -> None:
    words = vocabulary_of(find_profile(case["profile"]))
    assert describe_step(case["kind"], case["params"], lang, words) == case[lang]


def test_every_kind_but_the_fallback_has_a_golden_wording() -> None:
    assert {c["kind"] for c in GOLDEN} == set(STEPS) - {"other"}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_whole_game_reads_in_both_languages(profile: str) -> None:
    _g, events = wire_game(profile, 3, enforcement="record", max_deals=2, breaches=0.1)
    entries = entries_of(events)
    fr, en = timeline(entries, lang="fr"), timeline(entries, lang="en")
    assert [s["address"] for s in fr] == [s["address"] for s in en]
    assert all("?" not in s["description"] for s in fr + en)
    french = " ".join(s["description"] for s in fr)
    assert "Partie créée" in french and " joue " in french and " font le pli " in french
    english = " ".join(s["description"] for s in en)
    assert "Game created" in english and " plays " in english and " win trick " in english


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_claims_and_score_only_deals_read_in_both_languages(lang: str) -> None:
    _g, events = wire_game("ffb", 5, deals=8, claims=0.5, summaries=0.3, max_deals=8)
    kinds = {e["type"] for e in events}
    assert {"Claimed", "DealSummarized"} <= kinds, kinds
    steps = timeline(entries_of(events), lang=lang)
    assert all("?" not in s["description"] for s in steps)
    text = " ".join(s["description"] for s in steps)
    if lang == "fr":
        assert " le reste" in text and "(score seul)" in text
    else:
        assert " the rest" in text and "(score only)" in text
