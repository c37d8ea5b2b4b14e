"""The recording page, tapped by headless Chromium on a phone viewport (390 × 844).

    python benchmarks/record_bench.py [--deals 24] [--smoke]

The app is served on a free local port (werkzeug's threaded server, in this process) on
a scratch database of the embedded PostgreSQL (or ``DATABASE_URL``'s server); Debian's
Chromium (``COINCHE_CHROMIUM`` or the first ``chromium`` on the ``PATH``) is driven by
Playwright. A device signs in by a sign-in link and records a score-only game of
``--deals`` plain deals (no coinche, no belote: taker, value, trump, the takers' card
points, save). It measures:

* **taps per plain score-only deal**: every click on a button of the deal screen,
  counted by a listener in the page (target ≤ 8);
* **tap to stored event**: in the page, from the click on "Save the deal" to the moment
  the page has the 201 of the ``POST /games/{id}/events`` that stored it (its
  ``coinche:stored`` event): the IndexedDB queue write, the send and the answer; p50 and
  p99 (target p50 ≤ 50 ms).

The baseline, in the same run and on the same server, is the bare API: the same
``DealSummarized`` events posted by this process (urllib, one per request, to a second
game), p50. ``page_over_api`` says what the page, its queue and the browser add.
The last line is one JSON object with every figure and the load average.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import shutil
import statistics
import threading
import time
import urllib.request
import uuid
from collections.abc import Sequence
from typing import Any

from werkzeug.serving import make_server

from events.store.config import Settings, with_database
from events.store.embedded import drop_database, ensure_database, server_url
from events.store.migrate import migrate
from service.app import create_app
from service.auth import create_token
from service.bootstrap import services

CLUB = "bench-rec"
PHONE = {"width": 390, "height": 844}
TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
COUNTER = """() => {
  window.__taps = 0;
  window.__stored = [];
  document.getElementById('deal-root').addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (!button) return;
    window.__taps += 1;
    if (button.dataset.act === 'save') window.__t0 = performance.now();
  }, true);
  window.addEventListener('coinche:stored',
    () => window.__stored.push(performance.now() - window.__t0));
}"""


def chromium() -> str:
    found = os.environ.get("COINCHE_CHROMIUM") or shutil.which("chromium")
    if not found:
        raise SystemExit("no Chromium: install Debian's chromium, or set COINCHE_CHROMIUM")
    return found


def plain_deals(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [
        {"taker": rng.choice("NESW"), "value": rng.choice([80, 90, 100, 110]),
         "trump": rng.choice("CDHS"), "points": rng.randint(82, 150)}
        for _ in range(count)
    ]  # fmt: skip


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def api_baseline(base: str, secret: str, deals: list[dict[str, Any]]) -> list[float]:
    """Milliseconds per bare ``POST /games/{id}/events`` of one ``DealSummarized``."""
    auth = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(base + path, json.dumps(body).encode(), auth)
        with urllib.request.urlopen(request) as answer:
            found: dict[str, Any] = json.loads(answer.read())
            return found

    created = post("/games", {"profile": "ffb", "first_dealer": "N",
                              "length": {"deals": len(deals) + 1},
                              "seats": {"N": "a", "E": "b", "S": "c", "W": "d"}})  # fmt: skip
    game, version = created["id"], created["version"]
    order, dealer, times = "NWSE", "N", []
    for d in deals:
        other = "EW" if TEAM[d["taker"]] == "NS" else "NS"
        data = {"dealer": dealer, "contract": {"taker": d["taker"], "value": d["value"],
                "trump": d["trump"], "coinche": 1},
                "card_points": {TEAM[d["taker"]]: d["points"], other: 162 - d["points"]},
                "belote": []}  # fmt: skip
        event = {"id": str(uuid.uuid4()), "type": "DealSummarized", "data": data}
        body = {"expected_version": version, "events": [event]}
        start = time.perf_counter()
        version = post(f"/games/{game}/events", body)["version"]
        times.append((time.perf_counter() - start) * 1000)
        dealer = order[(order.index(dealer) + 1) % 4]
    return times


def record_on_page(base: str, admin: str, app: Any, deals: list[dict[str, Any]]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    logging.getLogger("werkzeug").setLevel(logging.WARNING)

    client = app.test_client()
    made = client.post(f"/clubs/{CLUB}/sign-in-links", json={},
                       headers={"Authorization": f"Bearer {admin}"})  # fmt: skip
    code = made.get_json()["code"]
    taps: list[int] = []
    times: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])  # fmt: skip
        context = browser.new_context(viewport=PHONE, base_url=base)
        page = context.new_page()
        page.goto(f"/ui/record?lang=fr#link={code}")
        page.wait_for_selector("body[data-ready='1']")
        page.click("#home-new")
        for seat, name in zip("NESW", ("Anne", "Bruno", "Chloé", "Denis"), strict=True):
            page.fill(f"#new-seat-{seat}", name)
        page.check("input[name=length_kind][value=deals]")
        page.fill("#new-length-n", str(len(deals) + 1))
        page.click("#new-start")
        page.wait_for_selector("#deal-root form.score")
        page.wait_for_function("() => document.body.dataset.pending === '0'")
        page.evaluate(COUNTER)
        for i, d in enumerate(deals):
            page.evaluate("() => { window.__taps = 0; }")
            form = page.locator("#deal-root form.score")
            form.locator(f"[data-taker={d['taker']}]").click()
            form.locator(f"[data-value='{d['value']}']").click()
            form.locator(f"[data-trump={d['trump']}]").click()
            for digit in str(d["points"]):
                form.locator(f"[data-key='{digit}']").click()
            form.locator("[data-act=save]").click()
            page.wait_for_function(f"() => window.__stored.length === {i + 1}")
            taps.append(int(page.evaluate("() => window.__taps")))
            page.wait_for_function(f"() => document.body.dataset.stored === '{i + 1}'")
        times = [float(t) for t in page.evaluate("() => window.__stored")]
        browser.close()
    return {"taps": taps, "times": times}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--smoke", action="store_true", help="3 deals")
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals = 3
    admin_url = os.environ.get("DATABASE_URL") or server_url(Settings.from_env().data_dir)
    name = f"coinche_record_bench_{uuid.uuid4().hex[:8]}"
    ensure_database(admin_url, name)
    url = with_database(admin_url, name)
    try:
        migrate(url)
        app = create_app({"TESTING": True, "DATABASE_URL": url})
        with services(app).pool.connection() as conn:
            _t, admin = create_token(conn, CLUB, "bench", ["admin"])
            _t, recorder = create_token(conn, CLUB, "bench", ["record"])
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.server_port}"
        deals = plain_deals(args.deals, args.seed)
        try:
            api = api_baseline(base, recorder, deals)
            page = record_on_page(base, admin, app, deals)
        finally:
            server.shutdown()
            thread.join(timeout=10)
            services(app).close()
    finally:
        drop_database(admin_url, name)
    f = {
        "deals": args.deals,
        "taps_per_plain_deal_max": max(page["taps"]),
        "taps_per_plain_deal_median": statistics.median(page["taps"]),
        "taps_target": 8,
        "tap_to_stored_p50_ms": round(p(page["times"], 0.5), 1),
        "tap_to_stored_p99_ms": round(p(page["times"], 0.99), 1),
        "tap_to_stored_target_p50_ms": 50,
        "api_append_p50_ms": round(p(api, 0.5), 1),
        "page_over_api": round(p(page["times"], 0.5) / max(p(api, 0.5), 0.001), 2),
        "loadavg": [round(x, 2) for x in os.getloadavg()],
    }
    print(
        f"{f['deals']} plain score-only deals on a 390 px phone: {f['taps_per_plain_deal_max']} "
        f"taps at most (median {f['taps_per_plain_deal_median']}; target ≤ 8); tap to stored "
        f"event p50 {f['tap_to_stored_p50_ms']} ms, p99 {f['tap_to_stored_p99_ms']} ms (target "
        f"p50 ≤ 50 ms); bare API append p50 {f['api_append_p50_ms']} ms; page / API = "
        f"{f['page_over_api']}"
    )
    print(json.dumps(f))


if __name__ == "__main__":
    main()
