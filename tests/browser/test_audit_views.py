"""The audit overlay on a game with known revokes, and what each token may see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from projections.address import Upto
from rules.actions import CardPlayed
from rules.cards import card_name
from tests.browser.games import Recorded, expected_at, recorded, wait_version
from tests.conftest import bearer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def renonce(record: Callable[..., str]) -> Recorded:
    """A ``record``-mode game where players revoke now and then (``injected`` says where)."""
    g = recorded(record, "ui-audit", "ffb", 5, enforcement="record", breaches=0.05,
                 record_hands=True)  # fmt: skip
    assert len(g.generated.injected) >= 3
    return g


def test_each_finding_is_marked_and_its_card_explained(
    page: Any, renonce: Recorded, app: Any, shot: Any
) -> None:
    findings = app.test_client().get(f"/games/{renonce.game_id}/audit").get_json()["findings"]
    index, rule = renonce.generated.injected[1]
    version = renonce.version_of_action(index)
    action = renonce.generated.actions[index]
    assert isinstance(action, CardPlayed)
    card = card_name(action.card)
    finding = next(f for f in findings if f["position"] == version)
    assert finding["rule"] == rule

    page.goto(f"/ui/games/{renonce.game_id}?at={version}")
    wait_version(page, version)
    # On the timeline: the step is flagged with its rule, in words as well as colour.
    step = page.locator(f"#timeline li[data-version='{version}']")
    assert "has-finding" in (step.get_attribute("class") or "")
    assert rule in step.inner_text()
    assert page.locator("#timeline li.has-finding").count() == sum(
        1 for f in findings if f["deal"] == finding["deal"]
    )
    # The offending card is highlighted on the table, named with the rule it broke.
    offending = page.locator(f"[data-trick] .card.offending[data-card='{card}']")
    assert offending.count() == 1
    assert f"rule broken: {rule}" in (offending.get_attribute("aria-label") or "")
    callout = page.locator("#callout")
    assert callout.is_visible()
    assert finding["detail"] in callout.inner_text()
    assert "Here:" in callout.inner_text()
    # The deal is flagged in the deal strip; the audit panel lists every finding.
    flagged = page.locator(f"#deals button[data-deal='{finding['deal']}']")
    assert "flagged" in (flagged.get_attribute("class") or "")
    assert page.locator("#findings ol.findings > li").count() == len(findings)
    shot(page, "audit-renonce")
    shot(page.locator("#table-section"), "audit-renonce-table")

    # Later in the deal the card stays marked among the played tricks.
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    page.wait_for_selector(f"#tricks .card.offending[data-card='{card}']")
    assert finding["detail"] in page.inner_text("#callout")

    # Any finding is one click away from the audit panel.
    first = findings[0]
    page.click(f"#findings button[data-jump='{first['position']}']")
    wait_version(page, first["position"])
    assert first["rule"] in page.inner_text("#callout")


def test_views_follow_what_the_token_allows(
    page: Any, record: Callable[..., str], make_token: Callable[..., str], app: Any
) -> None:
    live = recorded(record, "ui-live", "contree", 3, visibility="private", max_deals=2,
                    record_hands=True)  # fmt: skip
    row = app.test_client().get(
        f"/games/{live.game_id}", headers=bearer(make_token("ui-live", ("read",)))
    )
    assert row.get_json()["status"] == "live"
    version = len(live.events) - 3  # within the last deal's play

    page.goto(f"/ui/games/{live.game_id}?at={version}")
    page.wait_for_selector('main[aria-busy="false"]')
    assert "private" in page.inner_text("#replay-status")

    # A reader of the club: the game opens; the arbiter view of a live game is refused,
    # so the page says so and shows the public view (no hand during the deal).
    page.click("#token-box summary")
    page.fill("#token-input", make_token("ui-live", ("read",)))
    page.press("#token-input", "Enter")
    shown = wait_version(page, version)
    assert "refused" in page.inner_text("#replay-status")
    assert page.input_value("#view") == "public"
    assert all(shown["hands"][s] is None for s in "NESW")
    # A seat's view shows that seat's cards only.
    page.select_option("#view", "seat:W")
    page.wait_for_function("() => document.querySelector('[data-hand=W]').tagName === 'UL'")
    shown = wait_version(page, version)
    assert shown["hands"]["W"] == expected_at(live.entries, Upto(version=version))["hands"]["W"]
    assert all(shown["hands"][s] is None for s in "NES")

    # An arbiter of the club sees every hand.
    page.click("#token-box summary")
    page.fill("#token-input", make_token("ui-live", ("arbiter",)))
    page.press("#token-input", "Enter")
    page.select_option("#view", "arbiter")
    page.wait_for_function("() => document.querySelector('[data-hand=N]').tagName === 'UL'")
    shown = wait_version(page, version)
    assert shown["hands"] == expected_at(live.entries, Upto(version=version))["hands"]
    assert page.evaluate("() => localStorage.getItem('coinche.token')").startswith("ck_")
