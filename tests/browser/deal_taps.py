"""Driving deal.js by taps, as a recorder would: the harness page and one tap per choice.

``open_harness`` serves ``tests/browser/harness/`` under ``/test-harness/`` on the live
app's origin (through Playwright's routing: the app itself has no such route) and mounts
the real ``deal.js`` on a game. ``tap_events`` records intended wire events by tapping
the page's buttons and waits for each to be stored. Shared by the browser tests and
``benchmarks/record_deal_bench.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HARNESS = Path(__file__).resolve().parent / "harness"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
SEATS = ("N", "E", "S", "W")
AUCTION = ("Passed", "BidPlaced", "Coinched", "Surcoinched")


def intended(event: dict[str, Any]) -> dict[str, Any]:
    """What a recorder enters: a DealStarted's hands and dealer, not the dealing procedure."""
    if event["type"] != "DealStarted":
        return event
    data = {k: v for k, v in event["data"].items() if k in ("dealer", "hands") and v is not None}
    return {"type": "DealStarted", "data": data}


def normal(event: dict[str, Any]) -> tuple[str, Any]:
    """Hands compare as sets (the last one fills itself in grid order); a claim by its side."""
    kind, data = event["type"], {k: v for k, v in event["data"].items() if v is not None}
    if kind == "DealStarted" and data.get("hands"):
        data["hands"] = {s: sorted(c) for s, c in data["hands"].items()}
    if kind == "Claimed":
        data["seat"] = "NS" if data["seat"] in ("N", "S") else "EW"
        data["belote"] = sorted(data.get("belote", []))
    return kind, data


def serve_harness(page: Any) -> None:
    def fulfil(route: Any) -> None:
        name = route.request.url.split("/test-harness/", 1)[1].split("#")[0].split("?")[0]
        path = HARNESS / name
        if path.parent != HARNESS or not path.is_file():
            route.fulfill(status=404, body="no such harness file")
            return
        route.fulfill(status=200, body=path.read_text(encoding="utf-8"),
                      content_type=TYPES[path.suffix])  # fmt: skip

    page.route("**/test-harness/*", fulfil)


def open_harness(
    page: Any, game: str, token: str, lang: str = "en", catalogue: dict[str, Any] | None = None
) -> None:
    serve_harness(page)
    page.add_init_script(f"window.__catalogue = {json.dumps(catalogue or {})};")
    page.goto(f"/test-harness/deal.html#game={game}&token={token}&lang={lang}")
    page.wait_for_selector("section.deal-rec[data-version]")


def version(page: Any) -> int:
    return int(page.get_attribute("section.deal-rec", "data-version"))


def wait_version(page: Any, expected: int) -> None:
    page.wait_for_selector(
        f'section.deal-rec[data-version="{expected}"]:not([data-busy="1"])',
        state="attached",  # the recording page hides it once the game's last deal ends
        timeout=15_000,
    )


def taps(page: Any) -> int:
    return int(page.evaluate("window.__deal.taps.count"))


def tap_deal_start(page: Any, data: dict[str, Any]) -> None:
    page.wait_for_selector('section.deal-rec[data-phase="deal"]')
    preset = page.locator('[data-dealer][aria-pressed="true"]')
    assert preset.count() == 1, "no dealer preset"  # the next dealer, as the rules say
    if page.get_attribute(f'[data-dealer="{data["dealer"]}"]', "aria-pressed") != "true":
        page.click(f'[data-dealer="{data["dealer"]}"]')
    hands = data.get("hands")
    if hands:
        page.click('[data-action="hands"]')
        for seat in SEATS[:3]:
            for card in hands[seat]:
                page.click(f'.grid32 [data-card="{card}"]')
        for card in hands["W"]:  # the last hand filled itself
            assert page.get_attribute(f'[data-card="{card}"]', "data-owner") == "W", card
    page.click('[data-action="start"]')


def tap_event(page: Any, event: dict[str, Any], following: dict[str, Any] | None) -> int:
    """Tap one intended event; the number of events it stores (a belote goes with its card)."""
    kind, data = event["type"], event["data"]
    if kind == "DealStarted":
        tap_deal_start(page, data)
    elif kind == "Passed":
        page.click(f'[data-call="pass"][data-seat="{data["seat"]}"]')
    elif kind in ("Coinched", "Surcoinched"):
        word = "coinche" if kind == "Coinched" else "surcoinche"
        page.click(f'[data-call="{word}"][data-seat="{data["seat"]}"]')
    elif kind == "BidPlaced":
        value = f'[data-bid-value="{data["value"]}"]'
        if page.get_attribute(value, "aria-pressed") != "true":  # the lowest is preselected
            page.click(value)
        page.click(f'[data-bid-trump="{data["trump"]}"]')
    elif kind == "AnnounceDeclared":
        offered = f'[data-kind="{data["kind"]}"][data-cards="{" ".join(data["cards"])}"]'
        if page.locator(offered).count():
            page.click(offered)
        else:  # the hand is unknown: the recorder tells the kind and taps the cards
            page.click(f'[data-announce-kind="{data["kind"]}"]')
            top = data["cards"][0] if data["kind"] == "carre" else data["cards"][-1]
            page.click(f'.announce-pick [data-card="{top}"]')  # the run or carré it makes
            for card in data["cards"]:  # a longer run: its other cards, one by one
                pick = f'.announce-pick [data-card="{card}"]'
                if "on" not in (page.get_attribute(pick, "class") or "").split():
                    page.click(pick)
            page.click('[data-action="declare"]')
    elif kind == "BeloteDeclared":
        assert following is not None and following["type"] == "CardPlayed"
        toggle = page.locator('[data-action="belote"]')
        if toggle.count():  # hands unknown: say it, then tap the card
            toggle.click()
            page.click(f'.play [data-card="{following["data"]["card"]}"]')
        else:  # hands known: the card's prompt
            page.click(f'.play [data-card="{following["data"]["card"]}"]')
            page.click('[data-belote="yes"]')
        return 2
    elif kind == "CardPlayed":
        page.click(f'.play [data-card="{data["card"]}"]')
        if page.locator('[data-prompt="belote"]').count():
            page.click('[data-belote="no"]')
    elif kind == "Claimed":
        page.click('[data-action="claim"]')
        for seat in data.get("belote", []):
            page.check(f'[data-claim-belote="{seat}"]')
        team = "NS" if data["seat"] in ("N", "S") else "EW"
        page.click(f'[data-claim="{team}"]')
    else:
        raise ValueError(f"no tap for {kind}")
    return 1


def tap_closing(page: Any, events: list[dict[str, Any]]) -> int:
    """The passes that end the auction, in one tap when the page offers it; 0 if not."""
    n = next((k for k, e in enumerate(events) if e["type"] != "Passed"), len(events))
    after = events[n]["type"] if n < len(events) else None
    if n < 2 or after in AUCTION:
        return 0
    button = page.locator(f'[data-call="closing"][data-count="{n}"]')
    if not button.count():
        return 0
    button.click()
    return n


def tap_events(page: Any, events: list[dict[str, Any]]) -> None:
    """Tap every event of ``events`` in order, waiting for each to be stored."""
    at = version(page)
    i = 0
    while i < len(events):
        following = events[i + 1] if i + 1 < len(events) else None
        stored = tap_closing(page, events[i:]) or tap_event(page, events[i], following)
        at += stored
        wait_version(page, at)
        i += stored
