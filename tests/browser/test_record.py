"""The table recording page (/ui/record) in a real browser, on a phone and a desktop:
sign-in by link, a whole score-only game by tapping, offline recording, two devices on
one game, a refused deal corrected, both languages."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

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
    with device.expect_download() as download:
        device.click("#end-export")
    lines = Path(download.value.path()).read_text("utf-8").splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["game"] == game
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


def test_offline_deals_survive_a_reload_and_are_stored_once_in_order(
    phone: Any, app: Any, admin: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    sign_in(phone, client, admin, CLUB)
    game = start_game(phone, deals=12)
    wait_stored(phone, 0)
    deals = random_deals(11, 6)
    tap_deal(phone, deals[0])
    wait_stored(phone, 1)

    phone.context.set_offline(True)
    for d in deals[1:4]:
        tap_deal(phone, d)
    phone.wait_for_function("() => document.body.dataset.pending === '3'")
    assert phone.locator("#sheet tr.pending").count() == 3
    assert "3" in phone.inner_text("#queue-count")
    shot(phone, "record-offline-390")

    # the network comes back but the API is still out of reach: reload, nothing is lost
    phone.route("**/games/*/events?*", lambda route: route.abort())
    phone.context.set_offline(False)
    phone.reload()
    phone.wait_for_selector("body[data-ready='1']")
    phone.click(f"#home-games [data-game='{game}']")
    phone.wait_for_function("() => document.body.dataset.pending === '3'")

    # the next request is stored but its answer is lost: the retry keeps its ids
    phone.unroute("**/games/*/events?*")
    lost: list[str] = []

    def lose_answer(route: Any) -> None:
        if not lost:
            route.fetch()
            lost.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    phone.route("**/games/*/events?*", lose_answer)
    phone.click("#queue-retry")
    wait_stored(phone, 4)
    assert lost
    phone.unroute("**/games/*/events?*")
    for d in deals[4:]:
        tap_deal(phone, d)
    wait_stored(phone, 6)

    events = stored_events(client, admin, game)
    summaries = [e for e in events if e["type"] == "DealSummarized"]
    assert len(summaries) == 6 and len({e["id"] for e in events}) == len(events)
    assert [e["data"]["contract"] for e in summaries] == [d["contract"] for d in deals]
    assert [e["data"]["dealer"] for e in summaries] == [d["dealer"] for d in deals]
    assert sheet_rows(phone) == expected_sheet(deals)


def test_a_reload_with_no_network_opens_the_page_and_its_queue(
    phone: Any, app: Any, admin: str
) -> None:
    client = app.test_client()
    sign_in(phone, client, admin, CLUB)
    game = start_game(phone, deals=12)
    wait_stored(phone, 0)
    phone.wait_for_selector("body[data-offline-ready='1']")  # the service worker is active
    deals = random_deals(13, 4)
    tap_deal(phone, deals[0])
    wait_stored(phone, 1)

    phone.context.set_offline(True)
    for d in deals[1:]:
        tap_deal(phone, d)
    phone.wait_for_function("() => document.body.dataset.pending === '3'")
    phone.reload()  # no network: the page comes from the service worker's copy
    phone.wait_for_selector("body[data-ready='1']")
    assert phone.evaluate("() => navigator.serviceWorker.controller !== null")
    phone.click(f"#home-games [data-game='{game}']")
    phone.wait_for_function("() => document.body.dataset.pending === '3'")
    assert "3" in phone.inner_text("#queue-count")
    assert phone.locator("#sheet tr.pending").count() == 3
    kept = phone.evaluate(
        "async () => Promise.all((await caches.keys()).map(async (n) =>"
        " (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))"
        ".then((l) => l.flat())"
    )
    assert "/ui/record" in kept and "/ui/static/record/app.js" in kept, kept
    assert all(path.startswith("/ui/") for path in kept), kept  # never an API answer

    phone.context.set_offline(False)  # the page sends its queue on "online" by itself
    if phone.locator("#queue-retry").is_visible():  # "Send now" is only a nudge then
        with contextlib.suppress(PlaywrightTimeoutError):  # gone: the queue was sent
            phone.click("#queue-retry", timeout=2_000)
    wait_stored(phone, 4)
    events = stored_events(client, admin, game)
    summaries = [e for e in events if e["type"] == "DealSummarized"]
    assert len({e["id"] for e in events}) == len(events)
    assert [e["data"]["contract"] for e in summaries] == [d["contract"] for d in deals]
    assert [e["data"]["dealer"] for e in summaries] == [d["dealer"] for d in deals]


def test_two_devices_on_one_game_see_the_conflict_and_recover(
    browser: Any, live_url: str, app: Any, admin: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    opened = [open_page(browser, live_url, PHONE) for _ in range(2)]
    try:
        (_, a, watch_a), (_, b, watch_b) = opened
        sign_in(a, client, admin, CLUB)
        game = start_game(a, deals=12, enforcement="strict")
        wait_stored(a, 0)
        sign_in(b, client, admin, CLUB)
        b.click(f"#home-club-games [data-continue='{game}']")
        b.wait_for_selector("#deal-root form.score")
        deals = random_deals(3, 3)
        tap_deal(a, deals[0])
        wait_stored(a, 1)
        theirs = dict(deals[1], dealer=deals[0]["dealer"])  # B still deals from the start
        tap_deal(b, theirs)
        b.wait_for_selector("#conflict:not([hidden])")
        assert b.locator("#conflict-list li").count() == 1
        assert b.locator("#conflict-mine li").count() == 1
        shot(b, "record-conflict-390")
        b.click("#conflict-keep")
        wait_stored(b, 2)
        events = stored_events(client, admin, game)
        summaries = [e["data"] for e in events if e["type"] == "DealSummarized"]
        assert [s["contract"] for s in summaries] == [deals[0]["contract"], deals[1]["contract"]]
        assert [s["dealer"] for s in summaries] == [deals[0]["dealer"], deals[1]["dealer"]]
        assert watch_a.errors == [] and watch_b.errors == []
    finally:
        for context, _, _ in opened:
            context.close()


def test_a_refused_deal_is_shown_then_corrected(
    page: Any, app: Any, admin: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    sign_in(page, client, admin, CLUB)
    game = start_game(page, deals=12)
    wait_stored(page, 0)
    bad = random_deals(5, 1)[0]
    bad["contract"] = {"taker": "E", "value": 80, "trump": "H", "coinche": 1}
    bad["belote"] = ["N", "E"]  # two belotes in hearts: no deal can have them
    tap_deal(page, bad)
    page.wait_for_selector("#queue-list li[data-state=refused]")
    assert "refused" in page.inner_text("#queue-list")
    shot(page, "record-refused-1366")
    page.click("#queue-list [data-act=correct]")
    page.wait_for_selector("#deal-root form.score [data-belote=N][aria-pressed=true]")
    form = page.locator("#deal-root form.score")
    form.locator("[data-belote=N]").click()
    form.locator("[data-act=save]").click()
    wait_stored(page, 1)
    summaries = [e for e in stored_events(client, admin, game) if e["type"] == "DealSummarized"]
    assert len(summaries) == 1 and summaries[0]["data"]["belote"] == ["E"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Saisir une partie", "Donneur : ", "Preneur", "Atout", "Points de cartes",
                "Enregistrer la donne", "Feuille de marque", "ffb · 12 donnes"]),
        ("en", ["Record a game", "Dealer: ", "Taker", "Trump", "Card points", "Save the deal",
                "Score sheet", "ffb · 12 deals"]),
    ],
)  # fmt: skip
def test_the_page_in_both_languages(
    phone: Any, app: Any, admin: str, lang: str, words: list[str], shot: Callable[..., Any]
) -> None:
    sign_in(phone, app.test_client(), admin, CLUB, lang=lang)
    assert phone.get_attribute("html", "lang") == lang
    start_game(phone, deals=12)
    tap_deal(phone, random_deals(2, 1)[0])
    wait_stored(phone, 1)
    text = phone.inner_text("main")
    for word in words:
        assert word in text, (word, text)
    shot(phone, f"record-deal-{lang}-390")


def test_a_played_deal_loads_the_deal_module_or_says_it_is_not_there(
    page: Any, app: Any, admin: str
) -> None:
    sign_in(page, app.test_client(), admin, CLUB)
    start_game(page, deals=12)
    page.click("#game-played-deal")
    here = Path(__file__).resolve().parents[2] / "service/ui/static/ui/record/deal.js"
    if here.exists():
        page.wait_for_function("() => document.querySelector('#deal-root').dataset.kind === 'play'")
        page.wait_for_function("() => document.querySelector('#deal-root').childElementCount > 0")
        assert page.locator("[data-say=no-deal]").count() == 0
    else:
        message = page.wait_for_selector("#deal-root [data-say=no-deal]")
        assert "not available" in message.inner_text()


def test_announces_where_the_profile_plays_them_and_each_profile_s_words(
    page: Any, app: Any, admin: str
) -> None:
    client = app.test_client()
    sign_in(page, client, admin, CLUB)
    game = start_game(page, deals=12)
    form = page.locator("#deal-root form.score")
    assert form.locator("[data-field=announces]").is_visible()
    form.locator("[data-taker=S]").click()
    form.locator("[data-value='100']").click()
    form.locator("[data-trump=H]").click()
    form.locator("[data-act=announce]").click()
    form.locator("[data-announce=seat]").select_option("S")
    form.locator("[data-announce=kind]").select_option("tierce")
    form.locator("[data-announce=suit]").select_option("S")
    form.locator("[data-announce=height]").select_option("A")
    form.locator("[data-act=add-announce]").click()
    for digit in "120":
        form.locator(f"[data-key='{digit}']").click()
    form.locator("[data-act=save]").click()
    wait_stored(page, 1)
    page.wait_for_selector("#deal-root form.score details:not([open])")  # closed again
    stored = [e for e in stored_events(client, admin, game) if e["type"] == "DealSummarized"]
    assert stored[0]["data"]["announces"] == [
        {"seat": "S", "kind": "tierce", "height": "A", "suit": "S"}
    ]
    assert stored[0]["data"]["card_points"] == {"NS": 120, "EW": 42}
    sheet = client.get(f"/games/{game}/sheet", headers=bearer(admin)).get_json()
    assert sheet["deals"][0]["announces"] == {"NS": 20, "EW": 0}
    assert sheet_rows(page)[0][:2] == (
        sheet["deals"][0]["marks"]["NS"],
        sheet["deals"][0]["marks"]["EW"],
    )

    page.click("#game-home")
    start_game(page, deals=4, profile="contree")
    form = page.locator("#deal-root form.score")
    assert not form.locator("[data-field=announces]").is_visible()
    assert form.locator("[data-coinche='2']").inner_text() == "Doubled (contre)"
    assert form.locator("[data-trump=SA]").count() == 1


def test_seats_are_suggested_from_the_roster_and_homonyms_told_apart(
    page: Any, app: Any, admin: str
) -> None:
    client = app.test_client()
    ids = {}
    for name, licence in (("Zoé Martin", None), ("Jean Roux", "L-1"), ("Jean Roux", "L-2")):
        made = client.post(f"/clubs/{CLUB}/players", json={"name": name, "licence": licence},
                           headers=bearer(admin))  # fmt: skip
        assert made.status_code == 201, made.get_json()
        ids[(name, licence)] = made.get_json()["id"]
    sign_in(page, client, admin, CLUB)
    page.click("#home-new")
    page.fill("#new-seat-N", "zoe")
    page.wait_for_selector("#roster option[value='Zoé Martin']", state="attached")
    page.fill("#new-seat-N", "Zoé Martin")
    page.fill("#new-seat-E", "jean r")
    page.wait_for_selector("#roster option[value='Jean Roux (L-2)']", state="attached")
    page.fill("#new-seat-E", "Jean Roux (L-2)")
    page.fill("#new-seat-S", "Chloé")
    page.fill("#new-seat-W", "Denis")
    page.click("#new-start")
    page.wait_for_selector("#deal-root form.score")
    game = page.get_attribute("body", "data-game")
    page.wait_for_function("() => document.body.dataset.pending === '0'")
    row = client.get(f"/games/{game}", headers=bearer(admin)).get_json()
    assert row["player_ids"]["N"] == ids[("Zoé Martin", None)]
    assert row["player_ids"]["E"] == ids[("Jean Roux", "L-2")]
