"""A live game with unrecorded hands, a wrong score on the sheet, a void and a ruling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from projections.address import Address, Upto
from projections.fold import project
from rules.cards import names
from rules.seats import SEATS
from tests.browser.games import recorded, wait_version
from tests.conftest import bearer

pytestmark = pytest.mark.browser


def test_voids_rulings_and_unrecorded_hands(
    page: Any, record: Callable[..., str], make_token: Callable[..., str], app: Any, shot: Any
) -> None:
    g = recorded(record, "ui-fix", "ffb", 5, record_hands=False, keep=100)  # in deal 3
    head = len(g.events)
    sheet = project(g.entries).game
    assert sheet is not None and not sheet.over
    right = sheet.records[1].result.marks
    arbiter = make_token("ui-fix", ("arbiter",))
    client = app.test_client()

    def post(events: list[dict[str, Any]], version: int, secret: str) -> None:
        answer = client.post(
            f"/games/{g.game_id}/events",
            json={"expected_version": version, "events": events},
            headers=bearer(secret),
        )
        assert answer.status_code == 201, answer.get_json()

    post(
        [
            {"type": "ScoreRecorded", "data": {"deal": 1, "marks": {"NS": 0, "EW": 0}}},
            {"type": "ScoreRecorded", "data": {"deal": 2, "marks": {"NS": right[1], "EW": 0}}},
        ],
        head,
        make_token("ui-fix", ("record",)),
    )
    post([{"type": "EventVoided", "data": {"version": head + 2, "reason": "wrong deal",
                                           "by": "arb"}}], head + 2, arbiter)  # fmt: skip
    ruling = {"adjustment": {"NS": 20, "EW": 0}}
    post([{"type": "RulingIssued", "data": {"deal": 2, "ruling": ruling, "reason": "penalty",
                                            "by": "arb"}}], head + 3, arbiter)  # fmt: skip
    page.add_init_script(f"localStorage.setItem('coinche.token', '{arbiter}')")

    # Deal 1's hands were not recorded: the arbiter sees them, revealed by its 32 cards.
    at = project(g.entries, Upto(address=Address(1, 3, 2)))
    page.goto(f"/ui/games/{g.game_id}?at=1.3.2")
    shown = wait_version(page, at.version)
    done = project(g.entries, Upto(address=Address(1, 8, 4))).game
    assert done is not None and done.deal is not None and at.game and at.game.deal
    for seat in SEATS:
        held = done.deal.played[seat] & ~at.game.deal.played[seat]
        assert shown["hands"][seat.name] == sorted(names(held))

    # The wrong score written at the table: a finding without a card, on the timeline.
    page.goto(f"/ui/games/{g.game_id}?at={head + 1}")
    wait_version(page, head + 1)
    step = page.locator(f"#timeline li[data-version='{head + 1}']")
    assert "score-mismatch" in step.inner_text()
    assert "score-mismatch" in page.inner_text("#callout")
    # The voided event stays in the history, struck through and said so.
    voided = page.locator(f"#timeline li[data-version='{head + 2}']")
    assert "voided" in (voided.get_attribute("class") or "")
    assert "voided later" in voided.inner_text()
    # The ruling appears on the score sheet and in the totals.
    page.keyboard.press("End")
    shown = wait_version(page, head + 4)
    row = page.locator("#sheet tr[data-sheet-deal='2']").inner_text()
    assert "ruling by arb: penalty" in row
    totals = project(g.entries).game
    assert totals is not None
    assert shown["totals"] == {"NS": totals.totals[0] + 20, "EW": totals.totals[1]}
    # A deal in progress whose hands were not recorded: counts only, said so.
    hidden = page.locator("[data-hand='N']")
    assert "not recorded" in hidden.inner_text()
    shot(page, "corrections-live-game")
