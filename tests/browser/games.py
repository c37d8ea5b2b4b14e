"""The games the browser tests replay, recorded once per session, with their fold entries."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from projections.address import Upto, address_of
from projections.entries import Entry
from projections.fold import project, states
from rules.cards import card_name, names
from rules.seats import SEATS
from rules.simulation.generator import GeneratedGame
from tests.gamekit import entries_of, wire_game


@dataclass(frozen=True)
class Recorded:
    game_id: str
    generated: GeneratedGame
    events: list[dict[str, Any]]
    entries: list[Entry]

    def version_of_action(self, index: int) -> int:
        """The game version of ``generated.actions[index]`` (``GameCreated`` is version 1)."""
        return index + 2


def recorded(
    record: Callable[..., str],
    club: str,
    profile: str,
    seed: int,
    visibility: str = "public",
    seats: dict[str, str] | None = None,
    keep: int | None = None,
    **kwargs: Any,
) -> Recorded:
    """A generated game recorded through the API (its first ``keep`` events only, if given)."""
    generated, events = wire_game(profile, seed, **kwargs)
    events = events[:keep] if keep is not None else events
    if seats is not None:
        events[0]["data"]["seats"] = dict(seats)
    game_id = record(events, club, visibility)
    return Recorded(game_id, generated, events, entries_of(events))


def expected_at(entries: list[Entry], upto: Upto) -> dict[str, Any]:
    """What the replay page must show at ``upto``, straight from the fold: each seat's
    cards (left in hand during a deal, none at its last card while the last trick is on
    the table, as dealt on the steps after), the trick on the table, the deal's card
    points and the game's totals."""
    state = project(entries, upto)
    game = state.game
    deal = game.deal if game is not None else None
    last = next((e for e in entries if e.version == state.version), None)
    played_out = (
        deal is not None and deal.over and len(deal.tricks) == 8
        and last is not None and last.type == "CardPlayed"
    )  # fmt: skip
    hands: dict[str, list[str] | None] = {}
    for seat in SEATS:
        if deal is None or deal.hands is None or played_out:
            hands[seat.name] = None
        elif deal.over:
            hands[seat.name] = sorted(names(deal.hands[seat]))
        else:
            hands[seat.name] = sorted(names(deal.hands[seat] & ~deal.played[seat]))
    trick = (
        [[s.name, card_name(c)] for s, c in zip(deal.trick_seats, deal.trick_cards, strict=True)]
        if deal is not None
        else []
    )
    points = deal.card_points() if deal is not None else (0, 0)
    totals = game.totals if game is not None else (0, 0)
    return {
        "version": state.version,
        "hands": hands,
        "trick": trick,
        "points": {"NS": points[0], "EW": points[1]},
        "totals": {"NS": totals[0], "EW": totals[1]},
    }


def deal_versions(entries: list[Entry], number: int) -> list[int]:
    """The game versions whose state lies in deal ``number`` (its DealStarted onwards)."""
    return [
        entry.version
        for entry, state in states(entries)
        if (where := address_of(state)) is not None and where.deal == number
    ]


# The DOM of the replay page, read in one call: what a test compares with the fold.
READ_PAGE = """() => {
  const cards = (el) => [...el.querySelectorAll('[data-card]')].map((c) => c.dataset.card).sort();
  const out = { hands: {}, hidden: {}, points: {}, totals: {} };
  for (const s of ['N', 'E', 'S', 'W']) {
    const el = document.querySelector(`[data-hand="${s}"]`);
    out.hands[s] = el && el.tagName === 'UL' ? cards(el) : null;
    out.hidden[s] = el && el.dataset.hidden !== undefined ? Number(el.dataset.hidden) : null;
  }
  out.trick = [...document.querySelectorAll('[data-trick] [data-card]')]
    .map((c) => [c.dataset.seat, c.dataset.card]);
  for (const t of ['NS', 'EW']) {
    out.points[t] = Number(document.querySelector(`[data-points="${t}"]`).textContent);
    out.totals[t] = Number(document.querySelector(`[data-total="${t}"]`).textContent);
  }
  out.version = Number(document.getElementById('main').dataset.shownVersion);
  out.at = new URL(window.location.href).searchParams.get('at');
  out.where = document.getElementById('where').textContent;
  return out;
}"""


def wait_version(page: Any, version: int) -> dict[str, Any]:
    """Wait until the page shows ``version``; what it shows."""
    page.wait_for_selector(f'main[data-shown-version="{version}"][aria-busy="false"]')
    shown: dict[str, Any] = page.evaluate(READ_PAGE)
    return shown


def shown_matches(shown: dict[str, Any], expected: dict[str, Any]) -> None:
    assert shown["version"] == expected["version"]
    assert shown["hands"] == expected["hands"], f"hands at version {expected['version']}"
    assert sorted(shown["trick"]) == sorted(expected["trick"]), f"trick at {expected['version']}"
    assert shown["points"] == expected["points"], f"card points at {expected['version']}"
    assert shown["totals"] == expected["totals"], f"totals at {expected['version']}"
