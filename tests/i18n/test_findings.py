"""Judge messages and audit findings in French and English: golden renderings of one
finding of every rule id (``golden_findings.json``, each line a rule, its facts, the
table vocabulary and both sentences), and every rule id the code can produce has its
message.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from i18n.findings import RULES, render
from i18n.vocabulary import Vocabulary, vocabulary_of
from projections.audit import audit_game
from projections.entries import from_wire
from rules.registry import find_profile
from tests.gamekit import wire_game

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((Path(__file__).parent / "golden_findings.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"{c['rule']}-{c['vocabulary']}")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_golden_rendering(case: dict, lang: str) -> None:
    got = render(case["rule"], case["params"], lang, Vocabulary(case["vocabulary"]))
    assert got == case[lang]


def test_every_rule_has_a_golden_rendering() -> None:
    assert {c["rule"] for c in GOLDEN} == set(RULES)


def _rule_ids_in_code() -> set[str]:
    """Every literal rule id passed to the functions that make verdicts and findings, or
    returned as the first item of a (rule, facts) pair, in rules/, projections/, workers/."""
    makers = {"breach", "impossible", "finding", "_flag", "EventRefused", "AnnounceCheck"}
    found: set[str] = set()
    for package in ("rules", "projections", "workers"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name == "timeline.py":  # step kinds, not rules (see test_timeline)
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                    args = [
                        a.value
                        for a in node.args
                        if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    ]
                    if name in makers and args:
                        found.add(args[0])
                    if name == "Verdict" and len(node.args) > 1:
                        rule = node.args[1]
                        if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                            found.add(rule.value)
                elif isinstance(node, ast.Tuple) and len(node.elts) == 2:
                    first = node.elts[0]
                    text = first.value if isinstance(first, ast.Constant) else None
                    if isinstance(text, str) and text.islower() and " " not in text:
                        found.add(text)
    return {r for r in found if r and "-" in r}


def test_every_rule_id_in_the_code_has_a_message() -> None:
    in_code = _rule_ids_in_code()
    assert {"must-follow-suit", "card-not-held", "score-mismatch", "void-twice"} <= in_code
    assert in_code - set(RULES) == set()


def test_each_profile_speaks_its_vocabulary() -> None:
    words = {p: vocabulary_of(find_profile(p)) for p in ("ffb", "funbelote-coinche", "contree",
                                                          "contree-points-faits", "yeeqia",
                                                          "tripot")}  # fmt: skip
    assert words["ffb"] is words["funbelote-coinche"] is Vocabulary.FFB
    assert words["contree"] is words["contree-points-faits"] is Vocabulary.CONTREE
    assert (words["yeeqia"], words["tripot"]) == (Vocabulary.YEEQIA, Vocabulary.TRIPOT)
    seat = {"seat": "E"}
    ffb, contree = words["ffb"], words["contree"]
    assert render("nothing-to-coinche", seat, "fr", ffb) == "E coinche avant toute enchère"
    assert render("nothing-to-coinche", seat, "fr", contree) == "E contre avant toute enchère"


def test_a_row_written_before_the_facts_keeps_its_sentence() -> None:
    old = {"text": "W played 7♠ but must trump"}
    assert render("must-trump", old, "fr") == "W played 7♠ but must trump"


def test_a_missing_fact_reads_as_a_question_mark_not_an_error() -> None:
    assert render("card-not-held", {"seat": "N"}, "fr") == "N joue ?, qu'il n'a pas reçu à la donne"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_audit_of_a_game_with_revokes_is_worded_in_the_language_asked(lang: str) -> None:
    _game, events = wire_game("ffb", 11, enforcement="record", breaches=0.3)
    entries = [from_wire(i, e["type"], e["data"]) for i, e in enumerate(events, start=1)]
    findings = audit_game(entries, lang)
    assert findings, "the generated game has revokes"
    for f in findings:
        assert f["detail"] == render(f["rule"], f["params"], lang, Vocabulary.FFB)
        assert "?" not in f["detail"]
    revokes = [f for f in findings if f["rule"].startswith("must-")]
    assert revokes
    if lang == "fr":
        assert all(f["detail"].startswith("renonce : ") for f in revokes)
    else:
        assert all(" played " in f["detail"] for f in revokes)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unsound_claim_is_worded_with_its_line_of_play(lang: str) -> None:
    found = []
    for seed in range(40):
        _game, events = wire_game("ffb", seed, enforcement="record", claims=1.0, max_deals=3)
        entries = [from_wire(i, e["type"], e["data"]) for i, e in enumerate(events, start=1)]
        found += [f for f in audit_game(entries, lang) if f["rule"] == "claim-unsound"]
        if found:
            break
    assert found, "a generated claim is unsound"
    for f in found:
        assert f["detail"] == render(f["rule"], f["params"], lang, Vocabulary.FFB)
        assert "?" not in f["detail"] and f["params"]["trick"] >= 1
        assert (" fait le pli " if lang == "fr" else " wins trick ") in f["detail"]
