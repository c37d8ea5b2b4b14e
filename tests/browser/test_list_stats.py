"""The game list's filters and the statistics dashboard, on a desktop and on a phone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.browser.games import recorded, wait_version
from tests.conftest import bearer

pytestmark = pytest.mark.browser

TABLE_ONE = {"N": "ula", "E": "vic", "S": "wes", "W": "xia"}
TABLE_TWO = {"N": "ula", "E": "yan", "S": "wes", "W": "zoe"}


@pytest.fixture(scope="module")
def stats_club(record: Callable[..., str], app: Any) -> str:
    """Three finished public games of club ``ui-stats``, folded into the statistics the way
    the workers' periodic task does (``workers.stats_store.refresh``)."""
    from service.bootstrap import services
    from workers.stats_store import refresh

    recorded(record, "ui-stats", "ffb", 3, seats=TABLE_ONE)
    recorded(record, "ui-stats", "ffb", 11, seats=TABLE_TWO)
    recorded(record, "ui-stats", "contree", 4, seats=TABLE_ONE)
    refresh(services(app).pool)
    return "ui-stats"


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_game_list_filters_and_links(
    page: Any, record: Callable[..., str], app: Any, shot: Any
) -> None:
    ffb = recorded(record, "ui-list", "ffb", 11, seats=TABLE_ONE)
    contree = recorded(record, "ui-list", "contree", 4, seats=TABLE_TWO)
    page.goto("/ui/games?club=ui-list")
    page.wait_for_selector(f"tr[data-game='{contree.game_id}']")
    assert page.locator("#games tbody tr").count() == 2
    assert page.input_value("#f-club") == "ui-list"

    page.fill("#f-player", "zoe")
    page.click("#filters button[type=submit]")
    page.wait_for_function("() => document.querySelectorAll('#games tbody tr').length === 1")
    assert page.locator(f"tr[data-game='{contree.game_id}']").count() == 1
    assert "player=zoe" in page.url
    shot(page, "games-list-filtered")

    page.fill("#f-player", "")
    page.fill("#f-profile", "ffb")
    page.click("#filters button[type=submit]")
    page.wait_for_function("() => document.querySelectorAll('#games tbody tr').length === 1")
    assert page.locator(f"tr[data-game='{ffb.game_id}']").count() == 1

    made = app.test_client().get(f"/games/{ffb.game_id}").get_json()["created_at"]
    today = datetime.fromisoformat(made).astimezone(UTC).date()  # the day both were recorded
    page.goto(f"/ui/games?club=ui-list&to={today - timedelta(days=1)}")
    page.wait_for_selector("#list-status:has-text('No game matches')")
    page.goto(f"/ui/games?club=ui-list&from={today}&to={today}")
    page.wait_for_selector(f"tr[data-game='{ffb.game_id}']")
    assert page.locator("#games tbody tr").count() == 2

    page.click(f"tr[data-game='{ffb.game_id}'] a")
    page.wait_for_url(f"**/ui/games/{ffb.game_id}?at=1.0.0")
    wait_version(page, 2)


def test_dashboard_draws_its_charts_from_the_statistics(
    page: Any, phone: Any, stats_club: str, make_token: Callable[..., str], app: Any, shot: Any
) -> None:
    secret = make_token(stats_club, ("read",))
    api = app.test_client().get(f"/stats/players?club={stats_club}", headers=bearer(secret))
    players = {row["player"]: row for row in api.get_json()["rows"]}
    assert set(players) == {"ula", "vic", "wes", "xia", "yan", "zoe"}

    page.goto(f"/ui/stats?club={stats_club}")
    page.wait_for_selector("#stats-status:has-text('read')")  # no token yet: it says which
    page.click("#token-box summary")
    page.fill("#token-input", secret)
    page.press("#token-input", "Enter")
    page.wait_for_selector("main[data-loaded='true'][aria-busy='false']")

    for chart in ("levels", "trumps", "coinche", "points"):
        bars = page.locator(f"svg[data-chart='{chart}'] rect.bar:not(.empty)")
        assert bars.count() > 0, chart
        assert float(bars.first.get_attribute("width") or 0) > 0
    levels = page.locator("svg[data-chart='levels'] title").text_content() or ""
    assert "80" in levels and "%" in levels
    # The per-player table says what the API says.
    rows = page.locator("#players tbody tr")
    assert rows.count() == 6
    table = {r.locator("th").inner_text(): r.locator("td").all_inner_texts() for r in rows.all()}
    for name, row in players.items():
        games, _wins, deals = table[name][:3]
        assert (int(games), int(deals)) == (row["games"], row["deals"])
    # Sorting by a column.
    page.click("#players th button:has-text('Deals')")
    first = page.locator("#players tbody tr").first.locator("th").inner_text()
    assert players[first]["deals"] == max(r["deals"] for r in players.values())
    assert page.get_attribute("#players th:has(button:has-text('Deals'))", "aria-sort")
    shot(page, "stats-desktop")

    phone.goto(f"/ui/stats?club={stats_club}")
    phone.evaluate("(t) => localStorage.setItem('coinche.token', t)", secret)
    phone.reload()
    phone.wait_for_selector("main[data-loaded='true'][aria-busy='false']")
    assert phone.locator("svg[data-chart='levels'] rect.bar:not(.empty)").count() > 0
    assert no_sideways_scroll(phone)
    shot(phone, "stats-phone")
    phone.locator("#chart-levels").scroll_into_view_if_needed()
    shot(phone, "stats-phone-chart", full=False)


