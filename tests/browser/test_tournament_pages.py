"""A tournament's pages: the printable draws and ranking (server-rendered, tested without a
browser), and the big-screen page whose live ranking follows the results as they arrive
(in headless Chromium)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from projections.tournament import decide
from service import tournaments as running
from service.bootstrap import services
from tests.conftest import bearer

HOSTILE = "<script>alert(1)</script>"
ENGLISH = {"Accept-Language": "en"}  # the pages speak French unless asked


def concours(app: Any, teams: list[str], fmt: dict[str, Any] | None = None) -> uuid.UUID:
    store = services(app).tournaments
    tid, _ = running.create(store, "Concours du jeudi", "ui-tour", fmt or {"base": "concours"}, "t")
    for i, name in enumerate(teams):
        running.run(store, tid, "t", decide.register, name, [f"a{i}", f"b{i}"])
    return tid


def test_the_printable_page_has_one_sheet_per_round_and_escapes_names(
    app: Any, client: Any
) -> None:
    tid = concours(app, ["Les As", HOSTILE, "Zoé & Co", "Belote"])
    store = services(app).tournaments
    state, _ = running.run(store, tid, "t", decide.draw, 5)
    for table in state.rounds[0].tables.values():
        running.run(store, tid, "t", decide.record, 1, table.number, {"NS": 1000, "EW": 800})
    running.run(store, tid, "t", decide.draw, 6)
    page = client.get(f"/ui/tournaments/{tid}/print", headers=ENGLISH)
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert html.count('class="print-page"') == 3  # two rounds, then the ranking
    assert HOSTILE not in html and "&lt;script&gt;" in html
    assert "<script" not in html.replace("&lt;script", "")
    assert "1000 – 800" in html and "Ranking" in html
    assert client.get(f"/ui/tournaments/{uuid.uuid4()}/print").status_code == 404


def test_hand_records_are_printed_once_a_duplicate_round_is_complete(app: Any, client: Any) -> None:
    tid = concours(app, ["A", "B", "C", "D"], {"base": "duplicate", "length_value": 2})
    store = services(app).tournaments
    state, _ = running.run(store, tid, "t", decide.draw, 8)
    before = client.get(f"/ui/tournaments/{tid}/print", headers=ENGLISH)
    assert "Hand records" not in before.get_data(as_text=True)
    first = state.rounds[0].boards[0]["hands"]["N"]
    for table in (1, 2):
        for board in (1, 2):
            marks = {"NS": 160 * table, "EW": 0}
            running.run(store, tid, "t", decide.record, 1, table, marks, board)
    html = client.get(f"/ui/tournaments/{tid}/print", headers=ENGLISH).get_data(as_text=True)
    assert "Hand records" in html and " ".join(first) in html


def test_the_live_page_is_a_shell_with_its_script(client: Any) -> None:
    tid = uuid.uuid4()
    page = client.get(f"/ui/tournaments/{tid}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'src="/ui/static/tournament.js"' in html and f'data-tournament="{tid}"' in html
    assert "<script>" not in html
    listing = client.get("/ui/tournaments").get_data(as_text=True)
    assert 'src="/ui/static/tournaments.js"' in listing and "<script>" not in listing


@pytest.mark.browser
def test_the_live_ranking_follows_the_results(
    page: Any, app: Any, client: Any, make_token: Any, shot: Any
) -> None:
    tid = concours(app, ["Les As", HOSTILE, "Zoé & Co", "Belote", "Carré"])
    arbiter = make_token("ui-tour", ("arbiter", "record"))
    assert (
        client.post(
            f"/tournaments/{tid}/rounds", json={"seed": 3}, headers=bearer(arbiter)
        ).status_code
        == 201
    )
    page.goto(f"/ui/tournaments/{tid}?refresh=5")
    page.wait_for_selector("#standings tbody tr[data-team]")
    assert page.locator("#plan tbody tr").count() == 2
    assert page.locator("#plan-bye").inner_text().startswith("Bye: ")
    assert HOSTILE in page.locator("#standings").inner_text()  # shown as text, never run
    plan = client.get(f"/tournaments/{tid}/rounds/1").get_json()
    winner = plan["tables"][0]["ns"]["team"]
    answer = client.post(
        f"/tournaments/{tid}/rounds/1/tables/1/result",
        json={"points": {"NS": 1500, "EW": 300}},
        headers=bearer(arbiter),
    )
    assert answer.status_code == 201
    table_one = "document.querySelector('#plan tbody tr[data-table=\"1\"]')"
    page.wait_for_function(f"() => {table_one}.textContent.includes('1500')", timeout=15_000)
    first = page.locator("#standings tbody tr").first
    assert first.get_attribute("data-team") == winner
    shot(page, "tournament-live")
    page.goto(f"/ui/tournaments/{tid}/print")
    page.emulate_media(media="print")
    assert page.locator("section.print-page").count() == 2  # round 1, then the ranking
    assert page.locator("header.site").count() == 0
    shot(page, "tournament-print")


@pytest.mark.browser
def test_the_tournament_list_links_to_the_live_and_printed_pages(page: Any, app: Any) -> None:
    tid = concours(app, ["A", "B"])
    page.goto("/ui/tournaments?club=ui-tour")
    page.wait_for_selector(f"tr[data-tournament='{tid}']")
    assert page.input_value("#f-club") == "ui-tour"
    page.click(f"tr[data-tournament='{tid}'] a[href$='/print']")
    page.wait_for_selector("section.print-page")
    assert "Concours du jeudi" in page.locator("h1").inner_text()


@pytest.mark.browser
def test_the_live_page_fits_a_phone(phone: Any, app: Any, make_token: Any, client: Any) -> None:
    tid = concours(app, ["Les As de la place du marché", "Belote et rebelote", "Carré d'as"])
    arbiter = make_token("ui-tour", ("arbiter",))
    assert (
        client.post(f"/tournaments/{tid}/rounds", json={}, headers=bearer(arbiter)).status_code
        == 201
    )
    phone.goto(f"/ui/tournaments/{tid}")
    phone.wait_for_selector("#plan tbody tr[data-table]")
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("lang", "ranking", "round_", "table", "seat"), [
    ("fr", "Classement", "Manche 1", "Nord-Sud", "<th scope=\"row\">O</th>"),
    ("en", "Ranking", "Round 1", "North-South", "<th scope=\"row\">W</th>"),
])  # fmt: skip
def test_the_printable_page_speaks_the_language_asked(
    app: Any, client: Any, lang: str, ranking: str, round_: str, table: str, seat: str
) -> None:
    tid = concours(app, ["A", "B", "C", "D"], {"base": "duplicate", "length_value": 2})
    store = services(app).tournaments
    running.run(store, tid, "t", decide.draw, 8)
    for number in (1, 2):
        for board in (1, 2):
            running.run(store, tid, "t", decide.record, 1, number, {"NS": 160, "EW": 0}, board)
    page = client.get(f"/ui/tournaments/{tid}/print?lang={lang}")
    client.delete_cookie("coinche_lang")
    html = page.get_data(as_text=True)
    assert page.headers["Content-Language"] == lang and f'<html lang="{lang}">' in html
    assert f'<h2 id="ranking">{ranking}</h2>' in html and round_ in html and table in html
    assert seat in html  # the hand records' seats in the page's letters
    other = {"fr": ("Ranking", "North-South"), "en": ("Classement", "Nord-Sud")}[lang]
    assert not any(word in html for word in other)
    missing = client.get(f"/ui/tournaments/{uuid.uuid4()}/print", headers={"Accept-Language": lang})
    assert missing.status_code == 404
    assert missing.get_json()["detail"].startswith(
        "pas de tournoi" if lang == "fr" else "no tournament"
    )


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "plan", "rank", "updated"), [
    ("fr", "Plan de table, manche 1", "Rang", "Mis à jour à "),
    ("en", "Table plan, round 1", "Rank", "Updated "),
])  # fmt: skip
def test_the_live_page_speaks_the_language_asked(
    page: Any, app: Any, client: Any, make_token: Any, lang: str, plan: str, rank: str, updated: str
) -> None:
    tid = concours(app, ["Les As", "Belote", "Carré", "Dix de der"])
    arbiter = make_token("ui-tour", ("arbiter",))
    drawn = client.post(f"/tournaments/{tid}/rounds", json={"seed": 2}, headers=bearer(arbiter))
    assert drawn.status_code == 201
    page.goto(f"/ui/tournaments/{tid}?lang={lang}")
    page.wait_for_selector("#plan tbody tr[data-table]")
    assert page.get_attribute("html", "lang") == lang
    assert page.inner_text("#plan-title") == plan
    assert page.inner_text("#standings thead th >> nth=0") == rank
    assert page.inner_text("#t-status").startswith(updated)
    summary = page.inner_text("#t-summary")
    assert ("4 équipes · manche 1 sur" if lang == "fr" else "4 teams · round 1 of") in summary
