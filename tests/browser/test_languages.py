"""The pages in French and in English, in a real browser: the ``lang`` attribute, a
finding's text, the bidding sheet's and the timeline's words, the language switch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules.actions import CardPlayed
from rules.cards import card_name
from tests.browser.games import Recorded, recorded, wait_version

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def revokes(record: Callable[..., str]) -> Recorded:
    g = recorded(record, "ui-lang", "ffb", 5, enforcement="record", breaches=0.05,
                 record_hands=True)  # fmt: skip
    assert g.generated.injected
    return g


@pytest.fixture(scope="module")
def contree(record: Callable[..., str]) -> Recorded:
    """A contrée game where someone doubles: its sheet says contre, never coinche."""
    for seed in range(40):
        g = recorded(record, "ui-lang", "contree", seed, max_deals=2)
        if any(e["type"] == "Coinched" for e in g.events):
            return g
    raise AssertionError("no contre generated")


@pytest.mark.parametrize(
    ("lang", "here", "broken", "heading", "plays"),
    [
        ("fr", "Ici :", "règle enfreinte : ", "Enchères", " joue "),
        ("en", "Here:", "rule broken: ", "Auction", " plays "),
    ],
)
def test_a_finding_and_the_table_in_each_language(
    page: Any, revokes: Recorded, app: Any, lang: str, here: str, broken: str, heading: str,
    plays: str,
) -> None:  # fmt: skip
    index, rule = revokes.generated.injected[0]
    version = revokes.version_of_action(index)
    action = revokes.generated.actions[index]
    assert isinstance(action, CardPlayed)
    audit = app.test_client().get(f"/games/{revokes.game_id}/audit?lang={lang}").get_json()
    finding = next(f for f in audit["findings"] if f["position"] == version)
    page.goto(f"/ui/games/{revokes.game_id}?at={version}&lang={lang}")
    wait_version(page, version)
    assert page.get_attribute("html", "lang") == lang
    callout = page.inner_text("#callout")
    assert finding["detail"] in callout and here in callout
    if lang == "fr":
        assert finding["detail"].startswith("renonce : ")
    card = page.locator(f"[data-trick] .card.offending[data-card='{card_name(action.card)}']")
    assert f"{broken}{rule}" in (card.get_attribute("aria-label") or "")
    assert page.inner_text("#auction-h") == heading
    assert plays in page.inner_text("#timeline")


def test_cards_are_named_in_french_for_screen_readers(page: Any, revokes: Recorded) -> None:
    page.goto(f"/ui/games/{revokes.game_id}?at=1.0.0&lang=fr")
    page.wait_for_selector('main[aria-busy="false"] .hand .card')
    script = "els => els.map(e => e.getAttribute('aria-label'))"
    labels = page.eval_on_selector_all(".hand .card", script)
    assert labels and all(" de " in label for label in labels)
    assert any(label.startswith(("valet de ", "dame de ", "roi de ", "as de ")) for label in labels)
    assert page.inner_text("abbr.seat-letter >> nth=3") == "O"


def test_the_bidding_sheet_says_contre_in_a_contree_game(page: Any, contree: Recorded) -> None:
    first = next(i for i, e in enumerate(contree.events) if e["type"] == "Coinched")
    page.goto(f"/ui/games/{contree.game_id}?at={first + 1}&lang=fr")
    wait_version(page, first + 1)
    sheet = page.inner_text("#auction")
    assert "contre" in sheet and "coinche" not in sheet and "passe" in sheet
    assert "contre" in page.inner_text("#timeline")


def test_the_switch_keeps_the_position_and_is_remembered(page: Any, revokes: Recorded) -> None:
    page.goto(f"/ui/games/{revokes.game_id}?at=1.1.2&lang=fr")
    page.wait_for_selector('main[aria-busy="false"]')
    page.click("a[data-lang='en']")
    page.wait_for_selector('html[lang="en"] main[aria-busy="false"]')
    assert "at=1.1.2" in page.url and page.inner_text("#sheet-h") == "Score sheet"
    page.goto("/ui/games")
    assert page.get_attribute("html", "lang") == "en"  # the cookie, over Accept-Language
    page.click("a[data-lang='fr']")
    page.wait_for_selector('html[lang="fr"]')
    page.wait_for_selector("#games tbody tr")
    assert page.inner_text("h1") == "Parties" and "Rejouer" in page.inner_text("#games")


@pytest.mark.parametrize(("lang", "of_trumps", "of_suit"), [
    ("fr", " d'atout", " de "),
    ("en", " of trumps", " of "),
])  # fmt: skip
def test_a_trump_card_is_read_as_a_trump(
    page: Any, revokes: Recorded, lang: str, of_trumps: str, of_suit: str
) -> None:
    script = "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label')])"
    for deal in range(1, 7):  # the first deal played in a suit
        page.goto(f"/ui/games/{revokes.game_id}?at={deal}.1.1&lang={lang}")
        page.wait_for_selector('main[aria-busy="false"] .hand .card')
        mark = page.query_selector("[data-contract] .suitmark[class*='suit-']")
        if mark is not None:
            break
    assert mark is not None, "a deal played in a suit"
    trump = next(c[5:] for c in (mark.get_attribute("class") or "").split() if c[:5] == "suit-")
    labels = page.eval_on_selector_all(".hand .card, [data-trick] .card", script)
    trumps = [label for card, label in labels if card[1] == trump]
    others = [label for card, label in labels if card[1] != trump]
    assert trumps and others
    assert all(label.split(",")[0].endswith(of_trumps) for label in trumps), trumps
    assert not any(of_trumps in label for label in others) and all(of_suit in x for x in others)
