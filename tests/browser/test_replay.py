"""The replay page in Chromium, checked against the fold at every step it shows."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from projections.address import Address, Upto, address_of
from projections.fold import project, states
from tests.browser.games import (
    Recorded,
    deal_versions,
    expected_at,
    recorded,
    shown_matches,
    wait_version,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def game(record: Callable[..., str]) -> Recorded:
    """A whole public ffb game with its hands recorded (11 deals, 450 events)."""
    return recorded(record, "ui-replay", "ffb", 5, record_hands=True)


def address_version(g: Recorded, text: str) -> int:
    return project(g.entries, Upto(address=Address.parse(text))).version


def test_every_event_of_a_deal_matches_the_fold(page: Any, game: Recorded, shot: Any) -> None:
    versions = deal_versions(game.entries, 2)
    assert len(versions) > 30
    page.goto(f"/ui/games/{game.game_id}?at={versions[0]}")
    for i, version in enumerate(versions):
        if i:
            page.keyboard.press("ArrowRight")
        shown = wait_version(page, version)
        shown_matches(shown, expected_at(game.entries, Upto(version=version)))
        assert f"event {version} of {len(game.events)}" in shown["where"]
        if i == 12:
            shot(page, "replay-deal2-desktop")
    # The link names each step: a table address when it names exactly that step.
    assert shown["at"] == "2.8.4"


def test_a_deep_link_opens_exactly_that_position(page: Any, game: Recorded, shot: Any) -> None:
    version = address_version(game, "3.5.2")
    page.goto(f"/ui/games/{game.game_id}?at=3.5.2")
    shown = wait_version(page, version)
    shown_matches(shown, expected_at(game.entries, Upto(address=Address(3, 5, 2))))
    assert len(shown["trick"]) == 2
    assert shown["at"] == "3.5.2"
    assert shown["where"].startswith("Deal 3 · trick 5 · card 2")
    shot(page, "replay-deep-link-3.5.2")

    # The page's own link to the position opens the same position in a new page.
    link = page.get_attribute("#share", "href")
    assert link is not None and "at=3.5.2" in link
    other = page.context.new_page()
    other.goto(link)
    assert wait_version(other, version)["version"] == version
    other.close()

    # A trick's 4th card is the moment the next trick starts: both spellings, one link.
    complete = address_version(game, "3.6.0")
    page.goto(f"/ui/games/{game.game_id}?at=3.5.4")
    assert wait_version(page, complete)["at"] == "3.5.4"
    page.goto(f"/ui/games/{game.game_id}?at=3.6.0")
    shown = wait_version(page, complete)
    assert shown["at"] == "3.5.4" and "trick 5 · card 4 (trick complete)" in shown["where"]
    assert page.locator("[data-last-trick='5'] [data-card]").count() == 4

    # Auction positions count calls: 3.0.4 is the fourth call.
    fourth = next(e.version for e, s in states(game.entries) if str(address_of(s)) == "3.0.4")
    page.goto(f"/ui/games/{game.game_id}?at=3.0.4")
    assert wait_version(page, fourth)["at"] == "3.0.4"
    assert page.locator("#auction tbody td .call").count() == 4

    # A version number and a seat's view.
    page.goto(f"/ui/games/{game.game_id}?at={version}&view=seat&seat=E")
    shown = wait_version(page, version)
    assert shown["at"] == "3.5.2"
    assert shown["hands"]["E"] == expected_at(game.entries, Upto(version=version))["hands"]["E"]
    assert all(shown["hands"][s] is None and shown["hidden"][s] > 0 for s in "NSW")
    assert page.input_value("#view") == "seat:E"
    assert "view=seat" in page.url and "seat=E" in page.url

    # A position the game never reaches: said, and the start shown instead.
    page.goto(f"/ui/games/{game.game_id}?at=40.1.1")
    page.wait_for_selector('main[aria-busy="false"][data-shown-version]')
    assert "never reaches 40.1.1" in page.inner_text("#replay-status")


def test_keyboard_and_buttons_step_by_event_trick_and_deal(page: Any, game: Recorded) -> None:
    at = address_version(game, "3.5.2")
    page.goto(f"/ui/games/{game.game_id}?at=3.5.2")
    wait_version(page, at)
    page.keyboard.press("ArrowRight")
    wait_version(page, at + 1)
    page.keyboard.press("ArrowLeft")
    wait_version(page, at)
    page.keyboard.press("Shift+ArrowRight")  # to the end of trick 5
    assert wait_version(page, address_version(game, "3.6.0"))["at"] == "3.5.4"
    page.keyboard.press("Shift+ArrowRight")
    assert wait_version(page, address_version(game, "3.7.0"))["at"] == "3.6.4"
    page.keyboard.press("Shift+ArrowLeft")  # already at the start of its trick: the one before
    wait_version(page, address_version(game, "3.6.0"))
    page.keyboard.press("PageDown")
    assert wait_version(page, address_version(game, "4.0.0"))["at"] == "4.0.0"
    page.keyboard.press("PageUp")
    wait_version(page, address_version(game, "3.0.0"))
    page.keyboard.press("End")
    assert wait_version(page, len(game.events))["at"] == "11.8.4"
    page.keyboard.press("Home")
    assert wait_version(page, 1)["at"] == "1"

    # Keys typed in a field are the field's: nothing moves.
    page.click("#token-box summary")
    page.focus("#token-input")
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#main", "data-shown-version") == "1"
    page.keyboard.press("Escape")

    # The toolbar's buttons are reachable and work from the keyboard.
    page.focus("button[data-go='next-deal']")
    page.keyboard.press("Enter")
    wait_version(page, address_version(game, "1.0.0"))
    page.focus("button[data-go='next']")
    page.keyboard.press("Space")
    wait_version(page, address_version(game, "1.0.1"))

    # The timeline jumps to any step of the deal; deals are one click away.
    page.click("#deals button[data-deal='7']")
    wait_version(page, address_version(game, "7.0.0"))
    target = address_version(game, "7.3.1")
    page.click(f"#timeline li[data-version='{target}'] button")
    shown = wait_version(page, target)
    assert shown["at"] == "7.3.1"
    current = page.locator("#timeline li.current")
    assert current.get_attribute("data-version") == str(target)
    assert current.locator("button").get_attribute("aria-current") == "step"


def test_cards_and_controls_are_readable_without_sight_or_colour(
    page: Any, game: Recorded, live_url: str
) -> None:
    response = page.goto(f"/ui/games/{game.game_id}?at=3.5.2")
    assert response is not None
    assert "default-src 'self'" in response.headers["content-security-policy"]
    wait_version(page, address_version(game, "3.5.2"))
    ranks = "seven|eight|nine|ten|jack|queen|king|ace"
    words = re.compile(rf"^({ranks}) of (clubs|diamonds|hearts|spades|trumps)")
    faces = page.evaluate(
        """() => [...document.querySelectorAll('[data-card]')].map((c) => ({
            name: c.dataset.card, label: c.getAttribute('aria-label'), role: c.getAttribute('role'),
            letter: c.querySelector('.sl').textContent, symbol: c.querySelector('.sym').textContent,
            color: getComputedStyle(c).color }))"""
    )
    assert len(faces) > 30
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    colours: dict[str, set[str]] = {}
    for face in faces:
        assert face["role"] == "img" and words.match(face["label"]), face
        assert face["letter"] == face["name"][1] and face["symbol"] == symbols[face["name"][1]]
        colours.setdefault(face["name"][1], set()).add(face["color"])
    assert len({c for cs in colours.values() for c in cs}) == 4  # coloured, and lettered
    # What a screen reader is given for the table: the cards by name.
    tree = page.locator("#table").aria_snapshot()
    assert re.search(rf'img "({ranks}) of (clubs|diamonds|hearts|spades)', tree)
    assert re.search(rf'img "({ranks}) of trumps', tree)  # the deal's trumps, named as such
    # Landmarks and headings.
    assert page.locator("header").count() == 1 and page.locator("main").count() == 1
    assert page.locator("nav[aria-label='Site']").count() == 1
    assert page.locator("h1").count() == 1
    headings = page.locator("h2").all_inner_texts()
    expected = {
        "Table",
        "Timeline",
        "Auction",
        "Played tricks",
        "Score sheet",
        "Keyboard shortcuts",
    }
    assert expected <= set(headings)
    # Every button has a name.
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button')].filter((b) =>
            !(b.getAttribute('aria-label') || b.textContent).trim()).length"""
    )
    assert unnamed == 0


