"""Double-dummy benchmark: our solver against colver's on the same deals and question.

200 generated full deals (fixed seed), suit contracts under ``ffb``: for each, the
value of every legal card of the first lead (North-South's card points with perfect
play afterwards, a capot counted 252: colver's ``Env.solve_scores`` question), timed
for ours (``Solver.after_each_card`` plus a tricks search where a capot is possible)
and for colver, in the same run, on the same CFN positions. Also: our root value
alone (``Solver.value``), our SA and TA medians under ``ffb-sata`` (no peer), the
time to cost every card of a played deal (``analysis.costs.analyse_play``), the
time of the whole double-dummy table of a freak deal (each player holds a suit), the
compile time of the first call in a fresh process (cold cache, then cached), and the
peak memory of this process.

    python benchmarks/dd_bench.py            # 200 deals
    python benchmarks/dd_bench.py --smoke    # 5 deals, no cold compile: CI's smoke run

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from analysis.cfn import CfnDeal, colver_card, position, write_cfn
from analysis.costs import analyse_play
from analysis.outcome import Terms
from analysis.position import Position
from analysis.solver import Solver
from analysis.table import dd_table
from rules.contract import Trump
from rules.deal import Deal, Phase
from rules.game import Game
from rules.registry import find_profile
from rules.seats import Seat, Team, next_seat
from rules.simulation.generator import generate_game

FFB = find_profile("ffb")
SATA = find_profile("ffb-sata")
ROOT = Path(__file__).resolve().parent.parent


def deals(count: int, seed: int) -> list[CfnDeal]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = list(range(32))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[8 * i : 8 * i + 8]) for i in range(4)]
        out.append(
            CfnDeal(
                Seat(rng.randrange(4)),
                (hands[0], hands[1], hands[2], hands[3]),
                (),
                90,
                Trump(rng.randrange(4)),
                Team(rng.randrange(2)),
                1,
            )
        )
    return out


def figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p90_ms": round(p90 * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


def ours_like_colver(solver: Solver, pos: Position) -> dict[int, int]:
    out = {}
    for card, (ns, _ew) in solver.after_each_card(pos).items():
        if ns == pos.remaining_points():  # every point: is it every trick too?
            child = pos.play(card)[0]
            ns = 252 if solver.tricks(child)[0] == 8 else ns
        out[card] = ns
    return out


def compile_times() -> dict[str, float]:
    """Import and first solve in fresh processes: with an empty cache, then cached."""
    code = (
        "import time; t = time.perf_counter()\n"
        "from analysis.solver import Solver\n"
        "from analysis.position import Position\n"
        "from rules.registry import find_profile\n"
        "from rules.contract import Trump\n"
        "from rules.seats import Seat\n"
        "Solver(10).value(Position((1, 2, 4, 8), (), Seat.N, Trump.C, find_profile('ffb')))\n"
        "print(time.perf_counter() - t)\n"
    )
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("cold_s", "cached_s"):
            done = subprocess.run(
                [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
            )
            if done.returncode != 0:
                raise SystemExit(done.stderr)
            out[label] = round(float(done.stdout.strip().splitlines()[-1]), 2)
    return out


def played_deals(count: int, seed: int) -> list[Deal]:
    got: list[Deal] = []
    s = seed
    while len(got) < count:
        g = generate_game(FFB, s, record_hands=True, misdeal_rate=0, max_deals=count)
        game = Game.start(g.profile, g.first_dealer, g.target)
        last = 0
        for action in g.actions:
            game = game.apply(action)
            d = game.deal
            if d is not None and d.phase is Phase.DONE and d.number != last:
                last = d.number
                got.append(d)
        s += 1
    return got[:count]


def cost_a_deal(deal: Deal, solver: Solver) -> float:
    contract = deal.contract
    assert contract is not None
    hands = tuple(deal.dealt(s) or 0 for s in Seat)
    terms = Terms(contract.takers, contract.value, contract.trump, contract.coinche, (0, 0), (0, 0))
    cards = [(s, c) for t in deal.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    leader = next_seat(deal.dealer, FFB.direction)
    t = time.perf_counter()
    report = analyse_play(
        FFB, (hands[0], hands[1], hands[2], hands[3]), leader, terms, cards, solver
    )
    elapsed = time.perf_counter() - t
    assert report.stopped == "" and len(report.costs) == 32
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="5 deals, no cold compile")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    count = 5 if args.smoke else args.deals
    result: dict[str, Any] = {"deals": count, "seed": args.seed}

    result["compile"] = {} if args.smoke else compile_times()
    if result["compile"]:
        c = result["compile"]
        print(f"first call in a fresh process: {c['cold_s']} s cold, {c['cached_s']} s cached")

    solver, root_solver = Solver(), Solver()
    solver.value(position(deals(1, 0)[0], FFB))  # load the compiled code before timing
    games = deals(count, args.seed)
    ours, root, theirs = [], [], []
    differ = 0
    try:
        import colver  # the bench extra's peer; the figures without it say so
    except ImportError:
        colver = None
        print("colver is not installed (pip install -e '.[bench]'): no peer figures")
    for deal in games:
        pos = position(deal, FFB)
        t = time.perf_counter()
        mine = ours_like_colver(solver, pos)
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        root_solver.value(pos)  # a solver of its own: nothing of this deal in its table
        root.append(time.perf_counter() - t)
        if colver is not None:
            env = colver.Env.from_cfn(write_cfn(deal, FFB))
            t = time.perf_counter()
            scores = env.solve_scores()["scores"]
            theirs.append(time.perf_counter() - t)
            if {colver_card(c): v for c, v in scores} != mine:
                differ += 1
    result["ours_per_card"] = figures(ours)
    result["ours_root_value"] = figures(root)
    print(f"ours, every first-lead card: {result['ours_per_card']}")
    print(f"ours, the root value only:   {result['ours_root_value']}")
    if theirs:
        result["colver"] = figures(theirs)
        result["ratio_median_ours_over_colver"] = round(
            statistics.median(ours) / statistics.median(theirs), 3
        )
        result["deals_valued_differently"] = differ
        print(f"colver solve_scores:         {result['colver']}")
        print(f"median ours/colver: {result['ratio_median_ours_over_colver']}, differ: {differ}")

    for trump in (Trump.SA, Trump.TA):
        times = []
        for deal in games:
            pos = Position(deal.hands, (), next_seat(deal.dealer, SATA.direction), trump, SATA)
            t = time.perf_counter()
            solver.after_each_card(pos)
            times.append(time.perf_counter() - t)
        result[f"ours_per_card_{trump.name}"] = figures(times)
        print(f"ours {trump.name}, every first-lead card: {result[f'ours_per_card_{trump.name}']}")

    # a freak deal: each player holds a whole suit (N hearts, E clubs, S diamonds, W
    # spades); its table took minutes before the table's keys were the cards left
    freak = tuple(0xFF << (8 * s) for s in (2, 0, 1, 3))
    t = time.perf_counter()
    dd_table(FFB, freak, Seat.W, Solver())
    result["freak_deal_table_ms"] = round((time.perf_counter() - t) * 1000, 2)
    print(f"table of a deal where each player holds a suit: {result['freak_deal_table_ms']} ms")

    played = played_deals(3 if args.smoke else 20, args.seed)
    costs = [cost_a_deal(d, solver) for d in played]
    result["cost_every_card"] = figures(costs) | {"deals": len(played)}
    print(f"cost every card of a played deal: {result['cost_every_card']}")
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(f"peak memory: {result['peak_rss_mb']} MB")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
