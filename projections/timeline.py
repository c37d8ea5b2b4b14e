"""The timeline: every step of a game (or of one deal) in words, with its address.

Each step names the game ``version`` (and global ``position``) to replay to, the
table address reached (deal.trick.card), a one-line description an arbiter reads
("S bids 90♥", "E coinches", "W plays J♣ — belote", "NS win trick 3, 24 points")
and its flags: voided by a later event, anomalies found there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events import log
from projections.address import address_of
from projections.entries import Entry
from projections.fold import states
from projections.state import GameState
from rules import actions as a
from rules.cards import card_label
from rules.contract import bid_label
from rules.deal import Phase
from rules.seats import Team


def describe(entry: Entry, before: GameState, after: GameState) -> list[str]:
    """The line(s) describing ``entry``; a trick's last card adds the trick's result."""
    r = entry.record
    if isinstance(r, log.GameCreated):
        seats = ", ".join(f"{s.name} {p}" for s, p in sorted(r.seats.items()))
        profile = after.meta.profile.id if after.meta else r.profile_id or "custom"
        return [f"Game created ({profile}): {seats}; {r.first_dealer.name} deals first"]
    if isinstance(r, a.DealStarted):
        number = after.game.deal.number if after.game and after.game.deal else "?"
        return [f"Deal {number}: {r.dealer.name} deals"]
    if isinstance(r, a.Passed):
        return [f"{r.seat.name} passes"]
    if isinstance(r, a.BidPlaced):
        return [f"{r.seat.name} bids {bid_label(r.value, r.trump)}"]
    if isinstance(r, a.Coinched):
        return [f"{r.seat.name} coinches"]
    if isinstance(r, a.Surcoinched):
        return [f"{r.seat.name} surcoinches"]
    if isinstance(r, a.Misdeal):
        return [f"Misdeal by {r.seat.name}"]
    if isinstance(r, a.AnnounceDeclared):
        return [f"{r.seat.name} declares a {r.kind.value}"]
    if isinstance(r, a.BeloteDeclared):
        return [f"{r.seat.name} says {r.word.value}"]
    if isinstance(r, a.CardPlayed):
        return _card_lines(r, before, after)
    if isinstance(r, log.ScoreRecorded):
        ns, ew = r.marks.get(Team.NS, 0), r.marks.get(Team.EW, 0)
        return [f"Score written for deal {r.deal}: NS {ns}, EW {ew}"]
    if isinstance(r, log.EventVoided):
        return [f"{r.by} voids event {r.position}: {r.reason}"]
    if isinstance(r, log.RulingIssued):
        return [f"Ruling by {r.by} on deal {r.deal}: {r.reason}"]
    if isinstance(r, log.GameAbandoned):
        return [f"Game abandoned: {r.reason}"]
    return [entry.type]


def _card_lines(r: a.CardPlayed, before: GameState, after: GameState) -> list[str]:
    said = ""
    deal_before = before.game.deal if before.game else None
    if (
        deal_before
        and deal_before.belotes
        and deal_before.belotes[-1].seat == r.seat
        and deal_before.belotes[-1].card is None
    ):
        said = f" — {deal_before.belotes[-1].word.value}"
    lines = [f"{r.seat.name} plays {card_label(r.card)}{said}"]
    deal = after.game.deal if after.game else None
    if deal is not None and deal_before is not None and len(deal.tricks) > len(deal_before.tricks):
        t = deal.tricks[-1]
        lines.append(f"{t.winner.team.name} win trick {len(deal.tricks)}, {t.points} points")
    if deal is not None and deal.phase is Phase.DONE and after.game and after.game.records:
        res = after.game.records[-1].result
        made = "made" if res.made else "down"
        lines.append(
            f"Deal {deal.number} over: contract {made}; marks NS {res.marks[0]}, EW {res.marks[1]}"
        )
    return lines


def timeline(entries: Sequence[Entry], deal: int | None = None) -> list[dict[str, Any]]:
    """The steps of the game, or of ``deal`` only."""
    folded = list(states(entries))
    final = folded[-1][1] if folded else None
    voided = final.voided if final is not None else frozenset()
    flags: dict[int, list[str]] = {}
    for anomaly in final.anomalies if final is not None else ():
        flags.setdefault(anomaly.version, []).append(anomaly.rule)
    steps: list[dict[str, Any]] = []
    before: GameState | None = None
    for entry, after in folded:
        prior = before if before is not None else after._replace(game=None)
        address = address_of(after)
        in_deal = address.deal if address is not None else None
        before = after
        if deal is not None and in_deal != deal:
            continue
        for line in describe(entry, prior, after):
            steps.append(
                {
                    "version": entry.version,
                    "position": entry.position,
                    "type": entry.type,
                    "address": None if address is None else str(address),
                    "description": line,
                    "voided": entry.version in voided,
                    "anomalies": flags.get(entry.version, []),
                }
            )
    return steps
