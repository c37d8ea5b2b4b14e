"""``coinche solve`` and ``coinche analyse`` through click's runner: answers, and bad
input refused with a message and status 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.cli.main import main
from tests.gamekit import ndjson, wire_game

LINE = "N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNSx"


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _g, events = wire_game("ffb-sata", 11, record_hands=True, misdeal_rate=0)
    path = tmp_path_factory.mktemp("games") / "game.ndjson"
    path.write_text(ndjson(events), encoding="utf-8")
    return path


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_solve_a_point_of_a_game(game_file: Path) -> None:
    code, out, err = run("solve", str(game_file), "--at", "1.3.2")
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["trick"]) == 2
    best = doc["cards"][0]
    team = "NS" if doc["turn"] in "NS" else "EW"
    assert doc["value"] == {"NS": best["NS"], "EW": best["EW"]}
    assert all(c[team] <= best[team] for c in doc["cards"])


def test_solve_a_cfn_line_from_stdin() -> None:
    code, out, err = run("solve", "-", stdin=LINE + "\n")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["turn"] == "W" and doc["trump"] == "D"  # colver's player 1: our West
    assert doc["value"]["NS"] + doc["value"]["EW"] == 162


def test_analyse_one_deal(game_file: Path) -> None:
    code, out, err = run("analyse", str(game_file), "--deal", "1")
    assert code == 0, err
    (deal,) = json.loads(out)["deals"]
    assert deal["deal"] == 1 and len(deal["cards"]) == 32
    assert {"table", "makeable", "par", "critical"} <= set(deal)


def test_help_names_the_commands() -> None:
    code, out, _err = run("--help")
    assert code == 0 and "solve" in out and "analyse" in out
    code, out, _err = run("solve", "--help")
    assert code == 0 and "--at" in out


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (("solve", "-"), "{not json\n", "not JSON"),
        (("solve", "-"), '{"type": "Passed", "data": {"seat": "N"}}\n', "GameCreated"),
        (("solve", "-"), "N:A.AK - 90dNS\n", "four hands"),
        (("solve", "-", "--profile", "nope"), LINE, "unknown profile"),
        (("solve", "-", "--at", "1.1.1"), LINE, "--at"),
        (("analyse", "-"), "", "GameCreated"),
        (("solve", "no-such-file.ndjson"), None, "no-such-file"),
    ],
)
def test_bad_input_is_refused(args: tuple[str, ...], stdin: str | None, words: str) -> None:
    code, _out, err = run(*args, stdin=stdin)
    assert code != 0 and words in err


def test_a_point_outside_the_game_or_a_wrong_address(game_file: Path) -> None:
    code, _out, err = run("solve", str(game_file), "--at", "1.9.9")
    assert code == 1 and "trick 0 (auction) to 8" in err
    code, _out, err = run("solve", str(game_file), "--at", "1.0.1")
    assert code == 1 and "card play" in err  # the auction: no position to solve yet
    code, _out, err = run("analyse", str(game_file), "--deal", "999")
    assert code == 1 and "999" in err
    code, _out, err = run("analyse", str(game_file), "--deal", "0")
    assert code == 2 and "0" in err


def test_hostile_input_is_refused_without_a_traceback(game_file: Path) -> None:
    huge = "N:" + "A" * 2_000_000 + " - 90dNS\n"
    code, _out, err = run("solve", "-", stdin=huge)
    assert code == 1 and "Traceback" not in err
    code, _out, err = run("solve", str(game_file), "--at", "1." + "9" * 500 + ".1")
    assert code == 1 and "Traceback" not in err


def test_a_game_without_hands_is_analysed_from_its_played_cards(tmp_path: Path) -> None:
    _g, events = wire_game("ffb", 4, record_hands=False, misdeal_rate=0)
    path = tmp_path / "game.ndjson"
    path.write_text(ndjson(events), encoding="utf-8")
    code, out, err = run("analyse", str(path), "--deal", "1")
    assert code == 0, err
    assert len(json.loads(out)["deals"][0]["cards"]) == 32