def test_replay_reads_on_a_phone(phone: Any, record: Callable[..., str], shot: Any) -> None:
    g = recorded(record, "ui-phone", "ffb", 5, record_hands=True)
    phone.goto(f"/ui/games/{g.game_id}?at=2.3.2")
    phone.wait_for_selector('main[aria-busy="false"][data-shown-version]')
    assert no_sideways_scroll(phone)
    assert phone.locator("[data-hand] [data-card]").count() > 10
    for seat in "NESW":
        box = phone.locator(f"section[data-seat='{seat}']").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(phone, "replay-phone")
    shot(phone, "replay-phone-table", full=False)


def test_game_list_on_a_phone_keeps_the_page_still_and_every_column_reachable(
    phone: Any, record: Callable[..., str], shot: Any
) -> None:
    g = recorded(record, "ui-list-phone", "ffb", 11, seats=TABLE_ONE)
    phone.goto("/ui/games?club=ui-list-phone")
    phone.wait_for_selector(f"tr[data-game='{g.game_id}']")
    assert phone.viewport_size == {"width": 390, "height": 844}
    assert no_sideways_scroll(phone), phone.evaluate("() => document.documentElement.scrollWidth")
    shot(phone, "games-list-phone")
    row = phone.locator(f"tr[data-game='{g.game_id}']")
    first = row.locator("a").bounding_box()  # the Replay link in sight before any scrolling
    assert first is not None and first["x"] >= 0 and first["x"] + first["width"] <= 390
    cells = row.locator("td")
    headers = phone.locator("#games thead th")
    assert cells.count() == headers.count() == 7
    for i in range(cells.count()):  # each column can be brought on screen, and is then
        cell = cells.nth(i)
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (i, box)
        assert no_sideways_scroll(phone)
    link = row.locator("a")
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    link.click()
    phone.wait_for_url(f"**/ui/games/{g.game_id}?at=1.0.0")


def test_dashboard_period_as_of_and_marks_per_profile(
    page: Any, stats_club: str, make_token: Callable[..., str], app: Any
) -> None:
    """The period the tables are grouped by is the one chosen, the figures say as of when,
    and marks per deal are never averaged across profiles of different scales."""
    secret = make_token(stats_club, ("read",))
    client = app.test_client()

    def stats(mode: str, **query: str) -> Any:
        args = "&".join(f"{k}={v}" for k, v in {"club": stats_club, **query}.items())
        return client.get(f"/stats/{mode}?{args}", headers=bearer(secret)).get_json()

    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/stats/players" in r.url else None)
    page.goto(f"/ui/stats?club={stats_club}")
    page.evaluate("(t) => localStorage.setItem('coinche.token', t)", secret)
    page.reload()
    page.wait_for_selector("main[data-loaded='true'][aria-busy='false']")
    as_of = stats("profiles")["as_of"]
    assert as_of and page.get_attribute("#as-of", "data-as-of") == as_of
    assert page.inner_text("#as-of").startswith("Figures as of " + as_of[:10])
    # ffb and contree count marks on different scales: one column each, the rule stated.
    heads = page.locator("#players thead th").all_inner_texts()
    assert "Marks / deal (contree)" in heads and "Marks / deal (ffb)" in heads
    assert "Marks / deal" not in heads
    assert page.locator("#marks-rule").is_visible()
    column = heads.index("Marks / deal (ffb)")
    ffb = {r["player"]: r["marks_per_deal"] for r in stats("players", profile="ffb")["rows"]}
    row = page.locator("#players tbody tr:has(th:text-is('vic'))")
    assert row.locator("th, td").nth(column).inner_text() == str(ffb["vic"])
    assert page.locator("svg[data-chart='trend'] rect.bar:not(.empty)").count() >= 1
    assert all("period=all" in url for url in asked)

    # Grouped by month: the API is asked for months, the tables show the period.
    asked.clear()
    page.select_option("#f-period", "month")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("main[data-period='month'][aria-busy='false']")
    assert "period=month" in page.url
    assert asked and all("period=month" in url for url in asked)
    assert "Period" in page.locator("#players thead th").all_inner_texts()
    month = stats("players", period="month")["rows"][0]["period"][:7]
    assert page.locator(f"#players tbody td:text-is('{month}')").count() >= 1
