"""Tournament commands over the fold: a whole concours and a duplicate session, and every
refusal of the issue (nothing is made when a command is refused)."""

from __future__ import annotations

import doctest
import importlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.tournament import decide
from projections.tournament.documents import standings_document
from projections.tournament.ranking import standings
from projections.tournament.state import Tournament, fold
from rules.tournament.boards import deal_boards
from rules.tournament.errors import TournamentError
from rules.tournament.formats import RankKey, format_document, format_from_document

RANKING = (RankKey.WINS, RankKey.POINTS)


class Run:
    """A tournament driven by commands, its events kept as the store would."""

    def __init__(self, fmt: dict) -> None:
        self.events = decide.create("Concours de printemps", "lyon", fmt)

    @property
    def state(self) -> Tournament:
        return fold(self.events)

    def do(self, command, *args, **kwargs) -> list:
        made = command(self.state, *args, **kwargs)
        self.events += made
        return made


def refused(rule: str, run: Run, command, *args, **kwargs) -> None:
    before = list(run.events)
    with pytest.raises(TournamentError) as caught:
        run.do(command, *args, **kwargs)
    assert caught.value.rule == rule, caught.value
    assert run.events == before


def play_round(run: Run, rnd: int, rng: random.Random) -> None:
    for table in run.state.rounds[rnd - 1].tables.values():
        a = rng.randrange(0, 200) * 10
        run.do(decide.record, rnd, table.number, {"NS": a, "EW": rng.randrange(0, 200) * 10})


def test_a_six_round_concours_of_forty_teams_from_registration_to_ranking() -> None:
    run = Run({"base": "concours", "rounds": 6, "length_value": 10})
    for i in range(40):
        run.do(decide.register, f"Team {i}", [f"p{i}a", f"p{i}b"])
    rng = random.Random(5)
    for rnd in range(1, 7):
        (drawn,) = run.do(decide.draw, 1000 + rnd)
        assert drawn[1]["method"] == ("random" if rnd == 1 else "swiss")
        seated = [t for table in drawn[1]["tables"] for t in (table["ns"], table["ew"])]
        assert sorted(seated) == sorted(run.state.teams)
        play_round(run, rnd, rng)
    pairs = [frozenset((t.ns, t.ew)) for r in run.state.rounds for t in r.tables.values()]
    assert len(pairs) == len(set(pairs)) == 120  # no rematch in six rounds
    ranking = standings(run.state)
    assert ranking[0].rank == 1 and len(ranking) == 40
    assert sum(s.played for s in ranking) == 240
    refused("tournament-over", run, decide.draw, 7)
    refused("tournament-over", run, decide.register, "Late", ["x", "y"])


def test_odd_teams_late_entry_and_withdrawal() -> None:
    run = Run({"base": "concours", "rounds": 3})
    for name in "ABCDE":
        run.do(decide.register, name, [name + "1", name + "2"])
    (drawn,) = run.do(decide.draw, 7)
    assert drawn[1]["bye"] is not None and len(drawn[1]["tables"]) == 2
    bye = drawn[1]["bye"]
    refused("round-incomplete", run, decide.draw, 8)
    playing = next(t for t in drawn[1]["tables"])["ns"]
    refused("game-in-progress", run, decide.withdraw, playing, "ill")
    run.do(decide.register, "F", ["F1", "F2"])  # a late entry: plays from round 2
    assert run.state.teams["6"].first_round == 2
    play_round(run, 1, random.Random(1))
    run.do(decide.withdraw, playing, "ill")
    refused("team-already-withdrawn", run, decide.withdraw, playing, "again")
    (second,) = run.do(decide.draw, 9)
    seated = {t for table in second[1]["tables"] for t in (table["ns"], table["ew"])}
    # five teams: one left, one came; the late entry, last with no result, has the bye
    assert seated | {second[1]["bye"]} == {"1", "2", "3", "4", "5", "6"} - {playing}
    assert second[1]["bye"] == "6" and bye != "6"
    withdrawn = next(s for s in standings(run.state) if s.team == playing)
    assert withdrawn.played == 1  # its result is kept
    assert bye in {s.team for s in standings(run.state)}


