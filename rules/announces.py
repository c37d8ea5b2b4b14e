"""Announces (*annonces*): find them in a hand, check a declaration, compare the teams.

- Carré (four of a rank): J 200, 9 150, A/T/K/Q 100; 7s and 8s do not count.
  At SA: A 200, T 150, K/Q/J/9 100. TA keeps the normal table.
- Suites in one suit, order 7 8 9 T J Q K A: tierce 20, cinquante 50, cent 100. A
  longer run is one cent ranked by its top card; its other cards serve in no other
  announce.
- A card counts in one announce only. The belote K-Q may be part of a suite.
- Comparison: carré beats suite, then value, then height (top card; carrés A>T>K>Q),
  then the one in trump; still equal: no ordinary announce of either team counts.

>>> from rules.cards import parse_cards, mask_of
>>> hand = mask_of(parse_cards(["7H", "8H", "9H", "JS", "JH", "JD", "JC", "AS"]))
>>> [(a.kind.value, a.value) for a in best_announces(hand, Trump.S)]
[('carre', 200), ('tierce', 20)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.actions import AnnounceKind
from rules.cards import RANK_LETTERS, SUIT_MASKS, CardSet, Rank, mask_of
from rules.contract import Trump
from rules.order import PLAIN_ORDER
from rules.seats import Team
from rules.verdict import Facts, facts

SUITE_KINDS = {3: AnnounceKind.TIERCE, 4: AnnounceKind.CINQUANTE}
SUITE_VALUES = {AnnounceKind.TIERCE: 20, AnnounceKind.CINQUANTE: 50, AnnounceKind.CENT: 100}
CARRE_VALUES = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
SA_CARRE_VALUES = {
    Rank.ACE: 200,
    Rank.TEN: 150,
    Rank.KING: 100,
    Rank.QUEEN: 100,
    Rank.JACK: 100,
    Rank.NINE: 100,
}


@dataclass(frozen=True, slots=True)
class Announce:
    kind: AnnounceKind
    cards: CardSet
    value: int
    height: int  # carré: plain order of the rank; suite: rank index of the top card
    suit: int | None  # None for a carré

    def key(self, trump: Trump) -> tuple[int, int, int, int]:
        """Comparison key: carré > suite, value, height, in trump."""
        in_trump = self.suit is not None and (trump == Trump.TA or self.suit == trump)
        return (self.kind is AnnounceKind.CARRE, self.value, self.height, in_trump)


def carre_value(rank: int, trump: Trump) -> int:
    table = SA_CARRE_VALUES if trump == Trump.SA else CARRE_VALUES
    return table.get(Rank(rank), 0)


def shape(kind: AnnounceKind, cards: Sequence[int], trump: Trump) -> Announce | Facts:
    """The announce these cards make, or why they do not make a ``kind``: the facts
    ``why`` (``card-twice``, ``carre-shape``, ``carre-no-value`` with its ``rank``,
    ``suite-suits``, ``suite-gap``, ``suite-length`` with ``length`` and ``makes``)."""
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        return facts(why="card-twice")
    if kind is AnnounceKind.CARRE:
        ranks = {c & 7 for c in cards}
        if len(cards) != 4 or len(ranks) != 1:
            return facts(why="carre-shape")
        rank = ranks.pop()
        value = carre_value(rank, trump)
        if not value:
            return facts(why="carre-no-value", rank=RANK_LETTERS[rank])
        return Announce(kind, mask, value, PLAIN_ORDER[rank], None)
    suits = {c >> 3 for c in cards}
    if len(suits) != 1:
        return facts(why="suite-suits")
    suit = suits.pop()
    run = sorted(c & 7 for c in cards)
    if run != list(range(run[0], run[0] + len(run))):
        return facts(why="suite-gap")
    length = len(run)
    expected = SUITE_KINDS.get(length, AnnounceKind.CENT if length >= 5 else None)
    if expected is not kind:
        makes = expected.value if expected else ""
        return facts(why="suite-length", length=length, makes=makes)
    return Announce(kind, mask, SUITE_VALUES[kind], run[-1], suit)


def _runs(mask: CardSet) -> list[Announce]:
    """Maximal runs of 3+ cards in ``mask``, each as one announce."""
    found = []
    for suit in range(4):
        bits = (mask & SUIT_MASKS[suit]) >> (8 * suit)
        start = None
        for rank in range(9):
            present = rank < 8 and bits >> rank & 1
            if present and start is None:
                start = rank
            elif not present and start is not None:
                length = rank - start
                if length >= 3:
                    kind = SUITE_KINDS.get(length, AnnounceKind.CENT)
                    cards = mask_of(suit * 8 + r for r in range(start, rank))
                    found.append(Announce(kind, cards, SUITE_VALUES[kind], rank - 1, suit))
                start = None
    return found


def best_announces(hand: CardSet, trump: Trump) -> list[Announce]:
    """The disjoint set of announces of greatest total value held in ``hand``."""
    carres = []
    for rank in range(8):
        cards = mask_of(s * 8 + rank for s in range(4))
        value = carre_value(rank, trump)
        if value and hand & cards == cards:
            carres.append(Announce(AnnounceKind.CARRE, cards, value, PLAIN_ORDER[rank], None))
    best: list[Announce] = []
    best_key: tuple[int, tuple[tuple[int, int, int, int], ...]] = (0, ())
    for n in range(len(carres) + 1):
        for chosen in combinations(carres, n):
            used = 0
            for a in chosen:
                used |= a.cards
            found = list(chosen) + _runs(hand & ~used)
            key = (
                sum(a.value for a in found),
                tuple(sorted((a.key(trump) for a in found), reverse=True)),
            )
            if key > best_key:
                best, best_key = found, key
    return sorted(best, key=lambda a: a.key(trump), reverse=True)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of comparing both teams' best announce."""

    winner: Team | None  # None: nobody declared a valid announce, or a tie
    tie: bool
    counted: tuple[int, int]  # points of announces that count, per team (NS, EW)
    best: tuple[Announce | None, Announce | None]


def resolve(valid: Iterable[tuple[Team, Announce]], trump: Trump) -> Resolution:
    per_team: list[list[Announce]] = [[], []]
    for team, a in valid:
        per_team[team].append(a)
    bests = tuple(
        max(a_list, key=lambda a: a.key(trump)) if a_list else None for a_list in per_team
    )
    ns, ew = bests
    if ns is None and ew is None:
        return Resolution(None, False, (0, 0), (None, None))
    if ns is not None and ew is not None and ns.key(trump) == ew.key(trump):
        return Resolution(None, True, (0, 0), (ns, ew))
    winner = (
        Team.NS if ew is None or (ns is not None and ns.key(trump) > ew.key(trump)) else Team.EW
    )
    total = sum(a.value for a in per_team[winner])
    counted = (total, 0) if winner is Team.NS else (0, total)
    return Resolution(winner, False, counted, (ns, ew))
