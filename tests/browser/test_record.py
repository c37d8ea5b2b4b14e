"""The table recording page (/ui/record) in a real browser, on a phone and a desktop:
sign-in by link, a whole score-only game by tapping, offline recording, two devices on
one game, a refused deal corrected, both languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, open_page
from tests.browser.record_kit import (
    expected_sheet,
    random_deals,
    sheet_rows,
    sign_in,
    sign_in_link,
    start_game,
    tap_deal,
)
from tests.conftest import bearer

pytestmark = pytest.mark.browser
CLUB = "rec-club"


@pytest.fixture(scope="module")
def admin(make_token: Callable[..., str]) -> str:
    return make_token(CLUB, ("admin",))


@pytest.fixture(params=["phone", "desktop"])
def device(request: Any, browser: Any, live_url: str) -> Iterator[Any]:
    size = PHONE if request.param == "phone" else DESKTOP
    context, page, watch = open_page(browser, live_url, size)
    yield page
    context.close()
    assert watch.external == [], watch.external
    assert watch.errors == [], watch.errors


def stored_events(client: Any, admin: str, game: str) -> list[dict[str, Any]]:
    answer = client.get(f"/games/{game}/events?limit=1000", headers=bearer(admin))
    assert answer.status_code == 200, answer.get_json()
    return list(answer.get_json()["events"])


def wait_stored(page: Any, deals: int) -> None:
    try:
        page.wait_for_function(
            f"() => document.body.dataset.stored === '{deals}' "
            "&& document.body.dataset.pending === '0'",
            timeout=20_000,
        )
    except Exception:
        raise AssertionError(page.inner_text("main")) from None


def test_sign_in_by_link_and_a_whole_score_only_game(
    device: Any, app: Any, admin: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    sign_in(device, client, admin, CLUB)
    assert "#link" not in device.url  # the code left the address bar
    assert device.evaluate("() => localStorage.getItem('coinche.token')").startswith("ck_")
    game = start_game(device, deals=12)
    deals = random_deals(7, 12)
    taps = []
    for i, d in enumerate(deals):
        taps.append(tap_deal(device, d))
        if i == 0:
            shot(device, f"record-score-deal-{device.viewport_size['width']}")
        if i < 11:
            wait_stored(device, i + 1)
    expected = expected_sheet(deals)
    device.wait_for_selector("#s-end:not([hidden])", timeout=20_000)
    shot(device, f"record-end-{device.viewport_size['width']}")
    assert sheet_rows(device, "#end-sheet") == expected
    sheet = client.get(f"/games/{game}/sheet", headers=bearer(admin)).get_json()
    assert [(r["marks"]["NS"], r["marks"]["EW"], r["totals"]["NS"], r["totals"]["EW"])
            for r in sheet["deals"]] == expected  # fmt: skip
    assert sheet["status"] == "finished"
    winner = sheet["winner"]
    assert winner in device.inner_text("#end-winner")
    assert device.get_attribute("#end-replay", "href") == f"/ui/games/{game}"
    plain = [t for t, d in zip(taps, deals, strict=True)
             if d["contract"] and d["contract"]["coinche"] == 1 and not d["belote"]]  # fmt: skip
    assert plain and max(plain) <= 8, taps


def test_a_used_link_is_refused_clearly(page: Any, app: Any, admin: str) -> None:
    link = sign_in_link(app.test_client(), admin, CLUB)
    code = link.split("=", 1)[1]
    assert app.test_client().post("/sign-in-links/redeem", json={"code": code}).status_code == 201
    page.goto(link)
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_visible("#s-signin")
    assert "used already" in page.inner_text("#signin-error")
    assert page.evaluate("() => localStorage.getItem('coinche.token')") is None