def test_the_end_of_a_deal_never_shows_a_card_twice(page: Any, game: Recorded, shot: Any) -> None:
    """At a deal's last card the hands are played out and the last trick is on the table;
    the hands as dealt are what the deal's start shows."""
    last = address_version(game, "3.8.4")
    page.goto(f"/ui/games/{game.game_id}?at=3.8.4")
    shown = wait_version(page, last)
    assert shown["at"] == "3.8.4"
    on_table = page.locator("[data-last-trick='8'] [data-card]")
    assert on_table.count() == 4
    assert page.locator("[data-hand] [data-card]").count() == 0
    assert page.locator("[data-hand].played-out").count() == 4
    shot(page, "replay-end-of-deal")
    page.keyboard.press("ArrowLeft")  # the 31st card: the trick in play, one card in hand
    before = wait_version(page, last - 1)
    assert sum(len(cards or []) for cards in before["hands"].values()) == 1
    assert len(before["trick"]) == 3
    page.goto(f"/ui/games/{game.game_id}?at=3.0.0")
    start = wait_version(page, address_version(game, "3.0.0"))
    assert sum(len(cards or []) for cards in start["hands"].values()) == 32


def test_the_auction_s_end_opens_on_its_last_call(page: Any, game: Recorded) -> None:
    """``3.1.0`` (the old spelling of the auction's end) opens deal 3's last call, named by
    its own address as the API's timeline names it."""
    last_call = address_version(game, "3.1.0")
    state = project(game.entries, Upto(version=last_call))
    own = str(address_of(state))
    assert own.startswith("3.0.") and own != "3.0.0"
    page.goto(f"/ui/games/{game.game_id}?at=3.1.0")
    assert wait_version(page, last_call)["at"] == own
    page.goto(f"/ui/games/{game.game_id}?at=3.0.40")  # more calls than the auction had
    assert wait_version(page, last_call)["at"] == own
