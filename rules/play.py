"""The play of the cards: which cards are legal now, and who wins a trick.

Every switch of RULES.md's "Play of the cards" table is read here:
``overtrump_partner``, ``ta_beat_partner`` and ``undertrump``. Hands and results
are card bit masks (see :mod:`rules.cards`).

>>> from rules.cards import mask_of, parse_cards, names
>>> from rules.registry import find_profile
>>> ffb = find_profile("ffb")
>>> hand = mask_of(parse_cards(["7H", "AH", "8S", "KC"]))
>>> # Spades led by W, N (our partner? no: N's partner is S) trumped with 9H ...
>>> names(legal_cards(hand, (Seat.W, Seat.N), parse_cards(["AS", "9H"]), Seat.E, Trump.H, ffb))
['8S']
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import SUIT_MASKS, CardSet
from rules.contract import Trump
from rules.order import OrderTable, table
from rules.profiles import Profile, Undertrump
from rules.seats import Seat
from rules.verdict import Facts, facts


def winning_index(cards: Sequence[int], tab: OrderTable) -> int:
    """Index in ``cards`` of the card that holds the trick (the highest trump, else the
    highest card of the led suit; at SA and TA only the led suit can win)."""
    led = cards[0] >> 3
    strength = tab.strength
    trump = tab.trump
    suit_trump = trump <= 3
    best = 0
    best_key = -1
    for i, c in enumerate(cards):
        suit = c >> 3
        if suit_trump and suit == trump:
            key = 16 + strength[c]
        elif suit == led:
            key = 8 + strength[c]
        else:
            continue
        if key > best_key:
            best_key = key
            best = i
    return best


def trick_points(cards: Sequence[int], tab: OrderTable) -> int:
    points = tab.points
    return sum(points[c] for c in cards)


def legal_cards(
    hand: CardSet,
    trick_seats: Sequence[Seat],
    trick_cards: Sequence[int],
    seat: Seat,
    trump: Trump,
    profile: Profile,
) -> CardSet:
    """The cards of ``hand`` that ``seat`` may play on the trick so far.

    Never empty while the hand is not empty: when no rule restricts the choice,
    every card of the hand is legal.
    """
    return legal_with(
        hand, trick_seats, trick_cards, seat, table(trump, profile.ta_points), profile
    )


def legal_with(
    hand: CardSet,
    trick_seats: Sequence[Seat],
    trick_cards: Sequence[int],
    seat: Seat,
    tab: OrderTable,
    profile: Profile,
    win: int = -1,
) -> CardSet:
    """:func:`legal_cards` with the contract's order table already looked up, and the
    index of the card holding the trick when the caller knows it."""
    if not trick_cards or not hand:
        return hand
    trump = tab.trump
    led = trick_cards[0] >> 3
    follow = hand & SUIT_MASKS[led]
    if trump == 4:  # SA
        return follow or hand
    if trump != 5 and led != trump:  # a plain suit led in a suit contract: the commonest case
        if follow:
            return follow
        trumps = hand & SUIT_MASKS[trump]
        if not trumps:
            return hand
        if win < 0:
            win = winning_index(trick_cards, tab)
        if trick_seats[win] == _PARTNER[seat]:
            return hand
        best = trick_cards[win]
        if best >> 3 == trump:  # an opponent trumped: overtrump if able
            higher = trumps & tab.beats[best]
            if higher:
                return higher
            return trumps if profile.undertrump is Undertrump.MUST_UNDERTRUMP else hand
        return trumps
    if win < 0:
        win = winning_index(trick_cards, tab)
    best = trick_cards[win]
    partner_holds = trick_seats[win] == _PARTNER[seat]
    if trump == 5:  # TA: follow and beat the highest card when able
        if not follow:
            return hand
        if partner_holds and not profile.ta_beat_partner:
            return follow
        return (follow & tab.beats[best]) or follow
    # trump led
    if not follow:
        return hand
    if partner_holds and not profile.overtrump_partner:
        return follow
    return (follow & tab.beats[best]) or follow


_PARTNER = (Seat.S, Seat.W, Seat.N, Seat.E)


def why_required(
    hand: CardSet,
    trick_seats: Sequence[Seat],
    trick_cards: Sequence[int],
    seat: Seat,
    trump: Trump,
    profile: Profile,
    card: int | None = None,
) -> tuple[str, Facts]:
    """The rule (stable id) that restricts the choice now, and its facts.

    Used by the judge to explain a refusal: ``("must-overtrump", (("led", "S"),
    ("best", "9H"), ("trump", "H")))``: spades led, the 9♥ holds the trick, hearts
    are trump. Call only when the choice is restricted.
    With the ``card`` played, the breach is named by what that card broke first: a
    card of another suit from a player holding the led suit is ``must-follow-suit``
    (a renonce) even when trump was led and a higher trump was also required.
    """
    from rules.cards import card_name

    tab = table(trump, profile.ta_points)
    led = trick_cards[0] >> 3
    follow = hand & SUIT_MASKS[led]
    best = trick_cards[winning_index(trick_cards, tab)]
    why = facts(led="CDHS"[led], best=card_name(best), trump=trump.name)
    if trump == Trump.SA or (trump != Trump.TA and led != trump and follow):
        return "must-follow-suit", why
    if follow and card is not None and card >> 3 != led:
        return "must-follow-suit", why
    if trump == Trump.TA:
        if follow & tab.beats[best]:
            return "must-beat", why
        return "must-follow-suit", why
    trumps = hand & SUIT_MASKS[trump]
    if led == trump:
        if trumps & tab.beats[best]:
            return "must-overtrump", why
        return "must-follow-suit", why
    if best >> 3 == trump:
        if trumps & tab.beats[best]:
            return "must-overtrump", why
        return "must-undertrump", why
    return "must-trump", why