def test_results_refused_out_of_place_twice_or_malformed() -> None:
    run = Run({"base": "concours"})
    for name in "ABCD":
        run.do(decide.register, name, [name + "1", name + "2"])
    run.do(decide.draw, 3)
    refused("unknown-table", run, decide.record, 1, 3, {"NS": 1, "EW": 2})
    refused("unknown-table", run, decide.record, 2, 1, {"NS": 1, "EW": 2})
    refused("bad-points", run, decide.record, 1, 1, {"NS": -5, "EW": 2})
    refused("bad-points", run, decide.record, 1, 1, {"NS": True, "EW": 2})
    refused("bad-points", run, decide.record, 1, 1, {"NS": 1})
    refused("no-boards", run, decide.record, 1, 1, {"NS": 1, "EW": 2}, board=1)
    refused("no-result-to-correct", run, decide.correct, 1, 1, {"NS": 1, "EW": 2}, "typo")
    run.do(decide.record, 1, 1, {"NS": 1000, "EW": 700})
    refused("result-already-recorded", run, decide.record, 1, 1, {"NS": 1000, "EW": 800})
    run.do(decide.correct, 1, 1, {"NS": 700, "EW": 1000}, "teams swapped on the sheet")
    table = run.state.table_of(1, 1)
    assert table.points == {"NS": 700, "EW": 1000} and len(table.corrections) == 1
    run.do(decide.link, 1, 2, "5b0e0000-0000-4000-8000-000000000001")
    refused("table-already-linked", run, decide.link, 1, 2, "5b0e0000-0000-4000-8000-000000000002")
    refused("game-already-linked", run, decide.link, 1, 1, "5b0e0000-0000-4000-8000-000000000001")


@pytest.mark.parametrize(
    ("name", "players", "rule"),
    [
        ("A", ["x1", "x2"], "team-already-registered"),
        (" a ", ["x1", "x2"], "team-already-registered"),
        ("B", ["A1", "z"], "player-in-two-teams"),
        ("B", ["q", "Q"], "bad-team"),
        ("B", ["q"], "bad-team"),
        ("\u202eB", ["q", "r"], "bad-name"),
        ("B\x1b[31m", ["q", "r"], "bad-name"),
        ("B", ["q\n", "r\x00"], "bad-name"),
        ("", ["q", "r"], "bad-name"),
        ("x" * 101, ["q", "r"], "bad-name"),
    ],
)
def test_bad_registrations_are_refused(name: str, players: list[str], rule: str) -> None:
    run = Run({"base": "concours"})
    run.do(decide.register, "A", ["A1", "A2"])
    refused(rule, run, decide.register, name, players)


def test_a_duplicate_session_deals_its_boards_once_and_ranks_by_matchpoints() -> None:
    run = Run({"base": "duplicate", "length_value": 3, "rounds": 2})
    for name in "ABCDEF":
        run.do(decide.register, name, [name + "1", name + "2"])
    (drawn,) = run.do(decide.draw, 11)
    boards = drawn[1]["boards"]
    assert [b["board"] for b in boards] == [1, 2, 3]
    cards = sorted(c for hand in boards[0]["hands"].values() for c in hand)
    assert len(set(cards)) == 32
    refused("board-required", run, decide.record, 1, 1, {"NS": 160, "EW": 0})
    refused("unknown-board", run, decide.record, 1, 1, {"NS": 160, "EW": 0}, board=4)
    marks = {1: (160, 0), 2: (0, 250), 3: (160, 0)}
    for board in (1, 2, 3):
        for table in (1, 2, 3):
            if board == 3 and table == 3:
                continue
            ns, ew = marks[table][::-1] if board == 2 else marks[table]
            run.do(decide.record, 1, table, {"NS": ns, "EW": ew}, board=board)
    refused("round-incomplete", run, decide.draw, 12)
    ranking = standings(run.state)
    assert all(0 <= s.matchpoints <= 100 for s in ranking)
    assert ranking[0].matchpoints >= ranking[-1].matchpoints


