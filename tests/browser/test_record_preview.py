"""The marks of a score-only deal shown before it is saved (``POST /games/{id}/preview``),
on a phone (390 × 844): they equal the sheet's once stored; offline the page says they
will show once stored; a deal the rules refuse is said so before saving."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.record_kit import TEAM, sheet_rows, sign_in, start_game
from tests.conftest import bearer

pytestmark = pytest.mark.browser
CLUB = "rec-preview-club"
PREVIEW = "#deal-root form.score [data-say=preview]"


@pytest.fixture(scope="module")
def admin(make_token: Callable[..., str]) -> str:
    return make_token(CLUB, ("admin",))


def fill(page: Any, d: dict[str, Any]) -> None:
    """Tap a whole deal on the score screen, without saving it."""
    form = page.locator("#deal-root form.score")
    c = d["contract"]
    form.locator(f"[data-taker={c['taker']}]").click()
    form.locator(f"[data-value='{c['value']}']").click()
    form.locator(f"[data-trump={c['trump']}]").click()
    if c["coinche"] != 1:
        form.locator(f"[data-coinche='{c['coinche']}']").click()
    for digit in str(d["card_points"][TEAM[c["taker"]]]):
        form.locator(f"[data-key='{digit}']").click()
    for seat in d["belote"]:
        form.locator(f"[data-belote={seat}]").click()


def shown(page: Any, kind: str) -> str:
    try:
        page.wait_for_selector(f"{PREVIEW}[data-kind={kind}]", timeout=10_000)
    except Exception:
        raise AssertionError(page.inner_text(PREVIEW)) from None
    return str(page.inner_text(PREVIEW))


def shown_marks(page: Any) -> tuple[int, int]:
    shown(page, "marks")
    ns, ew = (page.inner_text(f"{PREVIEW} [data-preview={t}]") for t in ("NS", "EW"))
    return int(ns.split()[-1]), int(ew.split()[-1])


def wait_stored(page: Any, deals: int) -> None:
    page.wait_for_function(
        f"() => document.body.dataset.stored === '{deals}' "
        "&& document.body.dataset.pending === '0'",
        timeout=20_000,
    )


FIRST = {  # down, coinched: the defenders get everything
    "dealer": "N",
    "contract": {"taker": "E", "value": 110, "trump": "S", "coinche": 2},
    "card_points": {"EW": 95, "NS": 67},
    "belote": ["S"],
}
LAST = {
    "dealer": "W",
    "contract": {"taker": "N", "value": 80, "trump": "H", "coinche": 1},
    "card_points": {"NS": 101, "EW": 61},
    "belote": [],
}


def test_the_marks_shown_before_saving_are_the_sheets(
    phone: Any, app: Any, admin: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    sign_in(phone, client, admin, CLUB)
    game = start_game(phone, deals=2)
    wait_stored(phone, 0)
    events = client.get(f"/games/{game}/events", headers=bearer(admin)).get_json()["events"]
    fill(phone, FIRST)
    before = shown_marks(phone)
    assert "Down" in phone.inner_text(PREVIEW)
    shot(phone, "record-preview-390")
    # nothing was stored by the preview
    again = client.get(f"/games/{game}/events", headers=bearer(admin)).get_json()["events"]
    assert again == events
    phone.locator("#deal-root form.score [data-act=save]").click()
    wait_stored(phone, 1)
    phone.wait_for_function("() => document.querySelectorAll('#sheet tbody tr').length >= 1")
    (row,) = sheet_rows(phone)
    assert before == row[:2]
    sheet = client.get(f"/games/{game}/sheet", headers=bearer(admin)).get_json()
    assert before == (sheet["deals"][0]["marks"]["NS"], sheet["deals"][0]["marks"]["EW"])
    # the last deal: its marks, and that it ends the game
    fill(phone, LAST)
    last = shown_marks(phone)
    assert "would end the game" in phone.inner_text(PREVIEW)
    phone.locator("#deal-root form.score [data-act=save]").click()
    phone.wait_for_selector("#s-end:not([hidden])", timeout=20_000)
    rows = sheet_rows(phone, "#end-sheet")
    assert [r[:2] for r in rows] == [before, last]


def test_offline_or_refused_the_page_says_so_before_saving(
    phone: Any, app: Any, admin: str
) -> None:
    sign_in(phone, app.test_client(), admin, CLUB, lang="fr")
    start_game(phone, deals=2)
    wait_stored(phone, 0)
    refused = dict(FIRST, belote=["N", "E"])  # two belotes in hearts: no deal has them
    refused["contract"] = dict(FIRST["contract"], trump="H")
    fill(phone, refused)
    assert "belote" in shown(phone, "refused").lower()
    form = phone.locator("#deal-root form.score")
    form.locator("[data-belote=N]").click()  # corrected: now the marks
    assert shown_marks(phone)
    phone.context.set_offline(True)
    form.locator("[data-key='⌫']").click()
    form.locator("[data-key='5']").click()
    text = shown(phone, "later")
    assert "une fois la donne enregistrée" in text, text
    phone.context.set_offline(False)
