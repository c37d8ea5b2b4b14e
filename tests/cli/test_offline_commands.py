"""``coinche score FILE`` and ``coinche audit FILE`` through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli.main import main
from tests.gamekit import ndjson, wire_game


@pytest.fixture
def game_file(tmp_path):
    g, events = wire_game("ffb", 21, enforcement="record", record_hands=False)
    path = tmp_path / "game.ndjson"
    path.write_text(ndjson(events), encoding="utf-8")
    return g, events, path


def test_score_prints_the_sheet(game_file):
    g, _events, path = game_file
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)
    assert sheet["totals"] == {"NS": g.final.totals[0], "EW": g.final.totals[1]}


def test_score_reads_stdin(game_file):
    _g, events, _path = game_file
    result = CliRunner().invoke(main, ["score", "-"], input=ndjson(events))
    assert result.exit_code == 0 and json.loads(result.output)["profile"] == "ffb"


def test_score_names_each_bad_line_and_fails(tmp_path, game_file):
    _g, events, _path = game_file
    text = ndjson(events[:3]) + "not json\n" + '{"type": "CardPlayed", "data": {"seat": "Q"}}\n'
    path = tmp_path / "bad.ndjson"
    path.write_text(text)
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 1
    assert "bad.ndjson:4: not JSON" in result.output
    assert "bad.ndjson:5: CardPlayed:" in result.output and "not a seat" in result.output


def test_an_old_schema_version_is_read_and_upcast(tmp_path, game_file):
    _g, events, _path = game_file
    void = {"type": "EventVoided", "version": 1, "data": {"position": 6, "reason": "x", "by": "y"}}
    path = tmp_path / "old.ndjson"
    path.write_text(ndjson([*events[:6], void]), encoding="utf-8")
    result = CliRunner().invoke(main, ["audit", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["findings"] == []
    void["data"]["position"] = 9  # a later line: no such event to void
    path.write_text(ndjson([*events[:6], void]), encoding="utf-8")
    found = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    assert [f["rule"] for f in found] == ["void-unknown"]
    void["version"] = 9
    path.write_text(ndjson([*events[:6], void]), encoding="utf-8")
    found = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    assert [f["rule"] for f in found] == ["malformed-event"] and "1 to 2" in found[0]["detail"]


def test_score_needs_game_created_first(tmp_path):
    path = tmp_path / "x.ndjson"
    path.write_text('{"type": "Passed", "data": {"seat": "N"}}\n')
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 1 and "GameCreated" in result.output


def test_audit_of_a_clean_game_is_empty(game_file):
    _g, _events, path = game_file
    result = CliRunner().invoke(main, ["audit", str(path), "--fail-on-findings"])
    assert result.exit_code == 0 and json.loads(result.output) == {"findings": []}


def test_audit_finds_each_revoke_at_its_line(tmp_path):
    g, events = wire_game("yeeqia", 5, enforcement="record", breaches=0.2, record_hands=False)
    assert g.injected
    path = tmp_path / "revokes.ndjson"
    path.write_text(ndjson(events))
    result = CliRunner().invoke(main, ["audit", str(path), "--fail-on-findings"])
    assert result.exit_code == 3
    findings = json.loads(result.output)["findings"]
    assert [(f["position"], f["rule"]) for f in findings] == [(i + 2, r) for i, r in g.injected]
    assert all(set(f) >= {"deal", "trick", "seat", "position", "rule", "detail"} for f in findings)


def test_audit_reports_score_mismatch_and_unreadable_lines(tmp_path):
    g, events = wire_game("ffb", 21, enforcement="record", max_deals=2, misdeal_rate=0)
    marks = g.final.records[0].result.marks
    events.append(
        {
            "type": "ScoreRecorded",
            "data": {"deal": 1, "marks": {"NS": marks[0] + 10, "EW": marks[1]}},
        }
    )
    path = tmp_path / "sheet.ndjson"
    path.write_text(ndjson(events) + "{oops\n")
    findings = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    rules = [(f["rule"], f["position"]) for f in findings]
    assert ("score-mismatch", len(events)) in rules
    assert ("malformed-event", len(events) + 1) in rules


def test_audit_in_french_words_each_finding_in_the_table_vocabulary(tmp_path):
    _g, events = wire_game("yeeqia", 5, enforcement="record", breaches=0.2, record_hands=False)
    path = tmp_path / "revokes.ndjson"
    path.write_text(ndjson(events) + "{oops\n")
    english = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    result = CliRunner().invoke(main, ["audit", str(path), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    french = json.loads(result.output)["findings"]
    assert [(f["rule"], f["params"]) for f in french] == [(f["rule"], f["params"]) for f in english]
    revokes = [f for f in french if f["rule"].startswith("must-")]
    assert revokes and all(f["detail"].startswith("renonce : ") for f in revokes)
    assert french[-1]["detail"].startswith("ligne illisible : ")
    assert english[-1]["detail"].startswith("unreadable line: ")


def test_audit_refuses_an_unknown_language(game_file):
    _g, _events, path = game_file
    result = CliRunner().invoke(main, ["audit", str(path), "--lang", "de"])
    assert result.exit_code == 2 and "de" in result.output


@pytest.mark.parametrize("command", [["--help"], ["score", "--help"], ["audit", "--help"]])
def test_help_everywhere(command):
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0 and "Usage:" in result.output


def test_missing_file_is_a_clear_error():
    result = CliRunner().invoke(main, ["score", "no-such-file.ndjson"])
    assert result.exit_code == 2 and "No such file" in result.output


@pytest.mark.parametrize("pid", ["ffb", "contree-points-faits", "tripot"])
def test_score_and_audit_read_summaries_and_fixed_length_games(tmp_path, pid):
    g, events = wire_game(pid, 30, deals=4, summaries=0.5, record_hands=True)
    assert events[0]["data"]["length"] == {"deals": 4}
    assert any(e["type"] == "DealSummarized" for e in events)
    path = tmp_path / "mixed.ndjson"
    path.write_text(ndjson(events), encoding="utf-8")
    scored = CliRunner().invoke(main, ["score", str(path)])
    assert scored.exit_code == 0, scored.output
    sheet = json.loads(scored.output)
    assert sheet["length"] == {"deals": 4} and sheet["status"] == "finished"
    assert sheet["totals"] == {"NS": g.final.totals[0], "EW": g.final.totals[1]}
    assert len(sheet["deals"]) == len(g.final.records)
    audited = CliRunner().invoke(main, ["audit", str(path), "--fail-on-findings"])
    assert audited.exit_code == 0 and json.loads(audited.output)["findings"] == []
    last = max(i for i, e in enumerate(events) if e["type"] == "DealSummarized")
    bad = {**events[last], "data": {**events[last]["data"], "card_points": {"NS": 1, "EW": 1}}}
    path.write_text(ndjson([*events[:last], bad]), encoding="utf-8")
    found = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    assert [(f["rule"], f["position"]) for f in found] == [("impossible-summary", last + 1)]


def test_score_and_audit_read_a_penalty_ruling(tmp_path):
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "penalties" / "ffb"
    doc = json.loads((fixture / "takers-revoke.json").read_text(encoding="utf-8"))
    path = tmp_path / "ruled.ndjson"
    path.write_text(ndjson(doc["events"]), encoding="utf-8")
    sheet = json.loads(CliRunner().invoke(main, ["score", str(path)]).output)
    assert sheet["deals"][0]["marks"] == doc["expect"]["deals"][0]["marks"]
    assert sheet["totals"] == doc["expect"]["totals"]
    path.write_text(ndjson(doc["events"][:-1]), encoding="utf-8")
    found = json.loads(CliRunner().invoke(main, ["audit", str(path)]).output)["findings"]
    offers = [f["penalty"] for f in found if f.get("penalty")]
    assert [o["ruling"] for o in offers] == [doc["events"][-1]["data"]["ruling"]]


CLAIMS = sorted(
    (Path(__file__).resolve().parents[1] / "fixtures" / "deals").glob("*/*-claim-*.json")
)


@pytest.mark.parametrize("fixture", CLAIMS, ids=lambda p: p.parent.name)
def test_score_and_audit_read_a_claim(tmp_path, fixture):
    doc = json.loads(fixture.read_text(encoding="utf-8"))
    assert any(e["type"] == "Claimed" for e in doc["events"])
    path = tmp_path / "claimed.ndjson"
    path.write_text(ndjson(doc["events"]), encoding="utf-8")
    scored = CliRunner().invoke(main, ["score", str(path)])
    assert scored.exit_code == 0, scored.output
    sheet = json.loads(scored.output)
    assert sheet["totals"] == doc["expect"]["totals"]
    assert [d["marks"] for d in sheet["deals"]] == [d["marks"] for d in doc["expect"]["deals"]]
    audited = CliRunner().invoke(main, ["audit", str(path), "--fail-on-findings"])
    assert audited.exit_code == 0, audited.output
    assert json.loads(audited.output)["findings"] == []


def test_audit_names_an_unsound_claim_with_its_line(tmp_path):
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "deals" / "ffb"
    events = json.loads((fixture / "36-claim-of-the-rest.json").read_text(encoding="utf-8"))[
        "events"
    ]
    at = next(i for i, e in enumerate(events) if e["type"] == "Claimed")
    # the defence claims every trick of a hand the takers hold
    wrong = {"type": "Claimed", "data": {"seat": "W", "takes": "all", "belote": []}}
    path = tmp_path / "unsound.ndjson"
    path.write_text(ndjson([*events[:at], wrong, *events[at + 1 :]]), encoding="utf-8")
    audited = CliRunner().invoke(main, ["audit", str(path), "--fail-on-findings"])
    assert audited.exit_code != 0
    found = json.loads(audited.output)["findings"]
    assert [(f["rule"], f["position"], f["params"]["winner"]) for f in found] == [
        ("claim-unsound", at + 1, "S")
    ]
