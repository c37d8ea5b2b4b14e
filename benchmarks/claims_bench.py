"""Claim check benchmark: the exact search behind the audit's ``claim-unsound``.

A claim is checked by searching the remaining tricks (``rules.claims.claim_search``):
can the other side force a trick whatever the side taking the rest plays? The search is
exponential in the cards left, so what matters is its worst case. Positions are taken
from generated games with recorded hands (fixed seed, all eight profiles): every point
of the play with at most 7 tricks left (after the first trick's first card, so
announces are known) and, apart, the 8 tricks left before the first card; at each, a
claim of the rest by each of the four seats. Printed: the worst case (time and
positions searched) per number of tricks left, the median, and the baseline measured in
the same run: scoring the claim (``rules.claims.claim_result``, what every claim costs
anyway), with the ratio worst search / median scoring.

    python benchmarks/claims_bench.py            # 24 games per profile
    python benchmarks/claims_bench.py --smoke    # a quick run for CI

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Iterator

from rules.actions import CardPlayed, Claimed, ClaimTakes
from rules.claims import claim_result, claim_search
from rules.deal import Deal, Phase
from rules.game import Game
from rules.registry import PROFILES
from rules.seats import Seat
from rules.simulation.generator import generate_game


def positions(games_per_profile: int, deals: int) -> Iterator[Deal]:
    """Every point of the play of the generated deals (hands recorded)."""
    for pid in sorted(PROFILES):
        for seed in range(games_per_profile):
            g = generate_game(PROFILES[pid], 1000 + seed, max_deals=deals, record_hands=True)
            game = Game.start(g.profile, g.first_dealer, g.target)
            for action in g.actions:
                deal = game.deal
                if deal is not None and deal.phase is Phase.PLAY and type(action) is CardPlayed:
                    yield deal
                game = game.apply(action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smoke", action="store_true", help="a tiny run (CI)")
    ap.add_argument("--games", type=int, default=24, help="games per profile")
    args = ap.parse_args()
    games, deals = (1, 1) if args.smoke else (args.games, 3)
    worst: dict[int, tuple[float, int, str]] = {}
    times: list[float] = []
    scoring: list[float] = []
    unsound = 0
    for deal in positions(games, deals):
        left = 8 - len(deal.tricks)
        for seat in Seat:
            claim = Claimed(seat, ClaimTakes.ALL)
            start = time.perf_counter()
            found, nodes = claim_search(deal, claim)
            spent = time.perf_counter() - start
            start = time.perf_counter()
            claim_result(deal, claim)
            scoring.append(time.perf_counter() - start)
            times.append(spent)
            unsound += found is not None
            where = f"{deal.profile.id} deal {deal.number} trick {len(deal.tricks) + 1}"
            where += f" card {len(deal.trick_cards) + 1}, {seat.name} claims"
            if spent > worst.get(left, (0.0, 0, ""))[0]:
                worst[left] = (spent, nodes, where)
    base = statistics.median(scoring)
    print(f"{len(times):,} claims checked ({unsound:,} unsound), {games} game(s) per profile")
    for left in sorted(worst):
        spent, nodes, where = worst[left]
        print(f"  {left} tricks left: worst {spent * 1000:8.1f} ms, {nodes:,} positions ({where})")
    upto7 = max((w for k, w in worst.items() if k <= 7), default=(0.0, 0, ""))
    print(f"median search {statistics.median(times) * 1000:.2f} ms")
    print(
        f"baseline, scoring a claim: median {base * 1e6:.0f} µs; "
        f"worst search (≤ 7 tricks left) / scoring = {upto7[0] / base:,.0f}"
    )
    figures = {
        "claims": len(times),
        "unsound": unsound,
        "worst_ms_by_tricks_left": {k: round(v[0] * 1000, 2) for k, v in sorted(worst.items())},
        "worst_positions_by_tricks_left": {k: v[1] for k, v in sorted(worst.items())},
        "worst_ms_up_to_7_left": round(upto7[0] * 1000, 2),
        "worst_at": upto7[2],
        "median_search_ms": round(statistics.median(times) * 1000, 3),
        "scoring_median_us": round(base * 1e6, 1),
        "worst_over_scoring": round(upto7[0] / base),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
