"""The judge: is this event legal now, and if not, which rule does it break?

``judge(game, action)`` only reads. Its answer names a stable rule id and the facts
an arbiter needs to say what was required and why (the seat, the card, the led
suit, the cards allowed…); the message catalogues (package ``i18n``) word them.

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
    Claimed,
    Coinched,
    DealStarted,
    DealSummarized,
    Misdeal,
    Passed,
    Surcoinched,
)
from rules.announces import Announce, shape
from rules.belote import belote_suits, pair
from rules.cards import card_name, mask_of, names
from rules.claims import claimed_belote_suits
from rules.deal import Deal, Phase
from rules.dealing import judge_dealing
from rules.game import Game
from rules.play import legal_with, why_required
from rules.seats import Seat
from rules.summary import summary_problem
from rules.verdict import LEGAL, Severity, Verdict, breach, impossible

_PLAY, _DONE, _AUCTION = Phase.PLAY, Phase.DONE, Phase.AUCTION  # bound once: hot paths


def judge(game: Game, action: Action) -> Verdict:
    """Legal, a breach (refused in strict mode, kept in record mode) or impossible."""
    deal = game.deal
    if type(action) is CardPlayed and deal is not None and deal.phase is _PLAY:
        return judge_card(deal, action)  # the hot path: 32 of a deal's ~40 events
    if game.over:
        return impossible("game-over")
    if isinstance(action, DealStarted):
        if game.in_deal:
            return impossible("deal-in-progress")
        return judge_dealing(game, action)
    if isinstance(action, DealSummarized):
        return judge_summary(game, action)
    if deal is None or deal.over:
        return impossible("no-deal")
    if isinstance(action, Misdeal):
        if deal.auction.calls or deal.phase is not _AUCTION:
            return impossible("misdeal-too-late", seat=action.seat.name)
        return LEGAL
    if isinstance(action, (Passed, BidPlaced, Coinched, Surcoinched)):
        if deal.phase is not _AUCTION:
            return impossible("auction-closed", seat=action.seat.name)
        return deal.auction.judge(action)
    if deal.phase is not _PLAY:
        return impossible("auction-not-over", event=type(action).__name__)
    if isinstance(action, CardPlayed):
        return judge_card(deal, action)
    if isinstance(action, AnnounceDeclared):
        return judge_announce(deal, action)
    if isinstance(action, BeloteDeclared):
        return judge_belote(deal, action)
    if isinstance(action, Claimed):
        return judge_claim(deal, action)
    raise TypeError(f"cannot judge {type(action).__name__}")


def judge_possible(game: Game, action: Action) -> Verdict:
    """Only whether ``action`` can happen at all (impossible or legal): the cheap check
    of a fold that trusts the breaches recorded at append time."""
    deal = game.deal
    if type(action) is CardPlayed and deal is not None and deal.phase is _PLAY:
        c, seat, played = action.card, action.seat, deal.played
        if (played[0] | played[1] | played[2] | played[3]) >> c & 1:
            return _already_played(seat, c)
        if seat != deal.turn:
            return _card_out_of_turn(seat, c, deal.turn)
        if deal.hands is not None and not deal.hands[seat] >> c & 1:
            return impossible("card-not-held", seat=seat.name, card=card_name(c))
        return LEGAL
    verdict = judge(game, action)
    return LEGAL if verdict.severity is Severity.BREACH else verdict


def judge_summary(game: Game, s: DealSummarized) -> Verdict:
    """A score-only deal: only between deals, with facts a deal can have, by the dealer."""
    if game.in_deal:
        return impossible("deal-in-progress")
    found = summary_problem(game.profile, s)
    if found is not None:
        field, problem, said = found
        return impossible("impossible-summary", field=field, problem=problem, **dict(said))
    if s.dealer != game.next_dealer:
        return breach("wrong-dealer", seat=s.dealer.name, turn=game.next_dealer.name)
    return LEGAL


def judge_claim(deal: Deal, claim: Claimed) -> Verdict:
    """A claim is accepted whenever it comes in the play (the table agreed to it); only
    the belotes declared with it are judged, as belotes are."""
    assert deal.contract is not None
    if claim.belote and not belote_suits(deal.contract.trump, deal.profile.belote_at_ta):
        trump = deal.contract.trump.name
        return breach("no-belote-here", seat=claim.belote[0].name, word="belote", trump=trump)
    for seat, found in zip(claim.belote, claimed_belote_suits(deal, claim), strict=True):
        if found is None:
            return breach(
                "belote-without-pair",
                seat=seat.name,
                word="belote",
                trump=deal.contract.trump.name,
                at="claim",
            )
    return LEGAL


def judge_card(deal: Deal, action: CardPlayed) -> Verdict:
    seat, c = action.seat, action.card
    played = deal.played
    if (played[0] | played[1] | played[2] | played[3]) >> c & 1:
        return _already_played(seat, c)
    if seat != deal.turn:
        return _card_out_of_turn(seat, c, deal.turn)
    if deal.hands is None:
        return _belote_card(deal, action) if deal.belotes else LEGAL
    hand = deal.hands[seat] & ~played[seat]
    if not hand >> c & 1:
        return impossible("card-not-held", seat=seat.name, card=card_name(c))
    contract = deal.contract
    assert contract is not None
    assert deal.order is not None
    legal = legal_with(
        hand, deal.trick_seats, deal.trick_cards, seat, deal.order, deal.profile, deal.best
    )
    if not legal >> c & 1:
        rule, why = why_required(
            hand, deal.trick_seats, deal.trick_cards, seat, contract.trump, deal.profile, c
        )
        return breach(
            rule, seat=seat.name, card=card_name(c), **dict(why), allowed=tuple(names(legal))
        )
    return _belote_card(deal, action) if deal.belotes else LEGAL


def _already_played(seat: Seat, c: int) -> Verdict:
    return impossible("card-already-played", seat=seat.name, card=card_name(c))


def _card_out_of_turn(seat: Seat, c: int, turn: Seat) -> Verdict:
    return impossible("out-of-turn", seat=seat.name, card=card_name(c), turn=turn.name)


def _belote_card(deal: Deal, action: CardPlayed) -> Verdict:
    last = deal.belotes[-1] if deal.belotes else None
    if last is None or last.seat != action.seat or last.card is not None:
        return LEGAL
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    if not any(pair(s) >> action.card & 1 for s in suits):
        return breach(
            "belote-wrong-card",
            seat=action.seat.name,
            word=last.word.value,
            card=card_name(action.card),
            trump=deal.contract.trump.name,
        )
    return LEGAL


def judge_announce(deal: Deal, a: AnnounceDeclared) -> Verdict:
    p = deal.profile
    if not p.announces:
        return breach("no-announces", seat=a.seat.name, kind=a.kind.value)
    if deal.tricks or a.seat != deal.turn or a.seat in deal.trick_seats:
        return breach("announce-out-of-time", seat=a.seat.name, kind=a.kind.value)
    assert deal.contract is not None
    found = shape(a.kind, a.cards, deal.contract.trump)
    cards = tuple(names(a.cards))
    if not isinstance(found, Announce):
        return breach(
            "false-announce", seat=a.seat.name, kind=a.kind.value, cards=cards, **dict(found)
        )
    hand = deal.dealt(a.seat)
    if hand is not None and hand & found.cards != found.cards:
        return breach(
            "false-announce", seat=a.seat.name, kind=a.kind.value, cards=cards, why="not-held"
        )
    for d in deal.declared:
        if d.seat == a.seat and mask_of(d.cards) & found.cards:
            return breach(
                "false-announce", seat=a.seat.name, kind=a.kind.value, cards=cards, why="reused"
            )
    return LEGAL


def judge_belote(deal: Deal, b: BeloteDeclared) -> Verdict:
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    if not suits:
        return breach(
            "no-belote-here", seat=b.seat.name, word=b.word.value, trump=deal.contract.trump.name
        )
    if b.seat != deal.turn:
        return breach("belote-out-of-time", seat=b.seat.name, word=b.word.value)
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
        return breach("belote-order", seat=b.seat.name, word=b.word.value)
    return breach(
        "belote-without-pair", seat=b.seat.name, word=b.word.value, trump=deal.contract.trump.name
    )
