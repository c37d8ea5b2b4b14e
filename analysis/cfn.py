"""colver's CFN notation of a deal in play: read and write, so that any position can
be checked against colver's solver.

A CFN line has three fields separated by spaces::

    N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 7s9sQsAs/7h 90dNSx

- the dealer's letter, then the four hands still held, players 0 to 3, each as
  spades.hearts.diamonds.clubs with ranks from the ace down (A T K Q J 9 8 7);
- the cards played, trick by trick (``/`` between tricks), ``-`` when none;
- the contract: value, trump letter (``s h d c``), the takers ``NS`` or ``EW``, then
  ``x`` when coinched and ``xx`` when surcoinched. CFN knows no SA, TA or capot
  contract.

colver's players 0, 1, 2, 3 play in that order and are lettered N, E, S, W; our
seats are mapped onto them in the profile's order of play from North (under a
counterclockwise profile colver's "E" is our West), so partners stay partners.

>>> from rules.registry import find_profile
>>> line = "N:A.AK.J7.K87/TJ87.Q9..AQ/9.T87.TK98./KQ.J.AQ.TJ9 - 90dNSx"
>>> write_cfn(read_cfn(line, find_profile("ffb")), find_profile("ffb")) == line
True
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.position import Position
from rules.cards import Card, CardSet, iter_cards
from rules.contract import Trump
from rules.order import table
from rules.play import winning_index
from rules.profiles import Profile
from rules.seats import Seat, Team, next_seat, seats_from


class CfnError(ValueError):
    """A CFN line that cannot be read (the message says which part and why)."""


_SUITS = "shdc"  # CFN's suit order, and its letters
_OUR_SUIT = {"s": 3, "h": 2, "d": 1, "c": 0}
_RANKS = "ATKQJ987"  # CFN's rank order in a hand, ace first
_OUR_RANK = {r: "789TJQKA".index(r) for r in _RANKS}
_LETTERS = "NESW"  # colver's letters of its players 0..3
_LEVELS = {"": 1, "x": 2, "xx": 4}


@dataclass(frozen=True, slots=True)
class CfnDeal:
    """A deal in play as CFN holds it, in our seats."""

    dealer: Seat
    hands: tuple[CardSet, CardSet, CardSet, CardSet]  # cards still held, N E S W
    tricks: tuple[tuple[Card, ...], ...]  # played cards by trick; the last may be short
    value: int
    trump: Trump
    takers: Team
    coinche: int  # 1, 2 (coinched) or 4 (surcoinched)


def colver_card(index: int) -> Card:
    """Our card of colver's card index (suits spades, hearts, diamonds, clubs; in a
    suit 7 8 9 J Q K T A)."""
    if not 0 <= index < 32:
        raise CfnError(f"{index} is not a colver card index (0 to 31)")
    suit = "shdc"[index // 8]
    return _card("789JQKTA"[index % 8] + suit, "colver card")


def players(profile: Profile) -> tuple[Seat, Seat, Seat, Seat]:
    """Our seat of colver's players 0, 1, 2, 3 (the order of play from North)."""
    return seats_from(Seat.N, profile.direction)


def _card(text: str, where: str) -> Card:
    if len(text) != 2 or text[0] not in _OUR_RANK or text[1] not in _OUR_SUIT:
        raise CfnError(f"{where}: {text!r} is not a CFN card (rank AKQJT987, suit shdc)")
    return Card(_OUR_SUIT[text[1]] * 8 + _OUR_RANK[text[0]])


def _card_text(c: int) -> str:
    return "789TJQKA"[c & 7] + "cdhs"[c >> 3]


def _hand(text: str, who: str) -> CardSet:
    suits = text.split(".")
    if len(suits) != 4:
        raise CfnError(f"hand of {who}: four suits separated by '.' expected, got {text!r}")
    mask = 0
    for letter, ranks in zip(_SUITS, suits, strict=True):
        for r in ranks:
            c = _card(r + letter, f"hand of {who}")
            if mask >> c & 1:
                raise CfnError(f"hand of {who}: {r}{letter} is written twice")
            mask |= 1 << c
    return mask


