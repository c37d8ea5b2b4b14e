"""Tournament benchmark: drawing a round, ranking from the events, scoring a duplicate session.

(a) Draw the next round (Swiss, no rematch) for 28 to 256 teams after 5 played rounds:
    the ranking of the teams, then ``rules.tournament.pairing.swiss_draw``. Baseline, in
    the same run: sorting by ranking and pairing neighbours with no rematch check.
    Target from the issue: 256 teams in at most 1 s.
(b) Recompute the ranking of 256 teams after 6 rounds from the tournament's events:
    ``projections.tournament.state.fold`` of the whole stream, then the standings.
    Baseline: ``rules.tournament.standings.rank`` alone on the results already decoded.
    Target: at most 100 ms.
(c) Score a duplicate session of 64 tables × 12 boards (Neuberg, cross-IMPs, exact
    fractions): ``rules.tournament.duplicate.score_session``. Baseline: matchpoints only,
    in integers (no Neuberg, no IMPs). Target: at most 200 ms.

Times are the median of several runs, in-process, on one core; the events of (b) are
folded from memory (the store's read is measured by ``store_bench.py``).

    python benchmarks/tournament_bench.py            # the issue's sizes
    python benchmarks/tournament_bench.py --smoke    # a quick run for CI

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from projections.tournament import decide
from projections.tournament.ranking import met_pairs, standings
from projections.tournament.state import Tournament, fold
from rules.tournament.duplicate import BoardResult, matchpoints, score_session
from rules.tournament.pairing import swiss_draw
from rules.tournament.standings import Bye, Game, rank

Events = list[tuple[str, dict[str, Any]]]


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def played(teams: int, rounds: int, seed: int) -> Events:
    """The events of a concours of ``teams`` teams whose ``rounds`` rounds are played."""
    rng = random.Random(seed)
    events: Events = decide.create("Bench", "bench", {"base": "concours", "rounds": rounds + 1})
    state = fold(events)
    for i in range(teams):
        events += decide.register(state, f"Team {i}", [f"p{i}a", f"p{i}b"])
        state = fold(events)
    for _ in range(rounds):
        events += decide.draw(state, rng.randrange(2**32))
        state = fold(events)
        number = len(state.rounds)
        for table in state.rounds[-1].tables.values():
            points = {"NS": rng.randrange(0, 300) * 10, "EW": rng.randrange(0, 300) * 10}
            events += decide.record(state, number, table.number, points)
        state = fold(events)
    return events


def draw_figures(sizes: list[int], rounds: int, repeat: int) -> list[dict[str, Any]]:
    out = []
    for n in sizes:
        state = fold(played(n, rounds, seed=n))

        def draw(s: Tournament = state) -> object:
            ranked = [x.team for x in standings(s)]
            byes = {r.bye for r in s.rounds if r.bye is not None}
            return swiss_draw(ranked, met_pairs(s), byes)

        def naive(s: Tournament = state) -> object:
            ranked = [x.team for x in standings(s)]
            return list(zip(ranked[::2], ranked[1::2], strict=False))

        ours, base = median_seconds(draw, repeat), median_seconds(naive, repeat)
        result = draw()
        out.append(
            {
                "teams": n,
                "seconds": round(ours, 5),
                "baseline_seconds": round(base, 5),
                "ratio": round(ours / base, 2),
                "rematches": len(getattr(result, "rematches", ())),
            }
        )
        print(
            f"(a) draw round {rounds + 1} for {n:>3} teams: {ours * 1000:8.2f} ms "
            f"(naive pairing by ranking {base * 1000:7.2f} ms, ratio {ours / base:5.2f})"
        )
    return out


def ranking_figures(teams: int, rounds: int, repeat: int) -> dict[str, Any]:
    events = played(teams, rounds, seed=7)
    state = fold(events)
    games = [
        Game(r.number, t.number, t.ns, t.ew, t.points["NS"], t.points["EW"])
        for r in state.rounds
        for t in r.tables.values()
        if t.points
    ]
    byes = [Bye(r.number, r.bye) for r in state.rounds if r.bye]
    ours = median_seconds(lambda: standings(fold(events)), repeat)
    base = median_seconds(lambda: rank(list(state.teams), games, byes), repeat)
    print(
        f"(b) ranking of {teams} teams after {rounds} rounds from {len(events)} events: "
        f"{ours * 1000:.2f} ms (rank() alone on decoded results {base * 1000:.2f} ms, "
        f"ratio {ours / base:.2f})"
    )
    return {
        "teams": teams,
        "rounds": rounds,
        "events": len(events),
        "seconds": round(ours, 5),
        "baseline_seconds": round(base, 5),
        "ratio": round(ours / base, 2),
    }


def duplicate_figures(tables: int, boards: int, repeat: int) -> dict[str, Any]:
    rng = random.Random(3)
    results = [
        BoardResult(b, t, f"ns{t}", f"ew{t}", rng.randrange(0, 30) * 10, rng.randrange(0, 30) * 10)
        for b in range(1, boards + 1)
        for t in range(1, tables + 1)
        if not (b == 1 and t == tables)  # one board played one time fewer: Neuberg
    ]
    by_board: dict[int, list[int]] = {}
    for r in results:
        by_board.setdefault(r.board, []).append(r.net)
    ours = median_seconds(lambda: score_session(results, expected=tables), repeat)
    base = median_seconds(lambda: [matchpoints(nets) for nets in by_board.values()], repeat)
    print(
        f"(c) duplicate session {tables} tables x {boards} boards: {ours * 1000:.2f} ms "
        f"(integer matchpoints only {base * 1000:.2f} ms, ratio {ours / base:.2f})"
    )
    return {
        "tables": tables,
        "boards": boards,
        "seconds": round(ours, 5),
        "baseline_seconds": round(base, 5),
        "ratio": round(ours / base, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run each")
    args = parser.parse_args()
    if args.smoke:
        sizes, teams, tables, repeat = [8, 12], 12, 4, 1
    else:
        sizes, teams, tables, repeat = [28, 40, 64, 128, 200, 256], 256, 64, 5
    figures = {
        "smoke": args.smoke,
        "draw": draw_figures(sizes, rounds=5, repeat=repeat),
        "ranking": ranking_figures(teams, rounds=6, repeat=repeat),
        "duplicate": duplicate_figures(tables, 12, repeat=repeat),
        "targets_seconds": {"draw_256": 1.0, "ranking_256x6": 0.1, "duplicate_64x12": 0.2},
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
