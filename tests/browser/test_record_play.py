"""The recording page (/ui/record) with its played-deal module, end to end on a phone:
a whole generated game of each of ffb, contree and tripot recorded card by card by
tapping only, then the stored events and the score sheet compared with the generator's.

Unlike ``test_record_deal.py`` (deal.js alone in a harness page), everything here goes
through the real page: sign-in, the new game form in "card by card" mode, deal.js as the
page mounts it, the IndexedDB queue and its sender.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rules.simulation.generator import GeneratedGame
from service.language import scripts_catalogue
from tests.browser.deal_taps import intended, normal, tap_events, version, wait_version
from tests.browser.record_kit import sign_in
from tests.conftest import bearer
from tests.gamekit import PLAYERS, wire_game

pytestmark = pytest.mark.browser
CLUB = "play-club"
DEALS = 2
WORD = {"ffb": "Coinche", "contree": "Contre", "tripot": "Coinche"}  # as the score form says


@pytest.fixture(scope="module")
def admin(make_token: Callable[..., str]) -> str:
    return make_token(CLUB, ("admin",))


def generated(profile: str, hands: bool, claim: bool) -> tuple[GeneratedGame, list[dict[str, Any]]]:
    """The first seed whose ``DEALS`` deals are all played (a claim in one when ``claim``)."""
    for seed in range(300):
        g, events = wire_game(profile, seed, "record", deals=DEALS, misdeal_rate=0,
                              record_hands=hands, claims=1.0 if claim else 0.0)  # fmt: skip
        kinds = [e["type"] for e in events]
        played = sum(1 for k in kinds if k == "DealStarted") == DEALS and "BidPlaced" in kinds
        contracts = all(r.result.contract for r in g.final.records)
        if played and contracts and (not claim or "Claimed" in kinds):
            return g, events
    raise AssertionError(f"no seed gives {DEALS} played deals of {profile}")


def start_played_game(page: Any, g: GeneratedGame, enforcement: str) -> str:
    """The new game form, filled as the generator's game, in card-by-card mode; its id."""
    page.click("#home-new")
    page.select_option("#new-profile", g.profile.id)
    for seat, name in PLAYERS.items():
        page.fill(f"#new-seat-{seat}", name)
    page.select_option("#new-dealer", g.first_dealer.name)
    page.check(f"input[name=enforcement][value={enforcement}]")
    page.check("input[name=length_kind][value=deals]")
    page.fill("#new-length-n", str(g.deals))
    page.check("input[name=mode][value=play]")
    page.click("#new-start")
    page.wait_for_selector('section.deal-rec[data-phase="deal"][data-version="1"]')
    return str(page.get_attribute("body", "data-game"))


def undo_a_wrong_card(page: Any, client: Any, admin: str, game: str, right: str) -> None:
    """Tap a card that is not the one played, then Undo: the card is voided and struck."""
    turn = client.get(f"/games/{game}/turn", headers=bearer(admin)).get_json()
    offered = turn["hand"] or turn["unplayed"]
    wrong = next(c for c in offered if c != right and (turn["cards"] is None or c in turn["cards"]))
    at = version(page)
    page.click(f'.play [data-card="{wrong}"]')
    if page.locator('[data-prompt="belote"]').count():
        page.click('[data-belote="no"]')
    wait_version(page, at + 1)
    page.click('[data-action="undo"]')
    wait_version(page, at + 2)
    label = ("10" if wrong[0] == "T" else wrong[0]) + "♣♦♥♠"["CDHS".index(wrong[1])]
    assert label in page.locator("[data-undone] s").last.inner_text()