def read_cfn(text: str, profile: Profile) -> CfnDeal:
    if not isinstance(text, str):
        raise CfnError("a CFN deal is one line of text")
    parts = text.split()
    if len(parts) != 3:
        raise CfnError(f"a CFN line has 3 fields separated by spaces, got {len(parts)}")
    head, played, contract = parts
    if len(head) < 2 or head[1] != ":" or head[0] not in _LETTERS:
        raise CfnError("the first field starts with the dealer's letter and ':' (e.g. 'N:')")
    order = players(profile)
    dealer = order[_LETTERS.index(head[0])]
    hand_texts = head[2:].split("/")
    if len(hand_texts) != 4:
        raise CfnError(f"four hands separated by '/' expected, got {len(hand_texts)}")
    hands = [0, 0, 0, 0]
    for i, h in enumerate(hand_texts):
        hands[order[i]] = _hand(h, f"player {i}")
    tricks: list[tuple[Card, ...]] = []
    if played != "-":
        for k, trick in enumerate(played.split("/")):
            if len(trick) % 2 or not 2 <= len(trick) <= 8:
                raise CfnError(f"trick {k + 1}: one to four cards of two letters each expected")
            tricks.append(
                tuple(_card(trick[i : i + 2], f"trick {k + 1}") for i in range(0, len(trick), 2))
            )
        if any(len(t) != 4 for t in tricks[:-1]):
            raise CfnError("only the last trick may have fewer than four cards")
    value, trump, takers, coinche = _contract(contract)
    deal = CfnDeal(
        dealer,
        (hands[0], hands[1], hands[2], hands[3]),
        tuple(tricks),
        value,
        trump,
        takers,
        coinche,
    )
    held = 0
    for mask in deal.hands:
        if mask & held:
            raise CfnError("a card is held by two players")
        held |= mask
    seen = 0
    for c in [c for t in deal.tricks for c in t]:
        if seen >> c & 1:
            raise CfnError(f"{_card_text(c)} is played twice")
        seen |= 1 << c
    if held & seen:
        raise CfnError("a card is both held and played")
    seen |= held
    if seen != (1 << 32) - 1:
        raise CfnError("the hands and the played cards are not the 32 cards of the deck")
    position(deal, profile)  # the play so far must be legal
    return deal


def _contract(text: str) -> tuple[int, Trump, Team, int]:
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    rest = text[i:]
    if not i or len(rest) < 3 or rest[0] not in _OUR_SUIT or rest[1:3] not in ("NS", "EW"):
        raise CfnError(f"contract {text!r}: value, trump letter s/h/d/c, NS or EW, then x or xx")
    if rest[3:] not in _LEVELS:
        raise CfnError(f"contract {text!r}: only 'x' (coinched) or 'xx' (surcoinched) may follow")
    team = Team.NS if rest[1:3] == "NS" else Team.EW
    return int(text[:i]), Trump(_OUR_SUIT[rest[0]]), team, _LEVELS[rest[3:]]


def position(deal: CfnDeal, profile: Profile) -> Position:
    """The position reached: the played cards replayed from the dealer's next seat,
    each checked legal under ``profile``."""
    if deal.trump not in profile.trumps:
        raise CfnError(f"{profile.id} does not play {deal.trump.name} contracts")
    played = [c for t in deal.tricks for c in t]
    hands = list(deal.hands)
    owner: dict[int, Seat] = {}
    # give each played card back to the seat that played it, walking the play order
    tab = table(deal.trump, profile.ta_points)
    leader = next_seat(deal.dealer, profile.direction)
    for trick in deal.tricks:
        seats = seats_from(leader, profile.direction)
        for s, c in zip(seats, trick, strict=False):
            owner[c] = s
            hands[s] |= 1 << c
        if len(trick) == 4:
            leader = seats[winning_index(trick, tab)]
    if len({h.bit_count() for h in hands}) != 1:
        raise CfnError("the hands and the played cards do not make four hands of eight")
    pos = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        (),
        next_seat(deal.dealer, profile.direction),
        deal.trump,
        profile,
    )
    for c in played:
        if owner[c] != pos.turn or not pos.legal() >> c & 1:
            raise CfnError(f"{_card_text(c)} is not a legal card of {pos.turn} there")
        pos = pos.play(c)[0]
    return pos


def write_cfn(deal: CfnDeal, profile: Profile) -> str:
    order = players(profile)
    hands = []
    for s in order:
        suits = []
        for letter in _SUITS:
            suit = _OUR_SUIT[letter]
            held = {c & 7 for c in iter_cards(deal.hands[s]) if c >> 3 == suit}
            suits.append("".join(r for r in _RANKS if _OUR_RANK[r] in held))
        hands.append(".".join(suits))
    head = _LETTERS[order.index(deal.dealer)] + ":" + "/".join(hands)
    played = "/".join("".join(_card_text(c) for c in t) for t in deal.tricks) or "-"
    level = {1: "", 2: "x", 4: "xx"}[deal.coinche]
    contract = f"{deal.value}{'cdhs'[deal.trump]}{deal.takers.name}{level}"
    return f"{head} {played} {contract}"
