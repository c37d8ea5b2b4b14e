"""The replay's double-dummy panel in Chromium, with a real worker computing the analysis:
par, the table, each card's cost at the card shown, the critical moments on the
timeline; in English and in French."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from analysis.report import analyse_deal
from analysis.solver import Solver
from projections.address import Address, Upto
from projections.fold import project
from tests.browser.games import Recorded, recorded, wait_version
from workers.deal_analysis import find_deal

pytestmark = pytest.mark.browser
WAIT = 120_000  # ms: a fresh worker loads the compiled solver before its first deal


@pytest.fixture(scope="module")
def worker(app: Any) -> Iterator[Any]:
    """A real Celery worker (threads) on the app's own broker."""
    from celery.contrib.testing.worker import start_worker

    with start_worker(app.extensions["celery"], pool="threads", concurrency=1,
                      perform_ping_check=False, shutdown_timeout=30) as w:  # fmt: skip
        yield w


@pytest.fixture(scope="module")
def game(record: Callable[..., str]) -> Recorded:
    return recorded(record, "ui-dd", "ffb", 9, record_hands=True, deals=2)


@pytest.fixture(scope="module")
def expected(game: Recorded) -> dict[str, Any]:
    return analyse_deal(find_deal(game.entries, 1), Solver())


def test_the_panel_shows_par_the_table_and_each_cards_cost(
    page: Any, game: Recorded, expected: dict[str, Any], worker: Any, shot: Any
) -> None:
    version = project(game.entries, Upto(address=Address(1, 3, 2))).version
    page.goto(f"/ui/games/{game.game_id}?at=1.3.2&lang=en")
    wait_version(page, version)
    page.wait_for_selector("#analysis[data-analysis='1'] [data-par]", timeout=WAIT)
    panel = page.locator("#analysis")
    par = expected["par"]["contract"]
    assert panel.locator("[data-par]").get_attribute("data-par") == (
        f"{par['team']}:{par['trump']}:{par['value']}" if par else "pass"
    )
    assert "Par:" in panel.locator("[data-par]").inner_text()
    rows = panel.locator(".dd-table tbody tr")
    assert rows.count() == len(expected["table"])
    first = expected["table"][0]
    cells = panel.locator(f".dd-table tr[data-trump='{first['trump']}'] td").all_inner_texts()
    assert cells[0].startswith(str(first["NS"])) and cells[1].startswith(str(first["EW"]))
    card = expected["cards"][9]  # trick 3, card 2: the deal's tenth card
    now = panel.locator("[data-current]")
    assert now.get_attribute("data-current") == card["card"]
    assert now.get_attribute("data-cost") == str(card["cost"])
    assert ("a best card" in now.inner_text()) == (card["cost"] == 0 and not card["points_cost"])
    costs = panel.locator(".dd-tricks [data-index]")
    assert costs.count() == len(expected["cards"])
    assert [int(c) for c in costs.evaluate_all("els => els.map(e => e.dataset.cost)")] == [
        c["cost"] for c in expected["cards"]
    ]
    assert panel.locator(".dd-tricks .dd-card.critical").count() == len(expected["critical"])
    assert page.locator("#timeline .flag.critical").count() == len(expected["critical"])
    assert panel.locator(".dd-card.now").get_attribute("data-index") == "9"
    shot(page, "replay-analysis-panel")
    page.keyboard.press("ArrowRight")  # the next card: the panel follows
    page.wait_for_selector("#analysis [data-current][data-cost]")
    page.wait_for_function(
        "() => document.querySelector('#analysis .dd-card.now')?.dataset.index === '10'"
    )
    shown = panel.locator("[data-current]").get_attribute("data-current")
    assert shown == expected["cards"][10]["card"]


def test_the_panel_speaks_french(
    page: Any, game: Recorded, expected: dict[str, Any], worker: Any
) -> None:
    page.goto(f"/ui/games/{game.game_id}?at=1.8.4&lang=fr")
    page.wait_for_selector("#analysis[data-analysis='1'] [data-par]", timeout=WAIT)
    text = page.locator("#analysis-section").inner_text()
    assert "Analyse à quatre jeux" in text and "Par :" in text
    assert "Coût de chaque carte" in text and "Each card" not in text
