"""One address scheme: every event's address, as the timeline writes it, leads back to it.

An address names the last table step taken (``d.0.n`` the n-th call, ``d.t.c`` the c-th
card of trick t, ``d.t.4`` the card completing it). Replaying to the address of an event
gives the state right after the first event carrying that address: the event itself for a
deal start, a call or a card (each has its own address), the table step it follows for an
event that does not move the table (a belote, an announce, a written score)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from projections.address import Address, Upto, address_of, parse_at
from projections.audit import audit_game
from projections.fold import project, states
from projections.timeline import timeline
from rules.registry import PROFILES
from tests.gamekit import entries_of, wire_game

TABLE_STEPS = {"DealStarted", "Passed", "BidPlaced", "Coinched", "Surcoinched", "CardPlayed"}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(PROFILES)),
    st.integers(0, 50_000),
    st.booleans(),
    st.sampled_from([0.0, 0.3]),
)
def test_every_events_address_round_trips(
    pid: str, seed: int, record_hands: bool, misdeals: float
) -> None:
    _g, events = wire_game(pid, seed, max_deals=3, record_hands=record_hands, misdeal_rate=misdeals)
    entries = entries_of(events)
    first: dict[Address, int] = {}
    labelled = []
    for entry, state in states(entries):
        here = address_of(state)
        if here is None:
            continue
        first.setdefault(here, entry.version)
        labelled.append((entry, here))
        if entry.type in TABLE_STEPS:
            assert first[here] == entry.version, f"{entry.type} v{entry.version} shares {here}"
        if entry.type == "CardPlayed":  # its own trick, its place in it
            assert here.trick >= 1 and here.card >= 1, f"card v{entry.version} at {here}"
        elif entry.type in TABLE_STEPS - {"DealStarted"}:  # the n-th call, n ≥ 1
            assert here.trick == 0 and here.card >= 1, f"call v{entry.version} at {here}"
    for entry, here in labelled:
        text = str(here)
        assert Address.parse(text) == here
        at = project(entries, parse_at(text))
        assert at.version == first[here], f"{text} of v{entry.version} led to v{at.version}"
        assert address_of(at) == here
    steps = timeline(entries)
    assert [(s["version"], s["address"]) for s in steps if s["address"]] == [
        (e.version, str(a)) for e, a in labelled for _ in _lines(steps, e.version)
    ]


def _lines(steps: list[dict[str, object]], version: int) -> list[object]:
    return [s for s in steps if s["version"] == version]


def test_a_trick_s_fourth_card_and_the_auction_s_last_call_are_named_for_themselves() -> None:
    _g, events = wire_game("ffb", 5, max_deals=1, misdeal_rate=0)
    entries = entries_of(events)
    named = {e.version: str(address_of(s)) for e, s in states(entries)}
    calls = [e for e in entries if e.type in ("Passed", "BidPlaced", "Coinched", "Surcoinched")]
    cards = [e for e in entries if e.type == "CardPlayed"]
    assert named[calls[-1].version] == f"1.0.{len(calls)}"
    assert [named[c.version] for c in cards[:5]] == ["1.1.1", "1.1.2", "1.1.3", "1.1.4", "1.2.1"]
    assert named[cards[-1].version] == "1.8.4"


def test_the_other_spellings_name_the_same_moments() -> None:
    _g, events = wire_game("ffb", 5, max_deals=1, misdeal_rate=0)
    entries = entries_of(events)
    calls = [e for e in entries if e.type in ("Passed", "BidPlaced", "Coinched", "Surcoinched")]
    assert project(entries, parse_at("1.1.0")).version == calls[-1].version
    assert project(entries, parse_at("1.3.0")) == project(entries, parse_at("1.2.4"))
    assert project(entries, Upto(address=Address(1, 0, 40))).version == calls[-1].version


def test_audit_findings_carry_the_address_of_their_event() -> None:
    for seed in range(40):
        _g, events = wire_game("ffb", seed, enforcement="record", max_deals=2, breaches=0.2)
        entries = entries_of(events)
        found = audit_game(entries)
        if any(f["card"] for f in found):
            break
    named = {e.version: str(address_of(s)) for e, s in states(entries)}
    assert found and all(f["address"] == named[f["position"]] for f in found)
    card = next(f for f in found if f["card"])
    deal, trick, _c = Address.parse(card["address"])
    assert (deal, trick) == (card["deal"], card["trick"])
    assert project(entries, parse_at(card["address"])).version <= card["position"]
