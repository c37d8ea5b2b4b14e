"""A played deal recorded with no network on the recording page: the unassisted mode (who
plays and which card, no rule checked on the device), a reload while offline, and every
event stored exactly once, in order, when the network is back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.deal_taps import tap_events, wait_version
from tests.browser.record_kit import sign_in
from tests.browser.test_record_deal import Table, normal
from tests.gamekit import wire_game

pytestmark = pytest.mark.browser
OFFLINE = 15


def plain_deal() -> list[dict[str, Any]]:
    """The first generated ffb deal played to its last card with no belote, announce or claim."""
    for seed in range(300):
        _g, events = wire_game("ffb", seed, max_deals=1, record_hands=False, misdeal_rate=0)
        types = [e["type"] for e in events]
        if types.count("CardPlayed") == 32 and not {"BeloteDeclared", "AnnounceDeclared",
                                                    "Claimed"} & set(types):  # fmt: skip
            return events
    raise AssertionError("no plain deal in 300 seeds")


def tap_offline(page: Any, event: dict[str, Any], count: int) -> bool:
    """Tap one event in the unassisted mode; whether the preselected seat was overridden.
    ``count`` is the number of entries in the queue once it is kept."""
    kind, data = event["type"], event["data"]
    seat = data.get("dealer") if kind == "DealStarted" else data["seat"]
    overridden = page.get_attribute(f'[data-offline-seat="{seat}"]', "aria-pressed") != "true"
    if overridden:
        page.click(f'[data-offline-seat="{seat}"]')
    if kind == "DealStarted":
        page.click('.offline [data-action="start"]')
    elif kind == "CardPlayed":
        page.click(f'.offline [data-card="{data["card"]}"]')
    elif kind == "BidPlaced":
        page.click(f'.offline [data-offline-bid-value="{data["value"]}"]')
        page.click(f'.offline [data-offline-bid-trump="{data["trump"]}"]')
    else:
        page.click(f'.offline [data-offline-call="{kind}"]')
    page.wait_for_function(f"() => document.querySelectorAll('#queue-list li').length === {count}")
    return overridden


def _offline_from_first_card(page: Any, table: Table, make_token: Callable[..., str]) -> int:
    """Sign in, open the played deal, tap its start and auction online, then go offline;
    the index of the first card in ``table.events``."""
    sign_in(page, table.client, make_token(table.club, ("admin",)), table.club)
    page.wait_for_selector("body[data-offline-ready='1']")
    page.click(f"#home-club-games [data-continue='{table.id}']")
    page.click("#game-played-deal")
    page.wait_for_selector("section.deal-rec[data-version]")
    first = next(i for i, e in enumerate(table.events) if e["type"] == "CardPlayed")
    tap_events(page, table.events[:first])
    page.context.set_offline(True)
    page.wait_for_selector("section.deal-rec[data-phase='offline']")
    return first


def test_a_played_deal_goes_on_offline_through_a_reload_and_is_stored_once_in_order(
    phone: Any, app: Any, make_token: Callable[..., str], shot: Callable[..., Any]
) -> None:
    table = Table(app, make_token, plain_deal())
    sign_in(phone, table.client, make_token(table.club, ("admin",)), table.club)
    phone.wait_for_selector("body[data-offline-ready='1']")  # the service worker is active
    phone.click(f"#home-club-games [data-continue='{table.id}']")
    phone.click("#game-played-deal")
    phone.wait_for_selector("section.deal-rec[data-version]")
    cards = [i for i, e in enumerate(table.events) if e["type"] == "CardPlayed"]
    split = cards[2]  # offline from the third card of the first trick
    tap_events(phone, table.events[:split])

    phone.context.set_offline(True)
    phone.wait_for_selector("section.deal-rec[data-phase='offline']")
    assert "cannot be checked offline" in phone.inner_text("section.deal-rec")
    overrides = 0
    for event in table.events[split : split + OFFLINE]:
        assert event["type"] == "CardPlayed", event
        seat, card = event["data"]["seat"], event["data"]["card"]
        if phone.get_attribute(f'[data-offline-seat="{seat}"]', "aria-pressed") != "true":
            phone.click(f'[data-offline-seat="{seat}"]')  # a trick's winner leads: overridden
            overrides += 1
        phone.click(f'.offline [data-card="{card}"]')
        phone.wait_for_selector(f'.offline [data-card="{card}"][disabled]')
    assert overrides <= 4  # the next seat in the profile's direction, but after a trick
    phone.wait_for_function(
        f"() => document.querySelectorAll('#queue-list li').length === {OFFLINE}"
    )
    assert len(table.stored()) == split  # nothing reached the server

    phone.reload()  # still offline: the page, its queue and the unassisted mode come back
    phone.wait_for_selector("body[data-ready='1']")
    phone.click(f"#home-games [data-game='{table.id}']")
    phone.click("#game-played-deal")
    phone.wait_for_selector("section.deal-rec[data-phase='offline']")
    shot(phone, "record-deal-offline-390")
    for event in table.events[split : split + OFFLINE]:
        assert phone.is_disabled(f'.offline [data-card="{event["data"]["card"]}"]')
    nxt = table.events[split + OFFLINE]["data"]
    assert phone.is_enabled(f'.offline [data-card="{nxt["card"]}"]')

    phone.context.set_offline(False)  # sent in order, then the server's turn again
    wait_version(phone, 1 + split + OFFLINE)
    phone.wait_for_selector("section.deal-rec[data-phase='play']")
    tap_events(phone, table.events[split + OFFLINE :])
    stored = table.stored()
    assert len(stored) == len(table.events) and len({e["id"] for e in stored}) == len(stored)
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def test_a_deal_started_and_bid_offline_is_stored_once_in_order(
    page: Any, app: Any, make_token: Callable[..., str]
) -> None:
    table = Table(app, make_token, plain_deal())
    sign_in(page, table.client, make_token(table.club, ("admin",)), table.club)
    page.wait_for_selector("body[data-offline-ready='1']")
    page.click(f"#home-club-games [data-continue='{table.id}']")
    page.click("#game-played-deal")
    page.wait_for_selector("section.deal-rec[data-phase='deal']")
    page.context.set_offline(True)
    page.wait_for_selector("section.deal-rec[data-phase='offline']")
    first = next(i for i, e in enumerate(table.events) if e["type"] == "CardPlayed")
    offline = table.events[: first + 4]  # the deal's start, its whole auction, 4 cards
    assert table.events[0]["type"] == "DealStarted"
    overrides = [tap_offline(page, e, n) for n, e in enumerate(offline, start=1)]
    assert not overrides[0]  # the dealer preselected, as online
    assert not any(overrides[1:first])  # the auction's seats in the profile's direction
    page.context.set_offline(False)
    wait_version(page, 1 + len(offline))
    page.wait_for_selector("section.deal-rec[data-phase='play']")
    tap_events(page, table.events[len(offline) :])
    stored = table.stored()
    assert len({e["id"] for e in stored}) == len(stored)
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def test_a_card_the_server_refuses_after_the_network_is_back_waits_in_the_pending_box(
    page: Any, app: Any, make_token: Callable[..., str]
) -> None:
    table = Table(app, make_token, plain_deal())
    first = _offline_from_first_card(page, table, make_token)
    tap_offline(page, table.events[first], 1)
    right = table.events[first + 1]["data"]
    wrong = next(s for s in "NESW" if s != right["seat"])  # not this seat's turn
    tap_offline(page, {"type": "CardPlayed", "data": {**right, "seat": wrong}}, 2)
    page.context.set_offline(False)
    refused = page.wait_for_selector("#queue-list li[data-state='refused']", timeout=20_000)
    assert "refused" in refused.inner_text()
    wait_version(page, 1 + first + 1)  # the server's turn again, after the stored card
    page.wait_for_selector("section.deal-rec[data-phase='play']")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#queue-list li[data-state='refused'] [data-act='discard']")
    page.wait_for_selector("#queue", state="hidden")
    tap_events(page, table.events[first + 1 :])
    stored = table.stored()
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def test_undo_offline_takes_the_last_tap_back_from_the_queue(
    page: Any, app: Any, make_token: Callable[..., str]
) -> None:
    """A card tapped by mistake with no network: Undo takes it back from the queue (it
    was never sent), the card is offered again, and only the right cards are stored."""
    table = Table(app, make_token, plain_deal())
    first = _offline_from_first_card(page, table, make_token)
    assert page.is_disabled('.offline [data-action="undo-offline"]')  # nothing tapped yet
    right = table.events[first]
    played = {e["data"]["card"] for e in table.events if e["type"] == "CardPlayed"}
    wrong = dict(right, data=dict(right["data"], card=sorted(played - {right["data"]["card"]})[0]))
    tap_offline(page, wrong, 1)
    assert page.is_disabled(f'.offline [data-card="{wrong["data"]["card"]}"]')
    page.click('.offline [data-action="undo-offline"]')
    page.wait_for_function("() => document.querySelectorAll('#queue-list li').length === 0")
    page.wait_for_selector(f'.offline [data-card="{wrong["data"]["card"]}"]:not([disabled])')
    for n, event in enumerate(table.events[first : first + 3], start=1):
        tap_offline(page, event, n)
    page.context.set_offline(False)
    wait_version(page, 1 + first + 3)
    page.wait_for_selector("section.deal-rec[data-phase='play']")
    tap_events(page, table.events[first + 3 :])
    stored = table.stored()
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def belote_deal() -> list[dict[str, Any]]:
    """The first generated ffb deal with a belote and rebelote, no announce and no claim."""
    for seed in range(400):
        _g, events = wire_game("ffb", seed, max_deals=1, record_hands=False, misdeal_rate=0)
        types = [e["type"] for e in events]
        if types.count("BeloteDeclared") == 2 and not {"AnnounceDeclared", "Claimed"} & set(types):
            return events
    raise AssertionError("no belote deal in 400 seeds")


def test_a_belote_is_declared_offline_with_its_card(
    page: Any, app: Any, make_token: Callable[..., str]
) -> None:
    """Offline, the Belote button sends the word with the next K or Q of trump tapped
    (belote, then rebelote for the other card); stored as intended once back online."""
    table = Table(app, make_token, belote_deal())
    first = _offline_from_first_card(page, table, make_token)
    last_belote = max(i for i, e in enumerate(table.events) if e["type"] == "BeloteDeclared")
    entries = 0
    i = first
    while i <= last_belote + 1:
        event = table.events[i]
        if event["type"] == "BeloteDeclared":
            page.click('.offline [data-action="belote-offline"]')
            i += 1
            event = table.events[i]
        assert event["type"] == "CardPlayed", event
        seat, card = event["data"]["seat"], event["data"]["card"]
        if page.get_attribute(f'[data-offline-seat="{seat}"]', "aria-pressed") != "true":
            page.click(f'[data-offline-seat="{seat}"]')
        page.click(f'.offline [data-card="{card}"]')
        entries += 1
        page.wait_for_function(
            f"() => document.querySelectorAll('#queue-list li').length === {entries}"
        )
        i += 1
    page.context.set_offline(False)
    wait_version(page, 1 + i)
    page.wait_for_selector("section.deal-rec[data-phase='play']")
    tap_events(page, table.events[i:])
    stored = table.stored()
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def test_a_deal_ends_offline_and_the_next_one_starts_offline(
    page: Any, app: Any, make_token: Callable[..., str]
) -> None:
    """The 32nd card tapped offline ends the deal: the panel offers the next deal with the
    next dealer preselected, whose start and auction are tapped offline too."""
    for seed in range(300):
        _g, events = wire_game("ffb", seed, max_deals=2, record_hands=False, misdeal_rate=0)
        starts = [i for i, e in enumerate(events) if e["type"] == "DealStarted"]
        first_deal = [e["type"] for e in events[starts[0] : starts[1]]] if len(starts) == 2 else []
        if first_deal.count("CardPlayed") == 32 and not {"BeloteDeclared", "AnnounceDeclared",
                                                         "Claimed"} & set(first_deal):  # fmt: skip
            break
    else:
        raise AssertionError("no two-deal game with a plain first deal")
    table = Table(app, make_token, events)
    first = _offline_from_first_card(page, table, make_token)
    second = next(i for i, e in enumerate(table.events) if i > first and e["type"] == "DealStarted")
    cards = table.events[first:second]
    for n, event in enumerate(cards, start=1):
        tap_offline(page, event, n)
    page.wait_for_selector(".offline[data-offline='deal']")  # the deal is over
    dealer = table.events[second]["data"]["dealer"]
    assert page.get_attribute(f'[data-offline-seat="{dealer}"]', "aria-pressed") == "true"
    play = next(i for i, e in enumerate(table.events) if i > second and e["type"] == "CardPlayed")
    overrides = [
        tap_offline(page, e, n)
        for n, e in enumerate(table.events[second:play], start=len(cards) + 1)
    ]
    assert not overrides[0]  # the next dealer was preselected
    page.context.set_offline(False)
    wait_version(page, 1 + play)
    page.wait_for_selector("section.deal-rec[data-phase='play']")
    tap_events(page, table.events[play:])
    stored = table.stored()
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]


def test_a_claim_offline_ends_the_deal(page: Any, app: Any, make_token: Callable[..., str]) -> None:
    for seed in range(400):
        _g, events = wire_game("ffb", seed, "record", max_deals=1, record_hands=False,
                               misdeal_rate=0, claims=1.0)  # fmt: skip
        types = [e["type"] for e in events]
        claims = [e for e in events if e["type"] == "Claimed"]
        if claims and not claims[0]["data"].get("belote") and not {
            "BeloteDeclared", "AnnounceDeclared"} & set(types):  # fmt: skip
            break
    else:
        raise AssertionError("no deal with a plain claim")
    table = Table(app, make_token, events)
    first = _offline_from_first_card(page, table, make_token)
    claim = next(i for i, e in enumerate(table.events) if e["type"] == "Claimed")
    for n, event in enumerate(table.events[first:claim], start=1):
        tap_offline(page, event, n)
    seat = table.events[claim]["data"]["seat"]
    if page.get_attribute(f'[data-offline-seat="{seat}"]', "aria-pressed") != "true":
        page.click(f'[data-offline-seat="{seat}"]')
    page.click('.offline [data-action="claim-offline"]')
    page.wait_for_selector(".offline[data-offline='deal']")  # the deal is over
    page.context.set_offline(False)
    page.wait_for_selector("section.deal-rec:not([data-phase='offline'])", state="attached")
    stored = table.stored()
    assert len(stored) == len(table.events)
    assert [normal(e) for e in stored] == [normal(e) for e in table.events]
