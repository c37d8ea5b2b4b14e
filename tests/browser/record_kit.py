"""Helpers of the recording page's browser tests: sign a device in, start a game, tap a
score-only deal, and the sheet the rules compute for the same deals."""

from __future__ import annotations

import random
from typing import Any

from rules.actions import DealSummarized
from rules.contract import Contract, Trump
from rules.game import Game
from rules.registry import find_profile
from rules.seats import Seat
from rules.summary import deck_points
from tests.conftest import bearer

TEAM = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
NAMES = {"N": "Anne", "E": "Bruno", "S": "Chloé", "W": "Denis"}


def sign_in_link(client: Any, admin: str, club: str) -> str:
    """A fresh sign-in link's page path (``/ui/record#link=cl_…``)."""
    made = client.post(f"/clubs/{club}/sign-in-links", json={}, headers=bearer(admin))
    assert made.status_code == 201, made.get_json()
    return "/ui/record#link=" + made.get_json()["code"]


def sign_in(page: Any, client: Any, admin: str, club: str, lang: str = "en") -> None:
    page.goto(f"/ui/record?lang={lang}" + sign_in_link(client, admin, club)[len("/ui/record") :])
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_visible("#s-home"), page.inner_text("main")


def start_game(page: Any, deals: int | None = 12, profile: str = "ffb",
               enforcement: str = "record") -> str:  # fmt: skip
    """Fill the new game form and start; the game's id once it is stored."""
    page.click("#home-new")
    page.select_option("#new-profile", profile)
    for seat, name in NAMES.items():
        page.fill(f"#new-seat-{seat}", name)
    page.select_option("#new-dealer", "N")
    page.check(f"input[name=enforcement][value={enforcement}]")
    if deals is not None:
        page.check("input[name=length_kind][value=deals]")
        page.fill("#new-length-n", str(deals))
    page.click("#new-start")
    page.wait_for_selector("#deal-root form.score")
    return str(page.get_attribute("body", "data-game"))


def random_deals(seed: int, count: int, profile_id: str = "ffb") -> list[dict[str, Any]]:
    """``count`` plain score-only deals (no announces), dealers in the profile's order."""
    rng = random.Random(seed)
    profile = find_profile(profile_id)
    game = Game.start(profile, Seat.N, deals=count)
    out = []
    for _ in range(count):
        dealer = game.next_dealer.name
        if rng.random() < 0.1:
            deal: dict[str, Any] = {"dealer": dealer, "contract": None,
                                    "card_points": {"NS": 0, "EW": 0}, "belote": []}  # fmt: skip
        else:
            taker = rng.choice("NESW")
            trump = rng.choice([t.name for t in profile.trumps if t.name in "CDHS"])
            value = rng.choice([80, 90, 100, 110, 120])
            full = deck_points(Trump[trump], profile.ta_points) + 10
            mine = rng.randint(40, full)
            other = "EW" if TEAM[taker] == "NS" else "NS"
            belote = [rng.choice("NESW")] if rng.random() < 0.3 else []
            deal = {
                "dealer": dealer,
                "contract": {
                    "taker": taker,
                    "value": value,
                    "trump": trump,
                    "coinche": rng.choice([1, 1, 1, 2, 4]),
                },
                "card_points": {TEAM[taker]: mine, other: full - mine},
                "belote": belote,
            }
        game = game.apply(summarized(deal))
        out.append(deal)
    return out


def summarized(d: dict[str, Any]) -> DealSummarized:
    c = d["contract"]
    contract = None
    if c is not None:
        contract = Contract(Seat[c["taker"]], c["value"], Trump[c["trump"]], c["coinche"])
    return DealSummarized(
        Seat[d["dealer"]],
        contract,
        (d["card_points"]["NS"], d["card_points"]["EW"]),
        belote=tuple(Seat[s] for s in d["belote"]),
    )


Row = tuple[int, int, int, int]


def expected_sheet(deals: list[dict[str, Any]], profile_id: str = "ffb") -> list[Row]:
    """(marks NS, marks EW, total NS, total EW) per deal, as the rules score them."""
    game = Game.start(find_profile(profile_id), Seat.N, deals=len(deals))
    for d in deals:
        game = game.apply(summarized(d))
    rows = []
    ns = ew = 0
    for record in game.records:
        ns, ew = ns + record.result.marks[0], ew + record.result.marks[1]
        rows.append((record.result.marks[0], record.result.marks[1], ns, ew))
    return rows


def tap_deal(page: Any, d: dict[str, Any]) -> int:
    """Record one deal on the score screen by tapping; the number of taps."""
    form = page.locator("#deal-root form.score")
    taps = 0

    def tap(selector: str) -> None:
        nonlocal taps
        form.locator(selector).click()
        taps += 1

    assert form.locator(".dealer").inner_text().startswith(("Dealer", "Donneur")), "no dealer"
    c = d["contract"]
    if c is None:
        tap("[data-taker=pass]")
    else:
        tap(f"[data-taker={c['taker']}]")
        tap(f"[data-value='{c['value']}']")
        tap(f"[data-trump={c['trump']}]")
        if c["coinche"] != 1:
            tap(f"[data-coinche='{c['coinche']}']")
        for digit in str(d["card_points"][TEAM[c["taker"]]]):
            tap(f"[data-key='{digit}']")
        for seat in d["belote"]:
            tap(f"[data-belote={seat}]")
    tap("[data-act=save]")
    return taps


def sheet_rows(page: Any, selector: str = "#sheet") -> list[tuple[int, int, int, int]]:
    rows = page.locator(f"{selector} tbody tr:not(.pending)")
    out = []
    for i in range(rows.count()):
        row = rows.nth(i)
        marks = [int(x) for x in row.locator(".marks").all_inner_texts()]
        totals = [int(x) for x in row.locator("small").all_inner_texts()]
        out.append((marks[0], marks[1], totals[0], totals[1]))
    return out