GAME = "5b0e0000-0000-4000-8000-0000000000aa"


def duplicate_run(profile: str) -> tuple[Run, list[dict]]:
    run = Run({"base": "duplicate", "length_value": 4, "profile": profile})
    for name in "ABCDEF":
        run.do(decide.register, name, [name + "1", name + "2"])
    (drawn,) = run.do(decide.draw, 11)
    return run, drawn[1]["boards"]


@pytest.mark.parametrize(
    ("profile", "dealers"), [("ffb", "NWSE"), ("contree", "NWSE"), ("yeeqia", "NESW")]
)
def test_the_boards_and_every_tables_first_dealer_follow_the_profiles_direction(
    profile: str, dealers: str
) -> None:
    """A game under the profile deals board ``b`` at its deal ``b``: the boards' dealers turn
    the profile's way, and every table starts on board 1's dealer (not a per-table one)."""
    run, boards = duplicate_run(profile)
    assert "".join(b["dealer"] for b in boards) == dealers
    tables = run.state.rounds[0].tables.values()
    assert [t.first_dealer for t in tables] == ["N", "N", "N"]
    hands = boards[1]["hands"]  # dealt by the seat after the dealer the profile's way first
    assert sorted(c for h in hands.values() for c in h) == sorted(
        c for h in boards[0]["hands"].values() for c in h
    )


def test_a_concours_plan_still_turns_the_first_dealer_with_the_table() -> None:
    run = Run({"base": "concours"})
    for name in "ABCDEF":
        run.do(decide.register, name, [name + "1", name + "2"])
    run.do(decide.draw, 11)
    assert [t.first_dealer for t in run.state.rounds[0].tables.values()] == ["N", "E", "S"]


def test_a_duplicate_game_is_linked_only_if_played_under_the_profile_and_as_the_boards() -> None:
    run, boards = duplicate_run("ffb")
    facts = decide.GameFacts
    refused("profile-mismatch", run, decide.link, 1, 1, GAME, facts("contree", "N"))
    refused("profile-mismatch", run, decide.link, 1, 1, GAME, facts(None, "N"))  # a club's
    refused("dealer-mismatch", run, decide.link, 1, 1, GAME, facts("ffb", "E"))
    wrong_turn = [("N", None), ("E", None)]  # the second deal dealt clockwise
    refused("dealer-mismatch", run, decide.link, 1, 1, GAME, facts("ffb", "N", wrong_turn))
    other = dict(boards[1]["hands"])  # board 2's hands at deal 3
    deals = [("N", None), ("W", None), ("S", other)]
    refused("board-mismatch", run, decide.link, 1, 1, GAME, facts("ffb", "N", deals))
    deals = [("N", boards[0]["hands"]), ("W", None), ("S", None), ("E", None), ("N", None)]
    (linked,) = run.do(decide.link, 1, 1, GAME, facts("ffb", "N", deals))
    assert linked == ("GameLinked", {"round": 1, "table": 1, "game": GAME})


def test_a_concours_game_is_checked_for_its_profile_only() -> None:
    run = Run({"base": "concours"})
    for name in "AB":
        run.do(decide.register, name, [name + "1", name + "2"])
    run.do(decide.draw, 11)
    facts = decide.GameFacts
    refused("profile-mismatch", run, decide.link, 1, 1, GAME, facts("contree", "N"))
    assert run.do(decide.link, 1, 1, GAME, facts("ffb", "S", [("S", None), ("E", None)]))


BYE = Path(__file__).parent.parent / "fixtures" / "tournaments" / "duplicate-bye.json"


