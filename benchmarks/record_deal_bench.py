"""Recording-page benchmark, the played deal: taps per deal and time from tap to stored.

Headless Chromium (Debian's, through the ``playwright`` package) drives the real
``deal.js`` in the test harness page (``tests/browser/harness``), served with the app on
a scratch database of the embedded PostgreSQL (or ``DATABASE_URL``'s server), on a phone
viewport (390 × 844). Generated deals of ffb, contree and tripot are recorded by taps
only (the auction included; hands not entered, then one deal with its hands entered on
the grid), and the stored events are checked against the intended ones.

Figures: taps per played deal (target: at most 45 with its auction, hands not entered),
and the time from a tap to its event stored and the page showing the next turn (p50 and
p99; measured by the driver, and inside the page from the send to the next turn drawn),
against the baseline of the same events posted one by one to the API through Flask's
test client (in process, no browser) in the same run (``ratio`` = page p50 / API p50).

    python benchmarks/record_deal_bench.py [--deals 6] [--smoke]

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.migrate import migrate

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the harness page and its driver live with the browser tests

PROFILES = ("ffb", "contree", "tripot")
PHONE = {"width": 390, "height": 844}


def deal_events(profile: str, seed: int, hands: bool) -> list[dict[str, Any]]:
    """GameCreated and one played deal (not all passes), as a recorder enters it."""
    from tests.gamekit import wire_game

    for s in range(seed, seed + 500):
        _g, events = wire_game(profile, s, max_deals=1, record_hands=hands, misdeal_rate=0)
        if any(e["type"] == "CardPlayed" for e in events):
            for e in events:
                if e["type"] == "DealStarted":
                    e["data"] = {k: v for k, v in e["data"].items() if k in ("dealer", "hands")}
            return events
    raise RuntimeError(f"no played deal of {profile} from seed {seed}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from service.app import create_app
    from service.auth import create_token
    from service.bootstrap import services
    from tests.browser.conftest import CHROMIUM_ARGS, find_chromium
    from tests.browser.deal_taps import (
        open_harness,
        tap_closing,
        tap_event,
        taps,
        version,
        wait_version,
    )

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found (install Debian's chromium or set COINCHE_CHROMIUM)")
    admin = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_record_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin, name)
    url = with_database(admin, name)
    migrate(url)
    app = create_app({"DATABASE_URL": url})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    with services(app).pool.connection() as conn:
        _t, secret = create_token(conn, "bench", "bench", ["record"])
    client = app.test_client()
    headers = {"Authorization": f"Bearer {secret}"}

    def create(events: list[dict[str, Any]]) -> str:
        answer = client.post("/games", json=dict(events[0]["data"], club="bench"), headers=headers)
        assert answer.status_code == 201, answer.get_json()
        return str(answer.get_json()["id"])

    plain: list[int] = []
    with_hands: list[int] = []
    page_ms: list[float] = []
    inside_ms: list[float] = []
    api_ms: list[float] = []
    plans = [(PROFILES[i % 3], 100 * i, False) for i in range(args.deals)]
    plans.append(("ffb", 7, True))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            for profile, seed, hands in plans:
                events = deal_events(profile, seed, hands)
                game = create(events)
                context = browser.new_context(viewport=PHONE, base_url=base)
                context.set_default_timeout(15_000)
                page = context.new_page()
                open_harness(page, game, secret)
                at, i, table = version(page), 0, events[1:]
                while i < len(table):
                    started = time.perf_counter()
                    following = table[i + 1] if i + 1 < len(table) else None
                    stored = tap_closing(page, table[i:]) or tap_event(page, table[i], following)
                    at += stored
                    wait_version(page, at)
                    page_ms.append((time.perf_counter() - started) * 1000 / stored)
                    i += stored
                (with_hands if hands else plain).append(taps(page))
                inside_ms.extend(page.evaluate("window.__deal.timings"))
                got = client.get(f"/games/{game}/events?limit=1000", headers=headers).get_json()
                kept = [(e["type"], {k: v for k, v in e["data"].items() if v is not None})
                        for e in got["events"][1:]]  # fmt: skip
                assert len(kept) == len(table) and [k for k, _ in kept] == [
                    e["type"] for e in table
                ], "the stored events are not the intended ones"
                context.close()
                # the baseline: the same events posted one by one, no browser
                again, v = create(events), 1
                for e in table:
                    started = time.perf_counter()
                    answer = client.post(f"/games/{again}/events",
                                         json={"expected_version": v, "events": [e]},
                                         headers=headers)  # fmt: skip
                    assert answer.status_code == 201, answer.get_json()
                    api_ms.append((time.perf_counter() - started) * 1000)
                    v += 1
            browser.close()
    finally:
        server.shutdown()
        found = app.extensions.get("coinche")
        if found is not None:
            found.close()
        drop_database(admin, name)
    page_p50 = statistics.median(page_ms)
    api_p50 = statistics.median(api_ms)
    return {
        "benchmark": "record_deal",
        "deals": len(plain),
        "taps_per_deal_mean": round(statistics.mean(plain), 1),
        "taps_per_deal_max": max(plain),
        "taps_target": 45,
        "taps_with_hands": with_hands[0],
        "tap_to_stored_p50_ms": round(page_p50, 1),
        "tap_to_stored_p99_ms": round(percentile(page_ms, 0.99), 1),
        "in_page_p50_ms": round(statistics.median(inside_ms), 1),
        "in_page_p99_ms": round(percentile(inside_ms, 0.99), 1),
        "api_append_p50_ms": round(api_p50, 1),
        "ratio": round(page_p50 / api_p50, 2),
        "events": len(page_ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=6, help="played deals, hands not entered")
    parser.add_argument("--smoke", action="store_true", help="one deal of each kind")
    args = parser.parse_args()
    if args.smoke:
        args.deals = 1
    figures = run(args)
    print(f"taps per played deal with its auction: mean {figures['taps_per_deal_mean']}, "
          f"max {figures['taps_per_deal_max']} (target ≤ 45); with the hands entered: "
          f"{figures['taps_with_hands']}")  # fmt: skip
    print(f"tap to stored: p50 {figures['tap_to_stored_p50_ms']} ms, p99 "
          f"{figures['tap_to_stored_p99_ms']} ms (in the page, send to next turn drawn: p50 "
          f"{figures['in_page_p50_ms']} ms, p99 {figures['in_page_p99_ms']} ms); "
          f"API append alone p50 "
          f"{figures['api_append_p50_ms']} ms (ratio {figures['ratio']})")  # fmt: skip
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