@pytest.mark.parametrize(
    ("profile", "hands", "enforcement", "claim", "undo"),
    [
        ("ffb", False, "record", True, False),
        ("contree", True, "strict", False, True),
        ("tripot", False, "strict", False, False),
    ],
)
def test_a_whole_generated_game_is_recorded_card_by_card(
    phone: Any, app: Any, admin: str, profile: str, hands: bool, enforcement: str,
    claim: bool, undo: bool, shot: Callable[..., Any],
) -> None:  # fmt: skip
    client = app.test_client()
    g, events = generated(profile, hands, claim)
    taps = [intended(e) for e in events[1:]]
    sign_in(phone, client, admin, CLUB)
    game = start_played_game(phone, g, enforcement)
    second = [i for i, e in enumerate(taps) if e["type"] == "DealStarted"][1]
    bid = next(i for i, e in enumerate(taps) if e["type"] == "BidPlaced") + 1
    tap_events(phone, taps[:bid])
    double = phone.locator('[data-call="coinche"]')  # the bid's opponents may double it
    assert double.count() and double.first.inner_text().startswith(WORD[profile])
    if undo:
        card = next(i for i, e in enumerate(taps) if e["type"] == "CardPlayed") + 1
        tap_events(phone, taps[bid:card])
        undo_a_wrong_card(phone, client, admin, game, taps[card]["data"]["card"])
        tap_events(phone, taps[card:second])
    else:
        tap_events(phone, taps[bid:second])
    tap_events(phone, taps[second:])
    phone.wait_for_selector("#s-end:not([hidden])", timeout=20_000)
    shot(phone, f"record-play-{profile}-end")

    stored = client.get(f"/games/{game}/events?limit=1000", headers=bearer(admin)).get_json()
    table = stored["events"][1:]
    voided = {e["data"]["version"] for e in table if e["type"] == "EventVoided"}
    standing = [
        normal(e) for e in table if e["type"] != "EventVoided" and e["version"] not in voided
    ]
    assert standing == [normal(e) for e in taps]
    assert len(voided) == (1 if undo else 0)

    sheet = client.get(f"/games/{game}/sheet", headers=bearer(admin)).get_json()
    assert sheet["status"] == "finished"
    assert len(sheet["deals"]) == len(g.final.records) == DEALS
    ns = ew = 0
    for row, record in zip(sheet["deals"], g.final.records, strict=True):
        r = record.result
        ns, ew = ns + r.marks[0], ew + r.marks[1]
        assert row["dealer"] == record.dealer.name
        assert row["contract"]["taker"] == r.contract.taker.name
        assert (row["contract"]["value"], row["contract"]["trump"], row["contract"]["coinche"]) == (
            r.contract.value, r.contract.trump.name, r.contract.coinche)  # fmt: skip
        assert (row["marks"]["NS"], row["marks"]["EW"]) == r.marks
        assert (row["card_points"]["NS"], row["card_points"]["EW"]) == r.card_points
        assert (row["totals"]["NS"], row["totals"]["EW"]) == (ns, ew)
    assert (sheet["totals"]["NS"], sheet["totals"]["EW"]) == g.final.totals
    winner = g.final.winner.name if g.final.winner is not None else None
    assert sheet["winner"] == winner


def shown_deal() -> tuple[GeneratedGame, list[dict[str, Any]]]:
    """A one-deal game with the hands recorded, a belote and an announce (every screen)."""
    for seed in range(300):
        g, events = wire_game("ffb", seed, "record", deals=1, misdeal_rate=0, record_hands=True)
        kinds = {e["type"] for e in events}
        if {"BeloteDeclared", "AnnounceDeclared", "BidPlaced"} <= kinds:
            return g, events
    raise AssertionError("no seed gives a deal with a belote and an announce")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_screen_of_a_played_deal_in_both_languages(
    phone: Any, app: Any, admin: str, lang: str, shot: Callable[..., Any]
) -> None:
    client = app.test_client()
    g, events = shown_deal()
    taps = [intended(e) for e in events[1:]]
    words = scripts_catalogue(lang)

    def say(message: str) -> str:
        found = words.get(message)
        return found if isinstance(found, str) and found else message

    name = f"record-play-{lang}"
    sign_in(phone, client, admin, CLUB, lang=lang)
    game = start_played_game(phone, g, "record")
    assert phone.inner_text('[data-action="start"]') == say("Start the deal")
    shot(phone, f"{name}-1-dealer")
    hands = taps[0]["data"]["hands"]
    phone.click('[data-action="hands"]')
    for card in hands["N"] + hands["E"][:3]:
        phone.click(f'.grid32 [data-card="{card}"]')
    shot(phone, f"{name}-2-hands")
    phone.click('[data-action="hands"]')  # off and on again: the entry starts over
    bid = next(i for i, e in enumerate(taps) if e["type"] == "BidPlaced")
    tap_events(phone, taps[:bid])
    assert say("Pass") in phone.inner_text(".bidbox")
    shot(phone, f"{name}-3-auction")
    announce = next(i for i, e in enumerate(taps) if e["type"] == "AnnounceDeclared")
    first_card = next(i for i, e in enumerate(taps) if e["type"] == "CardPlayed")
    tap_events(phone, taps[bid : min(announce, first_card)])
    shot(phone, f"{name}-4-first-trick")
    belote = next(i for i, e in enumerate(taps) if e["type"] == "BeloteDeclared")
    tap_events(phone, taps[min(announce, first_card) : belote])
    phone.click(f'.play [data-card="{taps[belote + 1]["data"]["card"]}"]')
    phone.wait_for_selector('[data-prompt="belote"]')
    shot(phone, f"{name}-5-belote")
    at = version(phone)
    phone.click('[data-belote="yes"]')
    wait_version(phone, at + 2)
    phone.click('[data-action="claim"]')
    assert say("The rest of the tricks to") in phone.inner_text("[data-claim-panel]")
    shot(phone, f"{name}-6-claim")
    phone.click('[data-action="claim"]')  # closed: nothing sent
    next_card = taps[belote + 2]
    undo_a_wrong_card(phone, client, admin, game, next_card["data"]["card"])
    assert say("Undo") in phone.inner_text(".deal-tools")
    shot(phone, f"{name}-7-undo")
    tap_events(phone, taps[belote + 2 :])
    phone.wait_for_selector("#s-end:not([hidden])", timeout=20_000)
    shot(phone, f"{name}-8-end")


