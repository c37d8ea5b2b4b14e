"""No roster id (``pl_`` and 32 hex digits) is ever shown on a page: the game list, the
replay viewer and the statistics dashboard of a club whose games seat roster ids show
the players' names, and the JSON their scripts read carries ids only under
``player_ids`` (for programs), never where a page takes text to display."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest

from service.players.names import ids_in
from tests.browser.games import Recorded, recorded, wait_version

pytestmark = pytest.mark.browser

ROSTER_ID = re.compile(r"pl_[0-9a-f]{32}")
SEATS = {"N": "Noémie Roster", "E": "Ernest Roster", "S": "Sacha Roster", "W": "Wanda Roster"}

# Everything a reader can see or hear: the text of the page (scripts and styles left
# out), every tooltip, label and form value, and the document title.
SHOWN = """() => {
  const parts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const tag = n.parentElement ? n.parentElement.tagName.toLowerCase() : "";
    if (tag !== "script" && tag !== "style") parts.push(n.textContent);
  }
  for (const el of document.querySelectorAll("*")) {
    for (const a of ["title", "aria-label", "alt", "placeholder", "value", "aria-description"]) {
      const v = el.getAttribute(a);
      if (v) parts.push(v);
    }
  }
  for (const el of document.querySelectorAll("input, select, textarea")) parts.push(el.value);
  return parts.join("\\n");
}"""


class Reads:
    """The JSON documents a page fetched from the API, by URL."""

    def __init__(self, page: Any) -> None:
        self.docs: dict[str, Any] = {}
        page.on("response", self.seen)

    def seen(self, response: Any) -> None:
        if "json" in (response.headers.get("content-type") or ""):
            try:
                self.docs[response.url] = json.loads(response.text())
            except Exception:  # a body the page could not read either
                self.docs[response.url] = None

    def ids_outside_player_ids(self) -> dict[str, set[str]]:
        return {url: found for url, doc in self.docs.items() if (found := ids_in(doc, set()))}


@pytest.fixture(scope="module")
def roster_game(
    record: Callable[..., str], app: Any, make_token: Callable[..., str]
) -> tuple[Recorded, str, str]:
    """A finished public game of a club of its own, recorded through the API (so its seats
    are roster ids), folded into the statistics; its club, and a read token of the club."""
    from service.bootstrap import services
    from workers.stats_store import refresh

    club = f"ui-roster-{uuid.uuid4().hex[:6]}"
    game = recorded(record, club, "ffb", 7, seats=SEATS)
    ids = app.test_client().get(f"/games/{game.game_id}").get_json()["player_ids"]
    assert all(ROSTER_ID.fullmatch(p) for p in ids.values()), ids
    refresh(services(app).pool)
    return game, club, make_token(club, ("read",))


def shown_without_ids(page: Any, reads: Reads) -> str:
    """What the page shows, after checking it holds no roster id and the page read none
    as display text."""
    text: str = page.evaluate(SHOWN)
    assert ROSTER_ID.findall(text) == [], "a roster id is shown on the page"
    assert reads.docs, "the page read nothing from the API"
    assert reads.ids_outside_player_ids() == {}, "a page script read ids as text to display"
    return text


def test_game_list_shows_names_never_ids(page: Any, roster_game: tuple[Recorded, str, str]) -> None:
    game, club, _secret = roster_game
    reads = Reads(page)
    page.goto(f"/ui/games?club={club}&player={SEATS['E']}")
    page.wait_for_selector(f"tr[data-game='{game.game_id}']")
    text = shown_without_ids(page, reads)
    assert all(name in text for name in SEATS.values()), text


def test_replay_shows_names_never_ids(page: Any, roster_game: tuple[Recorded, str, str]) -> None:
    game, _club, _secret = roster_game
    reads = Reads(page)
    last = len(game.events)
    page.goto(f"/ui/games/{game.game_id}?at={last}")
    wait_version(page, last)
    text = shown_without_ids(page, reads)
    assert all(name in text for name in SEATS.values()), text
    page.goto(f"/ui/games/{game.game_id}?at=1")
    wait_version(page, 1)
    shown_without_ids(page, reads)


def test_dashboard_shows_names_never_ids(page: Any, roster_game: tuple[Recorded, str, str]) -> None:
    _game, club, secret = roster_game
    page.goto(f"/ui/stats?club={club}")
    page.evaluate("(t) => localStorage.setItem('coinche.token', t)", secret)
    reads = Reads(page)
    page.reload()
    page.wait_for_selector("main[data-loaded='true'][aria-busy='false']")
    text = shown_without_ids(page, reads)
    assert all(name in text for name in SEATS.values()), text
    assert f"{SEATS['E']} & {SEATS['W']}" in text or f"{SEATS['W']} & {SEATS['E']}" in text