@pytest.mark.parametrize(
    ("bye_points", "expect"), [(None, "expect"), (60, "expect_with_bye_points_60")]
)
def test_a_duplicate_bye_scores_the_formats_bye_points_per_cent(
    bye_points: int | None, expect: str
) -> None:
    doc = json.loads(BYE.read_text())
    fmt = dict(doc["format"]) if bye_points is None else {**doc["format"], "bye_points": bye_points}
    created = {"name": "Bye", "club": "lyon", "format": format_document(format_from_document(fmt))}
    events: list = [("TournamentCreated", created)]
    for team in doc["teams"]:
        players = [f"{team}1", f"{team}2"]
        events.append(
            ("TeamRegistered", {"team": team, "name": team, "players": players, "first_round": 1})
        )
    tables = [
        {"table": i, "ns": ns, "ew": ew, "first_dealer": "N"}
        for i, (ns, ew) in enumerate(doc["tables"], start=1)
    ]
    boards = [{"board": b.number, "dealer": b.dealer, "hands": b.hands} for b in deal_boards(1, 2)]
    drawn = {"round": 1, "seed": 1, "method": "random", "tables": tables, "bye": doc["bye"]}
    events.append(("RoundDrawn", {**drawn, "rematches": [], "boards": boards}))
    for board, table, ns, ew in doc["results"]:
        points = {"NS": ns, "EW": ew}
        result = {"round": 1, "table": table, "board": board, "points": points}
        events.append(("ResultRecorded", {**result, "source": "entered"}))
    rows = standings_document(fold(events))
    assert [[r["rank"], r["team"], r["matchpoints"], r["imps"]] for r in rows] == doc[expect]
    assert next(r for r in rows if r["team"] == doc["bye"])["points_for"] == 0


def test_a_duplicate_bye_is_a_percentage() -> None:
    with pytest.raises(TournamentError) as caught:
        decide.create("x", "lyon", {"base": "duplicate", "bye_points": 101})
    assert caught.value.field == "bye_points"
    assert decide.create("x", "lyon", {"base": "concours", "bye_points": 500})


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 11), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_the_ranking_does_not_depend_on_the_order_results_were_recorded(teams, seed, rnd):
    """The same results, entered table by table or in any order (with a correction among
    them), give the same standings after every round and the same later draws."""
    rng = random.Random(seed)
    scores = {}
    runs = [Run({"base": "concours", "rounds": 3}) for _ in range(2)]
    for run in runs:
        for i in range(teams):
            run.do(decide.register, f"T{i}", [f"a{i}", f"b{i}"])
    for number in (1, 2, 3):
        for run in runs:
            run.do(decide.draw, seed)
        assert runs[0].state.rounds[-1].tables == runs[1].state.rounds[-1].tables
        tables = list(runs[0].state.rounds[-1].tables)
        for t in tables:
            scores[number, t] = {"NS": rng.randrange(0, 200) * 10, "EW": rng.randrange(0, 200) * 10}
        for t in tables:
            runs[0].do(decide.record, number, t, scores[number, t])
        shuffled = list(tables)
        rnd.shuffle(shuffled)
        for t in shuffled:
            wrong = {"NS": scores[number, t]["EW"], "EW": scores[number, t]["NS"]}
            runs[1].do(decide.record, number, t, wrong)
            runs[1].do(decide.correct, number, t, scores[number, t], "teams swapped")
        one, two = (standings(r.state) for r in runs)
        assert [(s.rank, s.team, s.key(RANKING)) for s in one] == [
            (s.rank, s.team, s.key(RANKING)) for s in two
        ]


def test_when_every_draw_has_a_rematch_the_fallback_is_drawn_and_says_so() -> None:
    run = Run({"base": "concours", "rounds": 4})
    for name in "ABCD":
        run.do(decide.register, name, [name + "1", name + "2"])
    for number in (1, 2, 3):
        run.do(decide.draw, number)
        play_round(run, number, random.Random(number))
    pairs = {frozenset((t.ns, t.ew)) for r in run.state.rounds for t in r.tables.values()}
    assert len(pairs) == 6  # three rounds: everyone has met everyone
    ((_, drawn),) = run.do(decide.draw, 4)
    assert drawn["method"] == "swiss-fallback" and len(drawn["rematches"]) == 2


@pytest.mark.parametrize(
    "module",
    [
        "projections.tournament.state",
        "projections.tournament.decide",
        "events.vocabulary.tournament",
    ],
)
def test_docstring_examples(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0
