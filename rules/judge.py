"""The judge: is this event legal now, and if not, which rule does it break?

``judge(game, action)`` only reads. Its answer names a stable rule id and says in
an arbiter's words what was required and why: "W must play a trump: void in
spades and the partner does not hold the trick (held: 9♥ J♥)".

>>> from rules.registry import find_profile
>>> from rules.actions import CardPlayed
>>> from rules.seats import Seat
>>> g = Game.start(find_profile("ffb"), Seat.N)
>>> judge(g, CardPlayed(Seat.W, 0)).rule
'no-deal'
"""

from __future__ import annotations

from rules.actions import (
    Action,
    AnnounceDeclared,
    BeloteDeclared,
    BeloteWord,
    BidPlaced,
    CardPlayed,
    Coinched,
    DealStarted,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.announces import shape
from rules.belote import belote_suits, pair
from rules.cards import card_label, iter_cards, mask_of
from rules.deal import Deal, Phase
from rules.dealing import judge_dealing
from rules.game import Game
from rules.play import legal_with, why_required
from rules.verdict import LEGAL, Severity, Verdict, breach, impossible

_PLAY, _DONE, _AUCTION = Phase.PLAY, Phase.DONE, Phase.AUCTION  # bound once: hot paths


def judge(game: Game, action: Action) -> Verdict:
    """Legal, a breach (refused in strict mode, kept in record mode) or impossible."""
    deal = game.deal
    if type(action) is CardPlayed and deal is not None and deal.phase is _PLAY:
        return judge_card(deal, action)  # the hot path: 32 of a deal's ~40 events
    if game.over:
        return impossible("game-over", "the game is over: no more events can be recorded")
    if isinstance(action, DealStarted):
        if game.in_deal:
            return impossible("deal-in-progress", "a deal is in progress: finish it first")
        return judge_dealing(game, action)
    if deal is None or deal.over:
        return impossible("no-deal", "no deal in progress: record a DealStarted first")
    if isinstance(action, Misdeal):
        if deal.auction.calls or deal.phase is not _AUCTION:
            return impossible("misdeal-too-late", "a misdeal is declared instead of the auction")
        return LEGAL
    if isinstance(action, (Passed, BidPlaced, Coinched, Surcoinched)):
        if deal.phase is not _AUCTION:
            return impossible("auction-closed", f"{action.seat} calls after the auction closed")
        return deal.auction.judge(action)
    if deal.phase is not _PLAY:
        name = type(action).__name__
        return impossible("auction-not-over", f"{name} before the end of the auction")
    if isinstance(action, CardPlayed):
        return judge_card(deal, action)
    if isinstance(action, AnnounceDeclared):
        return judge_announce(deal, action)
    if isinstance(action, BeloteDeclared):
        return judge_belote(deal, action)
    raise TypeError(f"cannot judge {type(action).__name__}")


def judge_possible(game: Game, action: Action) -> Verdict:
    """Only whether ``action`` can happen at all (impossible or legal): the cheap check
    of a fold that trusts the breaches recorded at append time."""
    deal = game.deal
    if type(action) is CardPlayed and deal is not None and deal.phase is _PLAY:
        c, seat, played = action.card, action.seat, deal.played
        if (played[0] | played[1] | played[2] | played[3]) >> c & 1:
            return impossible("card-already-played", f"{card_label(c)} has already been played")
        if seat != deal.turn:
            return impossible(
                "out-of-turn", f"{seat} plays {card_label(c)} but it is {deal.turn}'s turn"
            )
        if deal.hands is not None and not deal.hands[seat] >> c & 1:
            return impossible(
                "card-not-held", f"{seat} plays {card_label(c)}, which it was not dealt"
            )
        return LEGAL
    verdict = judge(game, action)
    return LEGAL if verdict.severity is Severity.BREACH else verdict


def judge_card(deal: Deal, action: CardPlayed) -> Verdict:
    seat, c = action.seat, action.card
    played = deal.played
    if (played[0] | played[1] | played[2] | played[3]) >> c & 1:
        return impossible("card-already-played", f"{card_label(c)} has already been played")
    if seat != deal.turn:
        return impossible(
            "out-of-turn", f"{seat} plays {card_label(c)} but it is {deal.turn}'s turn"
        )
    if deal.hands is None:
        return _belote_card(deal, action) if deal.belotes else LEGAL
    hand = deal.hands[seat] & ~played[seat]
    if not hand >> c & 1:
        return impossible("card-not-held", f"{seat} plays {card_label(c)}, which it was not dealt")
    contract = deal.contract
    assert contract is not None
    assert deal.order is not None
    legal = legal_with(
        hand, deal.trick_seats, deal.trick_cards, seat, deal.order, deal.profile, deal.best
    )
    if not legal >> c & 1:
        rule, why = why_required(
            hand, deal.trick_seats, deal.trick_cards, seat, contract.trump, deal.profile
        )
        allowed = " ".join(card_label(x) for x in iter_cards(legal))
        return breach(rule, f"{seat} played {card_label(c)} but {why} (allowed: {allowed})")
    return _belote_card(deal, action) if deal.belotes else LEGAL


def _belote_card(deal: Deal, action: CardPlayed) -> Verdict:
    last = deal.belotes[-1] if deal.belotes else None
    if last is None or last.seat != action.seat or last.card is not None:
        return LEGAL
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    if not any(pair(s) >> action.card & 1 for s in suits):
        return breach(
            "belote-wrong-card",
            f"{action.seat} said {last.word.value} but played "
            f"{card_label(action.card)}, not the king or queen of trump",
        )
    return LEGAL


def judge_announce(deal: Deal, a: AnnounceDeclared) -> Verdict:
    p = deal.profile
    if not p.announces:
        return breach("no-announces", f"only belote is announced under {p.id}")
    if deal.tricks or a.seat != deal.turn or a.seat in deal.trick_seats:
        return breach(
            "announce-out-of-time",
            f"{a.seat} declares a {a.kind.value}: announces are declared in the first "
            "trick, just before the player's own card",
        )
    assert deal.contract is not None
    found = shape(a.kind, a.cards, deal.contract.trump)
    if isinstance(found, str):
        return breach("false-announce", f"{a.seat}'s {a.kind.value} is false: {found}")
    hand = deal.dealt(a.seat)
    if hand is not None and hand & found.cards != found.cards:
        return breach("false-announce", f"{a.seat} declares {found.label()} without holding it")
    for d in deal.declared:
        if d.seat == a.seat and mask_of(d.cards) & found.cards:
            return breach(
                "false-announce",
                f"{a.seat}'s {found.label()} reuses a card of another of its announces",
            )
    return LEGAL


def judge_belote(deal: Deal, b: BeloteDeclared) -> Verdict:
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    if not suits:
        return breach("no-belote-here", f"there is no belote at {deal.contract.trump.name}")
    if b.seat != deal.turn:
        return breach("belote-out-of-time", f"{b.seat} says {b.word.value} out of its turn")
    hand = deal.held(b.seat)
    if hand is None:
        return LEGAL
    dealt = deal.dealt(b.seat) or 0
    for s in suits:
        if dealt & pair(s) != pair(s):
            continue
        still = hand & pair(s)
        if b.word is BeloteWord.BELOTE and still == pair(s):
            return LEGAL
        if b.word is BeloteWord.REBELOTE and still and still != pair(s):
            return LEGAL
    if b.word is BeloteWord.REBELOTE and any(dealt & pair(s) == pair(s) for s in suits):
        return breach("belote-order", f"{b.seat} says rebelote before belote")
    return breach(
        "belote-without-pair", f"{b.seat} says {b.word.value} without the king and queen of trump"
    )
