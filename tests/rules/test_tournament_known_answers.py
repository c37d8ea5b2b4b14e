"""Known-answer tournaments (tests/fixtures/tournaments/*.json), each with its arithmetic
written out in ``why`` and checked by hand."""

from __future__ import annotations

import doctest
import importlib
import json
from fractions import Fraction
from pathlib import Path

import pytest

from rules.tournament.duplicate import BoardResult, matchpoints, neuberg, score_session
from rules.tournament.errors import TournamentError
from rules.tournament.formats import FORMATS, format_document, format_from_document
from rules.tournament.pairing import swiss_draw
from rules.tournament.standings import Bye, Game, rank

FIXTURES = Path(__file__).parent.parent / "fixtures" / "tournaments"
CONCOURS = sorted(p for p in FIXTURES.glob("*.json") if "rounds" in json.loads(p.read_text()))


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text())


@pytest.mark.parametrize("path", CONCOURS, ids=lambda p: p.stem)
def test_concours_ranking(path: Path) -> None:
    doc = json.loads(path.read_text())
    fmt = format_from_document(doc["format"])
    games: list[Game] = []
    byes: list[Bye] = []
    withdrawn: set[str] = set()
    for number, rnd in enumerate(doc["rounds"], start=1):
        games += [Game(number, t, a, b, pa, pb) for t, (a, b, pa, pb) in enumerate(rnd["games"], 1)]
        if "bye" in rnd:
            byes.append(Bye(number, rnd["bye"]))
        withdrawn.update(rnd.get("withdraw", []))
        if "next_draw" in rnd:
            ranked = rank(doc["teams"], games, byes, fmt.ranking, bye_points=fmt.bye_points)
            active = [s.team for s in ranked if s.team not in withdrawn]
            met = {frozenset((g.a, g.b)) for g in games}
            draw = swiss_draw(active, met, {b.team for b in byes})
            assert [list(t) for t in draw.tables] == rnd["next_draw"]["tables"]
            assert draw.bye == rnd["next_draw"]["bye"]
    standings = rank(doc["teams"], games, byes, fmt.ranking, bye_points=fmt.bye_points)
    got = [[s.rank, s.team, s.wins, s.draws, s.points_for, s.points_against] for s in standings]
    assert got == doc["expect"]


def test_duplicate_session_with_a_board_played_fewer_times() -> None:
    doc = load("duplicate-neuberg.json")
    results = [BoardResult(*row) for row in doc["boards"]]
    scores = score_session(results)
    assert {t: s.matchpoints for t, s in scores.items()} == {
        t: Fraction(v) for t, v in doc["expect_matchpoints"].items()
    }
    assert {t: s.imps for t, s in scores.items()} == {
        t: Fraction(v) for t, v in doc["expect_imps"].items()
    }
    fmt = format_from_document(doc["format"])
    duplicate = {t: (s.percentage, s.imps) for t, s in scores.items()}
    standings = rank(doc["teams"], [], [], fmt.ranking, duplicate=duplicate)
    got = [[s.rank, s.team, str(s.matchpoints)] for s in standings]
    assert got == doc["expect_ranking"]


def test_neuberg_on_the_ebu_example() -> None:
    doc = load("neuberg-ebu.json")
    mps = matchpoints(doc["nets"])
    assert mps == list(range(18, -1, -2))
    adjusted = [neuberg(mp, len(doc["nets"]), doc["expected"]) for mp in mps]
    assert adjusted == [Fraction(v) for v in doc["matchpoints"]]


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"base": "league"}, "base"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "4"}, "rounds"),
        ({"ranking": ["wins", "wins"]}, "ranking"),
        ({"ranking": ["matchpoints"]}, "ranking"),
        ({"profile": "belote-classique"}, "profile"),
        ({"base": "duplicate", "length": "target"}, "length"),
        ({"name": "\u202eevil"}, "name"),
        ({"id": "  "}, "id"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_format_document_names_its_switch(doc: dict, field: str | None) -> None:
    with pytest.raises(TournamentError) as caught:
        format_from_document(doc)
    if field is not None:
        assert caught.value.field == field


def test_a_format_document_round_trips() -> None:
    for fmt in FORMATS.values():
        assert format_from_document({**format_document(fmt), "base": fmt.id}) == fmt


@pytest.mark.parametrize(
    "module",
    [
        "rules.tournament.formats",
        "rules.tournament.standings",
        "rules.tournament.pairing",
        "rules.tournament.matching",
        "rules.tournament.duplicate",
        "rules.tournament.boards",
    ],
)
def test_docstring_examples(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0
