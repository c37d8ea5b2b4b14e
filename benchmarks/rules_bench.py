"""Rules engine benchmark: replay 20,000 generated deals with full legality checking.

Deals are generated (fixed seed) across all eight profiles, then replayed from
their event sequences: every event is judged (``rules.judge.judge``: whose turn,
legal bid, legal card knowing the hand, announces, belote) and applied
(``Game.apply``, which scores each finished deal). Printed: deals/s on one core,
the time split (auction / play / scoring), the same replay starting from wire
events (parsing included), and the compiled reference: the ``colver`` package (Rust
core, suit contracts only) playing the same number of random suit-contract deals
through its own ``legal_actions``/``step`` API, with our/colver ratio.

    python benchmarks/rules_bench.py            # 20,000 deals
    python benchmarks/rules_bench.py --smoke    # a quick run for CI

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence

from rules.actions import AnnounceDeclared, BeloteDeclared, CardPlayed
from rules.game import Game
from rules.judge import judge
from rules.notation import action_from_wire, action_to_wire
from rules.registry import PROFILES
from rules.replay import audit
from rules.scoring import score_deal
from rules.simulation.generator import GeneratedGame, generate_game

PLAY_TYPES = (CardPlayed, AnnounceDeclared, BeloteDeclared)


def generate(deals: int, seed: int) -> list[GeneratedGame]:
    rng = random.Random(seed)
    games: list[GeneratedGame] = []
    total = 0
    profiles = sorted(PROFILES)
    while total < deals:
        profile = PROFILES[profiles[len(games) % len(profiles)]]
        game = generate_game(profile, rng.randrange(2**32), max_deals=min(60, deals - total))
        games.append(game)
        total += len(game.final.records)
    return games


def replay(games: Sequence[GeneratedGame]) -> float:
    """Seconds to audit every game: each event judged knowing the four hands (recorded,
    or revealed by the deal's cards) and applied, each deal scored (``rules.replay.audit``,
    the function the audit workers run)."""
    start = time.perf_counter()
    for g in games:
        findings, _game = audit(g.profile, g.first_dealer, g.actions, g.target)
        if findings:
            raise AssertionError(f"a generated game broke a rule: {findings[0]}")
    return time.perf_counter() - start


def replay_loop(games: Sequence[GeneratedGame]) -> float:
    """Seconds for the plain loop: ``judge`` then ``Game.apply`` on every event."""
    start = time.perf_counter()
    for g in games:
        game = Game.start(g.profile, g.first_dealer, g.target)
        for action in g.actions:
            judge(game, action)
            game = game.apply(action)
    return time.perf_counter() - start


def replay_wire(games: Sequence[GeneratedGame], wire: Sequence[list[tuple[str, dict]]]) -> float:
    start = time.perf_counter()
    for g, events in zip(games, wire, strict=True):
        game = Game.start(g.profile, g.first_dealer, g.target)
        for kind, data in events:
            action = action_from_wire(kind, data)
            judge(game, action)
            game = game.apply(action)
    return time.perf_counter() - start


def split(games: Sequence[GeneratedGame]) -> dict[str, float]:
    """Share of auction, play and scoring, from a pass timing every event."""
    clock = time.perf_counter
    buckets = {"auction": 0.0, "play": 0.0, "scoring": 0.0}
    for g in games:
        game = Game.start(g.profile, g.first_dealer, g.target)
        for action in g.actions:
            t0 = clock()
            judge(game, action)
            after = game.apply(action)
            spent = clock() - t0
            if (
                len(after.records) > len(game.records)
                and after.deal is not None
                and after.deal.over
                and after.deal.contract is not None
            ):
                t1 = clock()
                score_deal(after.deal)
                scoring = clock() - t1
                buckets["scoring"] += scoring
                spent -= scoring
            buckets["play" if isinstance(action, PLAY_TYPES) else "auction"] += spent
            game = after
    total = sum(buckets.values())
    return {k: v / total for k, v in buckets.items()}


def colver_rate(deals: int, seed: int) -> float | None:
    try:
        import colver
    except ImportError:
        return None
    rng = random.Random(seed)
    env = colver.Env()
    start = time.perf_counter()
    for _ in range(deals):
        env.reset()
        env.set_contract(rng.randrange(4), rng.choice((80, 90, 100, 110)), rng.randrange(2), 1)
        env.set_phase_playing()
        done = False
        while not done:
            _obs, _reward, done, _legal = env.step(rng.choice(env.legal_actions()))
    return deals / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="replays; the best is kept")
    parser.add_argument("--smoke", action="store_true", help="1,000 deals, one replay")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.repeat = 1_000, 1
    t0 = time.perf_counter()
    games = generate(args.deals, args.seed)
    deals = sum(len(g.final.records) for g in games)
    events = sum(len(g.actions) for g in games)
    print(
        f"generated {len(games)} games, {deals} deals, {events} events "
        f"in {time.perf_counter() - t0:.1f} s"
    )
    runs = [replay(games) for _ in range(args.repeat)]
    best = min(runs)
    rate = deals / best
    print(
        f"audit replay (full legality checking and scoring): {best * 1000:.0f} ms "
        f"(best of {len(runs)}, median {statistics.median(runs) * 1000:.0f} ms)"
    )
    print(
        f"  {rate:,.0f} deals/s, {events / best:,.0f} events/s on one core (target: 10,000 deals/s)"
    )
    shares = split(games)
    for part, share in shares.items():
        print(f"  {part:8s} {share * best * 1000:8.0f} ms  ({share:.0%})")
    loop = min(replay_loop(games) for _ in range(max(1, args.repeat - 1)))
    print(f"plain judge-then-apply loop over Game states: {deals / loop:,.0f} deals/s")
    wire = [[action_to_wire(a) for a in g.actions] for g in games]
    wire_time = min(replay_wire(games, wire) for _ in range(max(1, args.repeat - 1)))
    print(f"replay from wire events (parsing included): {deals / wire_time:,.0f} deals/s")
    theirs = colver_rate(deals, args.seed)
    if theirs is None:
        print("colver is not installed (pip install -e '.[bench]'): no compiled reference")
    else:
        print(
            f"colver (Rust) random suit-contract deals via legal_actions/step: "
            f"{theirs:,.0f} deals/s; ours/colver = {rate / theirs:.2f}"
        )
    figures = {
        "deals": deals,
        "events": events,
        "replay_ms": round(best * 1000, 1),
        "deals_per_s": round(rate),
        "events_per_s": round(events / best),
        "auction_ms": round(shares["auction"] * best * 1000, 1),
        "play_ms": round(shares["play"] * best * 1000, 1),
        "scoring_ms": round(shares["scoring"] * best * 1000, 1),
        "loop_deals_per_s": round(deals / loop),
        "wire_deals_per_s": round(deals / wire_time),
        "colver_deals_per_s": None if theirs is None else round(theirs),
        "ours_over_colver": None if theirs is None else round(rate / theirs, 3),
        "target_deals_per_s": 10_000,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