def _at_first_card(phone: Any, app: Any, admin: str) -> tuple[Any, str, list[Any], int]:
    """A record game of ``ffb`` started on the page, tapped to its first card: the API
    client, the game, the intended taps and the first card's index in them."""
    client = app.test_client()
    g, events = generated("ffb", False, False)
    taps = [intended(e) for e in events[1:]]
    sign_in(phone, client, admin, CLUB)
    game = start_played_game(phone, g, "record")
    first = next(i for i, e in enumerate(taps) if e["type"] == "CardPlayed")
    tap_events(phone, taps[:first])
    return client, game, taps, first


def test_a_slow_network_never_offers_a_tapped_card_again(phone: Any, app: Any, admin: str) -> None:
    """On weak club Wi-Fi an append may take longer than the page waits for it (the
    queue answers "queued"): the server's turn does not count that card yet, so the page
    must not offer it again, only say it is saving, until the card is stored."""
    client, game, taps, first = _at_first_card(phone, app, admin)
    card = taps[first]["data"]["card"]
    held: list[Any] = []

    def hold(route: Any) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)  # answered later, by the test
        else:
            route.continue_()

    phone.route(f"**/games/{game}/events*", hold)
    at = version(phone)
    turn = f"/games/{game}/turn"
    with phone.expect_response(lambda r: turn in r.url, timeout=20_000):  # after "queued"
        phone.click(f'.play [data-card="{card}"]')
    phone.wait_for_timeout(1_000)  # the page has drawn what it read
    assert len(held) == 1
    assert phone.locator(f'.play [data-card="{card}"]').count() == 0  # not offered again
    assert phone.get_attribute("section.deal-rec", "data-busy") == "1"
    held[0].continue_()
    wait_version(phone, at + 1)
    stored = client.get(f"/games/{game}/events?limit=1000", headers=bearer(admin)).get_json()
    cards = [e["data"]["card"] for e in stored["events"] if e["type"] == "CardPlayed"]
    assert cards == [card]


def test_a_refused_read_is_said_not_taken_for_the_network(phone: Any, app: Any, admin: str) -> None:
    """A 4xx on the turn's read (the token revoked, the game no longer readable) is said
    as the server words it; the page does not fall into the offline mode, and reads
    again once the game can be read."""
    client, game, taps, first = _at_first_card(phone, app, admin)
    problem = {"title": "Forbidden", "status": 403, "detail": "This token may not read it."}

    def refuse(route: Any) -> None:
        route.fulfill(status=403, content_type="application/problem+json",
                      body=json.dumps(problem))  # fmt: skip

    phone.route(f"**/games/{game}/turn*", refuse)
    at = version(phone)
    phone.click(f'.play [data-card="{taps[first]["data"]["card"]}"]')
    said = phone.locator("[data-message]", has_text="This token may not read it.")
    said.wait_for(timeout=10_000)
    text = said.inner_text()
    assert "Refused" in text and "offline" not in text and "network" not in text
    phone.unroute(f"**/games/{game}/turn*")
    phone.locator("[data-message]", has_text="Refused").wait_for(state="detached", timeout=10_000)
    wait_version(phone, at + 1)
    tap_events(phone, taps[first + 1 :])
    stored = client.get(f"/games/{game}/events?limit=1000", headers=bearer(admin)).get_json()
    assert [normal(e) for e in stored["events"][1:]] == [normal(e) for e in taps]
