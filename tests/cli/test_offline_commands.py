"""``coinche score FILE`` and ``coinche audit FILE`` through click's runner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from service.cli import main
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


@pytest.mark.parametrize("command", [["--help"], ["score", "--help"], ["audit", "--help"]])
def test_help_everywhere(command):
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0 and "Usage:" in result.output


def test_missing_file_is_a_clear_error():
    result = CliRunner().invoke(main, ["score", "no-such-file.ndjson"])
    assert result.exit_code == 2 and "No such file" in result.output
