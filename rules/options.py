"""What may happen next at the table: who acts and the legal actions now.

A recording page asks this after every event, so its bidding box offers only the
legal calls and its hand only the legal cards. :func:`options` only reads the game;
every answer comes from the judge (:mod:`rules.judge`) and the auction, so it says
exactly what an append would accept in ``strict`` mode.

>>> from rules.registry import find_profile
>>> from rules.actions import DealStarted
>>> g = Game.start(find_profile("ffb"), Seat.N).apply(DealStarted(Seat.N))
>>> o = options(g)
>>> o.phase, o.seat, len(o.calls) > 40
('auction', <Seat.W: 3>, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import AnnounceKind, BeloteWord, Call, Coinched, Surcoinched
from rules.announces import best_announces
from rules.belote import belote_suits, pair
from rules.cards import Card, CardSet, iter_cards
from rules.deal import Deal, Phase
from rules.game import Game
from rules.seats import SEATS, Seat

ALL_CARDS: CardSet = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class AnnounceOption:
    kind: AnnounceKind
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Options:
    """``phase``: ``deal`` (a deal must start; ``dealer`` is the next dealer), ``auction``,
    ``play`` or ``over`` (the game is over). ``seat``: whose turn (None outside a deal).

    ``cards``: the legal cards of the seat to play; None when its hand was not recorded
    (then any card of ``unplayed`` may be it). ``hand``: the cards it holds, when known.
    ``announces``: those it may declare, found in its hand when the hand is known;
    ``announce_open``: whether it may declare one now at all (its first card of the first
    trick, in a profile with announces), the cards then told by the recorder when the hand
    is unknown. ``belote``: the cards whose playing calls for a belote/rebelote prompt,
    with the word. ``claim_belote``: the seats that could still declare a belote with a claim.
    ``closing``: in the auction, the seats whose passes in turn would end it."""

    phase: str
    dealer: Seat | None
    seat: Seat | None = None
    calls: tuple[Call, ...] = ()
    cards: CardSet | None = 0
    hand: CardSet | None = None
    unplayed: CardSet = 0
    announces: tuple[AnnounceOption, ...] = ()
    belote: tuple[tuple[Card, BeloteWord], ...] = ()
    claim_belote: tuple[Seat, ...] = ()
    announce_open: bool = False  # the seat to play may declare an announce now
    closing: tuple[Seat, ...] = ()  # in the auction: the seats whose passes, in turn, close it


def options(game: Game) -> Options:
    """The legal actions of ``game`` now."""
    if game.over:
        return Options("over", None)
    deal = game.deal
    if deal is None or deal.over:
        return Options("deal", game.next_dealer)
    unplayed = ALL_CARDS & ~deal.all_played
    if deal.phase is Phase.AUCTION:
        return Options(
            "auction",
            deal.dealer,
            deal.turn,
            _calls(deal),
            cards=0,
            unplayed=unplayed,
            closing=_closing(deal),
        )
    seat = deal.turn
    cards = deal.legal_cards()
    said = deal.belotes[-1] if deal.belotes else None
    if cards is not None and said is not None and said.seat == seat and said.card is None:
        assert deal.contract is not None  # a word said: its king or queen comes next
        suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
        cards &= sum(pair(s) for s in suits)
    return Options(
        "play",
        deal.dealer,
        seat,
        cards=cards,
        hand=deal.held(seat),
        unplayed=unplayed,
        announces=_announces(deal, seat),
        belote=_belote(deal, seat),
        claim_belote=_claim_belote(deal),
        announce_open=_announce_open(deal, seat),
    )


def _calls(deal: Deal) -> tuple[Call, ...]:
    """The legal calls of the seat in turn, then the coinches and surcoinches other seats
    may make out of turn where the profile allows it."""
    auction = deal.auction
    calls = list(auction.legal_calls(deal.turn))
    for seat in SEATS:
        if seat == deal.turn:
            continue
        for call in (Coinched(seat), Surcoinched(seat)):
            if auction.judge(call).legal:
                calls.append(call)
    return tuple(calls)


def _closing(deal: Deal) -> tuple[Seat, ...]:
    """The seats, from the one in turn, whose passes end the auction (after a bid: three
    passes in a row; without one: four, the deal then passed out)."""
    auction = deal.auction
    left = (3 if auction.bid is not None else 4) - auction.passes
    seats, seat = [], deal.turn
    for _ in range(max(left, 0)):
        seats.append(seat)
        seat = deal.nexts[seat]
    return tuple(seats)


def _announce_open(deal: Deal, seat: Seat) -> bool:
    return deal.profile.announces and not deal.tricks and seat not in deal.trick_seats


def _announces(deal: Deal, seat: Seat) -> tuple[AnnounceOption, ...]:
    """The announces ``seat`` may declare now (its first card of the first trick), when its
    hand is known and not already announced."""
    if not _announce_open(deal, seat) or deal.contract is None:
        return ()
    hand = deal.dealt(seat)
    if hand is None:
        return ()
    said = {tuple(d.cards) for d in deal.declared if d.seat == seat}
    found = []
    for a in best_announces(hand, deal.contract.trump):
        cards = tuple(iter_cards(a.cards))
        if cards not in said:
            found.append(AnnounceOption(a.kind, cards))
    return tuple(found)


def _belote(deal: Deal, seat: Seat) -> tuple[tuple[Card, BeloteWord], ...]:
    """The cards of ``seat`` whose playing may go with a belote (the first of K+Q of a
    belote suit) or a rebelote (the second, the first played by the same seat). With
    unrecorded hands any unplayed K or Q of a belote suit whose partner card is unplayed
    too may be a belote."""
    assert deal.contract is not None
    found: list[tuple[Card, BeloteWord]] = []
    gone = deal.all_played
    dealt = deal.dealt(seat)
    for s in belote_suits(deal.contract.trump, deal.profile.belote_at_ta):
        both = pair(s)
        if dealt is not None and dealt & both != both:
            continue
        mine = deal.played[seat] & both
        if mine and mine != both and not gone & both & ~mine:
            found += [(c, BeloteWord.REBELOTE) for c in iter_cards(both & ~mine)]
        elif not gone & both:
            found += [(c, BeloteWord.BELOTE) for c in iter_cards(both)]
    return tuple(found)


def _claim_belote(deal: Deal) -> tuple[Seat, ...]:
    """Seats that may declare a belote with a claim: K and Q of a belote suit unplayed and,
    when the hands are known, both in the seat's hand."""
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    gone = deal.all_played
    seats = []
    for seat in SEATS:
        held = deal.held(seat)
        for s in suits:
            if not gone & pair(s) and (held is None or held & pair(s) == pair(s)):
                seats.append(seat)
                break
    return tuple(seats)
