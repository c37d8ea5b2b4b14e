"""deal.js on a phone: whole played deals recorded by taps, compared with the intended
events; a strict refusal, a record-mode warning, a claim and an undo.

The page is the test harness (``tests/browser/harness``: the real ``deal.js`` with a
ctx whose ``send`` posts to the test app's API), since the recording page's shell is
built elsewhere.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from rules.simulation.generator import GeneratedGame
from service.language import scripts_catalogue
from tests.browser.deal_taps import (
    intended,
    normal,
    open_harness,
    tap_event,
    tap_events,
    taps,
    version,
    wait_version,
)
from tests.conftest import bearer
from tests.gamekit import wire_game

pytestmark = pytest.mark.browser


class Table:
    """A game created through the API, its record token and its intended events."""

    def __init__(self, app: Any, make_token: Callable[..., str], events: list[dict[str, Any]]):
        self.client = app.test_client()
        self.club = f"deal-{uuid.uuid4().hex[:6]}"
        self.token = make_token(self.club, ("record",))
        created = self.client.post(
            "/games", json=dict(events[0]["data"], club=self.club), headers=bearer(self.token)
        )
        assert created.status_code == 201, created.get_json()
        self.id = created.get_json()["id"]
        self.events = [intended(e) for e in events[1:]]

    def stored(self) -> list[dict[str, Any]]:
        got = self.client.get(f"/games/{self.id}/events?limit=1000", headers=bearer(self.token))
        return got.get_json()["events"][1:]

    def standing(self) -> list[tuple[str, Any]]:
        """The stored table events not voided, normalised."""
        stored = self.stored()
        voided = {e["data"]["version"] for e in stored if e["type"] == "EventVoided"}
        return [
            normal(e) for e in stored if e["type"] != "EventVoided" and e["version"] not in voided
        ]

    def turn(self) -> dict[str, Any]:
        return self.client.get(f"/games/{self.id}/turn", headers=bearer(self.token)).get_json()


def one_deal(
    profile: str, hands: bool, **kwargs: Any
) -> tuple[GeneratedGame, list[dict[str, Any]]]:
    """The first seed whose single deal is played (not all passes), belote or announce
    preferred when ``hands``."""
    fallback = None
    for seed in range(200):
        g, events = wire_game(profile, seed, max_deals=1, record_hands=hands, misdeal_rate=0,
                              **kwargs)  # fmt: skip
        types = {e["type"] for e in events}
        if "CardPlayed" not in types:
            continue
        if kwargs.get("claims") and "Claimed" not in types:
            continue
        if not hands or types & {"BeloteDeclared", "AnnounceDeclared"}:
            return g, events
        fallback = fallback or (g, events)
    assert fallback is not None
    return fallback


@pytest.mark.parametrize(
    ("profile", "hands"), [("ffb", False), ("contree", True), ("tripot", False)]
)
def test_a_whole_played_deal_is_recorded_by_taps(
    phone: Any, app: Any, make_token: Callable[..., str], profile: str, hands: bool, shot: Any
) -> None:
    _g, events = one_deal(profile, hands)
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    shot(phone, f"record-deal-{profile}-start")
    bid = next(i for i, e in enumerate(table.events) if e["type"] == "BidPlaced")
    tap_events(phone, table.events[:bid])
    shot(phone, f"record-deal-{profile}-auction")
    split = [i for i, e in enumerate(table.events) if e["type"] == "CardPlayed"][5]
    split -= table.events[split - 1]["type"] == "BeloteDeclared"  # said with its card
    tap_events(phone, table.events[bid:split])
    shot(phone, f"record-deal-{profile}-play")
    tap_events(phone, table.events[split:])
    assert table.standing() == [normal(e) for e in table.events]
    assert phone.evaluate("document.body.dataset.dealEnded") == "1"
    count = taps(phone)
    print(f"{profile}: {len(table.events)} events recorded in {count} taps")
    assert 32 <= count <= 45 + (24 if hands else 0)  # a tap per card; the target; the hands


def test_the_deal_screens_in_french(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("ffb", False)
    table = Table(app, make_token, events)
    french = scripts_catalogue("fr")
    open_harness(phone, table.id, table.token, "fr", french)
    assert phone.inner_text('[data-action="start"]') == french["Start the deal"]
    shot(phone, "record-deal-fr-start")
    first_bid = next(i for i, e in enumerate(table.events) if e["type"] == "BidPlaced")
    tap_events(phone, table.events[:first_bid])
    seat = table.events[first_bid]["data"]["seat"]
    assert phone.inner_text(f'[data-call="pass"][data-seat="{seat}"]') == french["Pass"]
    shot(phone, "record-deal-fr-auction")
    first_card = next(i for i, e in enumerate(table.events) if e["type"] == "CardPlayed")
    tap_events(phone, table.events[first_bid : first_card + 2])
    assert french["Claim"] in phone.inner_text(".deal-tools")
    shot(phone, "record-deal-fr-play")


def test_a_strict_game_refuses_an_illegal_card_on_screen(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("ffb", True)
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    for i, event in enumerate(table.events):
        now = table.turn()
        illegal = sorted(set(now["hand"] or []) - set(now["cards"] or []))
        if now["phase"] == "play" and illegal:
            break
        tap_event(phone, event, table.events[i + 1] if i + 1 < len(table.events) else None)
        wait_version(phone, now["version"] + (2 if event["type"] == "BeloteDeclared" else 1))
        if event["type"] == "BeloteDeclared":
            table.events.pop(i + 1)  # already recorded with its card (the loop goes on)
    else:
        pytest.fail("no seat ever held an illegal card")
    before = version(phone)
    button = phone.locator(f'.play [data-card="{illegal[0]}"]')
    assert button.is_disabled()
    for legal in now["cards"]:
        assert phone.locator(f'.play [data-card="{legal}"]').is_enabled()
    button.evaluate("b => { b.disabled = false; b.click(); }")  # forced: the page still refuses
    assert "only the highlighted cards" in phone.inner_text("[data-message]")
    shot(phone, "record-deal-strict-refusal")
    assert version(phone) == before and len(table.stored()) == before - 1


def test_a_record_game_warns_then_keeps_the_breach(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    for seed in range(200):
        g, events = wire_game("ffb", seed, "record", breaches=0.3, max_deals=1, record_hands=True)
        if g.injected:
            break
    index, rule = g.injected[0]
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    upto = table.events[:index]
    if upto and upto[-1]["type"] == "BeloteDeclared":
        upto = upto[:-1]
    tap_events(phone, upto)
    revoke = table.events[index]
    assert revoke["type"] == "CardPlayed"
    card = phone.locator(f'.play [data-card="{revoke["data"]["card"]}"]')
    assert card.is_enabled() and card.get_attribute("data-illegal") == ""
    card.click()
    phone.wait_for_selector('[data-prompt="breach"]')
    shot(phone, "record-deal-record-warning")
    before = version(phone)
    phone.click('[data-action="cancel"]')
    assert version(phone) == before and not phone.locator('[data-prompt="breach"]').count()
    card.click()
    phone.click('[data-action="confirm"]')
    if phone.locator('[data-prompt="belote"]').count():
        phone.click('[data-belote="no"]')
    wait_version(phone, before + 1)
    last = table.stored()[-1]
    assert (last["type"], last["data"], last["breaches"][0]["rule"]) == (
        "CardPlayed",
        revoke["data"],
        rule,
    )


def test_a_claim_ends_the_deal(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("ffb", True, claims=1.0)
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    claim = next(i for i, e in enumerate(table.events) if e["type"] == "Claimed")
    tap_events(phone, table.events[:claim])
    phone.click('[data-action="claim"]')
    shot(phone, "record-deal-claim")
    phone.click('[data-action="claim"]')  # closed again: nothing sent
    tap_events(phone, table.events[claim:])
    assert table.standing() == [normal(e) for e in table.events]
    assert table.turn()["phase"] in ("deal", "over")
    assert phone.evaluate("document.body.dataset.dealEnded") == "1"


def test_undo_voids_the_recorders_last_event_and_strikes_it_through(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("contree", False)
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    tap_events(phone, table.events[:1])
    phone.click('[data-action="undo"]')  # the DealStarted undone: the dealer's screen again
    wait_version(phone, 3)
    phone.wait_for_selector('section.deal-rec[data-phase="deal"]')
    assert phone.evaluate("document.body.dataset.dealEnded") is None  # not a deal's end
    first_card = next(i for i, e in enumerate(table.events) if e["type"] == "CardPlayed")
    tap_events(phone, table.events[: first_card + 1])
    wrong = next(
        c for c in table.turn()["unplayed"] if c != table.events[first_card + 1]["data"]["card"]
    )
    at = version(phone)
    phone.click(f'.play [data-card="{wrong}"]')
    if phone.locator('[data-prompt="belote"]').count():
        phone.click('[data-belote="no"]')
    wait_version(phone, at + 1)
    phone.click('[data-action="undo"]')
    wait_version(phone, at + 2)
    struck = phone.locator("[data-undone] s")
    label = ("10" if wrong[0] == "T" else wrong[0]) + "♣♦♥♠"["CDHS".index(wrong[1])]
    assert (
        struck.count() == 2 and label in struck.nth(1).inner_text()
    )  # English: J Q K A as written
    shot(phone, "record-deal-undo")
    voids = [e for e in table.stored() if e["type"] == "EventVoided"]
    assert [v["data"]["version"] for v in voids] == [2, at + 1]
    tap_events(phone, table.events[first_card + 1 :])
    assert table.standing() == [normal(e) for e in table.events]


def test_a_network_drop_is_said_and_the_page_recovers(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("ffb", False)
    table = Table(app, make_token, events)
    open_harness(phone, table.id, table.token)
    first_card = next(i for i, e in enumerate(table.events) if e["type"] == "CardPlayed")
    tap_events(phone, table.events[:first_card])
    at = version(phone)
    phone.context.set_offline(True)
    phone.click(f'.play [data-card="{table.events[first_card]["data"]["card"]}"]')
    phone.wait_for_function(
        "document.querySelector('[data-message]').textContent.includes('Waiting for the network')"
    )
    shot(phone, "record-deal-offline")
    assert len(table.stored()) == at - 1  # nothing was stored
    phone.context.set_offline(False)
    phone.wait_for_function("document.querySelector('[data-message]').textContent === ''")
    tap_events(phone, table.events[first_card:])
    assert table.standing() == [normal(e) for e in table.events]


def test_hands_entry_on_a_desktop_fills_the_last_hand(
    page: Any, app: Any, make_token: Callable[..., str], shot: Any
) -> None:
    _g, events = one_deal("tripot", True)
    table = Table(app, make_token, events)
    open_harness(page, table.id, table.token)
    hands = table.events[0]["data"]["hands"]
    page.click('[data-action="hands"]')
    assert page.locator('[data-action="start"]').is_disabled()
    for seat in ("N", "E", "S"):
        for card in hands[seat]:
            page.click(f'.grid32 [data-card="{card}"]')
        if seat == "N":
            page.click(f'.grid32 [data-card="{hands["N"][0]}"]')  # taken back
            assert page.get_attribute("[data-entry]", "data-entry") == "N"
            assert "7/8" in page.inner_text("[data-entry]")
            assert page.get_attribute(f'[data-card="{hands["N"][0]}"]', "data-owner") is None
            page.click(f'.grid32 [data-card="{hands["N"][0]}"]')  # and given again
    owners = {c: page.get_attribute(f'[data-card="{c}"]', "data-owner") for c in hands["W"]}
    assert set(owners.values()) == {"W"}
    shot(page, "record-deal-hands-desktop")
    page.click('[data-action="start"]')
    wait_version(page, 2)
    stored = table.stored()[0]
    assert normal(stored) == normal(table.events[0])
