"""The timeline: every step of a game (or of one deal) in words, with its address.

Each step names the game ``version`` (and global ``position``) to replay to, the
table address reached (deal.trick.card), a one-line description an arbiter reads
("S bids 90♥", "E coinches", "W plays J♣ — belote", "NS win trick 3, 24 points";
in French "S annonce 90♥", "E coinche", "O joue le V♣ — belote", "NS font le pli 3,
24 points"), worded by :mod:`i18n.timeline` from the step's kind and facts, and its
flags: voided by a later event, anomalies found there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.vocabulary import log
from i18n.timeline import describe_step
from i18n.vocabulary import vocabulary_of
from projections.address import address_of
from projections.entries import Entry
from projections.fold import states
from projections.state import GameState
from rules import actions as a
from rules.cards import card_name
from rules.deal import Phase
from rules.seats import Team
from rules.verdict import Facts, as_params, facts


def describe(entry: Entry, before: GameState, after: GameState) -> list[tuple[str, Facts]]:
    """The step(s) describing ``entry``, each a kind and its facts (worded by
    :mod:`i18n.timeline`); a trick's last card adds the trick's result."""
    r = entry.record
    if isinstance(r, log.GameCreated):
        seats = tuple(f"{s.name} {p}" for s, p in sorted(r.seats.items()))
        profile = after.meta.profile.id if after.meta else r.profile_id or "custom"
        return [("game-created", facts(profile=profile, seats=seats, dealer=r.first_dealer.name))]
    if isinstance(r, a.DealStarted):
        number = after.game.deal.number if after.game and after.game.deal else 0
        return [("deal-started", facts(deal=number, dealer=r.dealer.name))]
    if isinstance(r, a.DealSummarized):
        return [_summary_step(r, after)]
    if isinstance(r, a.Claimed):
        belote = tuple(s.name for s in r.belote)
        return [("claimed", facts(seat=r.seat.name, takes=r.takes.value, belote=belote))]
    if isinstance(r, a.Passed):
        return [("passed", facts(seat=r.seat.name))]
    if isinstance(r, a.BidPlaced):
        return [("bid", facts(seat=r.seat.name, value=r.value, trump=r.trump.name))]
    if isinstance(r, a.Coinched):
        return [("coinched", facts(seat=r.seat.name))]
    if isinstance(r, a.Surcoinched):
        return [("surcoinched", facts(seat=r.seat.name))]
    if isinstance(r, a.Misdeal):
        return [("misdeal", facts(seat=r.seat.name))]
    if isinstance(r, a.AnnounceDeclared):
        return [("announce", facts(seat=r.seat.name, kind=r.kind.value))]
    if isinstance(r, a.BeloteDeclared):
        return [("belote", facts(seat=r.seat.name, word=r.word.value))]
    if isinstance(r, a.CardPlayed):
        return _card_lines(r, before, after)
    if isinstance(r, log.ScoreRecorded):
        ns, ew = r.marks.get(Team.NS, 0), r.marks.get(Team.EW, 0)
        return [("score-written", facts(deal=r.deal, ns=ns, ew=ew))]
    if isinstance(r, log.EventVoided):
        return [("voided", facts(by=r.by, target=r.version, reason=r.reason))]
    if isinstance(r, log.RulingIssued):
        penalty, offender = r.ruling.get("penalty"), r.ruling.get("offender")
        if penalty is not None:
            said = facts(by=r.by, deal=r.deal, penalty=str(penalty), seat=str(offender),
                         reason=r.reason)  # fmt: skip
            return [("ruling-penalty", said)]
        return [("ruling", facts(by=r.by, deal=r.deal, reason=r.reason))]
    if isinstance(r, log.GameAbandoned):
        return [("abandoned", facts(reason=r.reason))]
    return [("other", facts(event=entry.type))]


def _summary_step(r: a.DealSummarized, after: GameState) -> tuple[str, Facts]:
    number = len(after.game.records) if after.game is not None else 0
    c = r.contract
    if c is None:
        return ("deal-summarized-passed", facts(deal=number, dealer=r.dealer.name))
    ns, ew = r.card_points
    said = facts(
        deal=number,
        dealer=r.dealer.name,
        seat=c.taker.name,
        value=c.value,
        trump=c.trump.name,
        coinche=c.coinche,
        ns=ns,
        ew=ew,
    )
    return ("deal-summarized", said)


def _card_lines(r: a.CardPlayed, before: GameState, after: GameState) -> list[tuple[str, Facts]]:
    deal_before = before.game.deal if before.game else None
    played = facts(seat=r.seat.name, card=card_name(r.card))
    if (
        deal_before
        and deal_before.belotes
        and deal_before.belotes[-1].seat == r.seat
        and deal_before.belotes[-1].card is None
    ):
        played += (("word", deal_before.belotes[-1].word.value),)
    trump = deal_before.contract.trump.name if deal_before and deal_before.contract else ""
    if trump:
        played += (("trump", trump),)
    lines = [("card", played)]
    deal = after.game.deal if after.game else None
    if deal is not None and deal_before is not None and len(deal.tricks) > len(deal_before.tricks):
        t = deal.tricks[-1]
        won = facts(team=t.winner.team.name, trick=len(deal.tricks), points=t.points)
        lines.append(("trick-won", won))
    if deal is not None and deal.phase is Phase.DONE and after.game and after.game.records:
        res = after.game.records[-1].result
        made = 1 if res.made else 0
        over = facts(deal=deal.number, made=made, ns=res.marks[0], ew=res.marks[1])
        lines.append(("deal-over", over))
    return lines


def timeline(
    entries: Sequence[Entry], deal: int | None = None, lang: str = "en"
) -> list[dict[str, Any]]:
    """The steps of the game, or of ``deal`` only, described in ``lang``."""
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
        words = vocabulary_of(after.meta.profile if after.meta else None)
        for kind, found in describe(entry, prior, after):
            steps.append(
                {
                    "version": entry.version,
                    "position": entry.position,
                    "type": entry.type,
                    "address": None if address is None else str(address),
                    "description": describe_step(kind, as_params(found), lang, words),
                    "voided": entry.version in voided,
                    "anomalies": flags.get(entry.version, []),
                }
            )
    return steps
