"""Claims: a player shows their hand and says "the rest is ours" (or concedes it).

``Claimed(seat, takes, belote)`` during the play ends the deal. The side that takes the
rest (the claimer's with ``all``, the other with ``none``) wins the trick on the table
and every trick not yet played: their card points (computed from the cards not yet in a
finished trick, so the hands need not be recorded), the last trick's 10, and the capot
if that makes all 8 tricks; a générale when the claimer takes the rest and won every
trick so far alone. The deal is then scored by the function that scores every deal
(:func:`rules.scoring.score_facts`). The table agreed to the claim, so it is accepted
once recorded, whenever it comes in the play (before the first card too).

Belote at a claim: a belote begun before the claim (king or queen played with
"belote") is completed by the claim. A belote whose king and queen are both still
unplayed counts only when declared in the claim itself, ``"belote": [seat, ...]`` of
``Claimed`` (one entry per belote: at TA, where the profile plays it, a seat may name
itself once per suit), judged as a belote is: a seat that cannot hold both cards is a
breach.

With the hands recorded, :func:`unsound_claim` checks the claim by an exact search of
the remaining tricks (at most 8): the claim is unsound when the other side can force a
trick whatever the side taking the rest plays; it returns the line of play of such a
trick (the audit's finding ``claim-unsound``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.actions import BeloteWord, Claimed, ClaimTakes
from rules.belote import KING, QUEEN, belote_suits, pair
from rules.cards import Card, CardSet, card_name, iter_cards, mask_of
from rules.contract import Trump
from rules.deal import Deal
from rules.declarations import judge_declarations
from rules.order import LAST_TRICK_BONUS, OrderTable
from rules.play import legal_with, winning_index
from rules.profiles import Profile, TaPoints
from rules.scoring import DealResult, scale_ta, score_facts
from rules.seats import Seat, Team
from rules.verdict import Facts, facts

FULL_DECK: CardSet = (1 << 32) - 1


def rest_team(claim: Claimed) -> Team:
    """The side that takes the remaining tricks."""
    mine = claim.seat.team
    return mine if claim.takes is ClaimTakes.ALL else Team(1 - mine)


def claimed_belote_suits(deal: Deal, claim: Claimed) -> list[tuple[Seat, int] | None]:
    """For each belote of the claim, (seat, suit) of a belote suit whose king and queen
    that seat can hold unplayed, or None when it cannot (a breach)."""
    assert deal.contract is not None
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    played = deal.all_played
    taken: set[int] = set()
    out: list[tuple[Seat, int] | None] = []
    for seat in claim.belote:
        held = deal.held(seat)
        found = None
        for s in suits:
            if s in taken or played & pair(s):
                continue
            if held is None or held & pair(s) == pair(s):
                found = s
                break
        if found is not None:
            taken.add(found)
        out.append(None if found is None else (seat, found))
    return out


def claim_result(deal: Deal, claim: Claimed) -> DealResult:
    """The result of a deal ended by ``claim`` (during its play)."""
    p, contract, tab = deal.profile, deal.contract, deal.order
    assert contract is not None and tab is not None
    rest = rest_team(claim)
    won, tricks = [0, 0], [0, 0]
    for t in deal.tricks:
        won[t.winner.team] += t.points
        tricks[t.winner.team] += 1
    rest_cards = (FULL_DECK & ~deal.all_played) | mask_of(deal.trick_cards)
    won[rest] += sum(tab.points[c] for c in iter_cards(rest_cards)) + LAST_TRICK_BONUS
    tricks[rest] += 8 - len(deal.tricks)
    capot = Team(rest) if tricks[rest] == 8 else None
    generale = None
    alone = all(t.winner == claim.seat for t in deal.tricks)
    if capot is not None and claim.takes is ClaimTakes.ALL and alone:
        generale = claim.seat
    cards = (won[0], won[1])
    if capot is not None:
        total = p.capot_points
        if generale is not None and p.generale_points is not None:
            total = p.generale_points
        cards = (total, 0) if capot is Team.NS else (0, total)
    elif contract.trump == Trump.TA and p.ta_points is TaPoints.SCALED:
        cards = (scale_ta(won[0]), scale_ta(won[1]))
    dealt, said = _declarations_at_claim(deal, claim)
    decl = judge_declarations(deal.declared, said, dealt, contract.trump, p)
    return score_facts(p, contract, cards, capot, generale, (tricks[0], tricks[1]), decl)


def _declarations_at_claim(
    deal: Deal, claim: Claimed
) -> tuple[list[CardSet], list[tuple[Seat, BeloteWord, int | None]]]:
    """The hands as far as they are known at the claim, and the belote words: as said,
    a begun belote completed, the claim's belotes whole."""
    assert deal.contract is not None
    dealt: list[CardSet] = []
    for seat in Seat:
        known = deal.dealt(seat)
        dealt.append(known if known is not None else deal.played[seat])
    if deal.hands is None:  # announced cards not played by another seat were shown
        for d in deal.declared:
            others = deal.all_played & ~deal.played[d.seat]
            dealt[d.seat] |= mask_of(d.cards) & ~others
    said: list[tuple[Seat, BeloteWord, int | None]] = []
    suits = belote_suits(deal.contract.trump, deal.profile.belote_at_ta)
    played = deal.all_played
    for b in deal.belotes:
        said.append((b.seat, b.word, b.card))
        if b.word is BeloteWord.BELOTE and b.card is not None and b.card >> 3 in suits:
            other = pair(b.card >> 3) & ~(1 << b.card)
            if not played & other:  # the rebelote card is still in hand: the claim ends it
                card = next(iter_cards(other))
                dealt[b.seat] |= (1 << b.card) | other
                said.append((b.seat, BeloteWord.REBELOTE, card))
    for found in claimed_belote_suits(deal, claim):
        if found is not None:
            seat, suit = found
            dealt[seat] |= pair(suit)
            said.append((seat, BeloteWord.BELOTE, Card(suit * 8 + KING)))
            said.append((seat, BeloteWord.REBELOTE, Card(suit * 8 + QUEEN)))
    return dealt, said


@dataclass(frozen=True, slots=True)
class Unsound:
    """A trick the other side could have won against the claim: the line of play from
    the claim to the end of that trick (seat, card), and the trick's number."""

    trick: int
    line: tuple[tuple[Seat, Card], ...]
    winner: Seat

    def facts(self) -> Facts:
        """The line as facts (the finding ``claim-unsound``): the trick's number, its
        winner, and the line's seats and cards, in order."""
        return facts(
            trick=self.trick,
            winner=self.winner.name,
            seats=tuple(seat.name for seat, _card in self.line),
            cards=tuple(card_name(card) for _seat, card in self.line),
        )


def unsound_claim(deal: Deal, claim: Claimed) -> Unsound | None:
    """With the hands recorded: a line where the other side forces a trick against every
    play of the side taking the rest, or None when the claim is sound (or cannot be
    checked: hands not recorded). An exact search of the remaining tricks."""
    return claim_search(deal, claim)[0]


def claim_search(deal: Deal, claim: Claimed) -> tuple[Unsound | None, int]:
    """:func:`unsound_claim` and the number of positions the search decided."""
    if deal.hands is None or deal.contract is None or deal.order is None:
        return None, 0
    rest = rest_team(claim)
    hands = [deal.hands[s] & ~deal.played[s] for s in Seat]
    search = _Search(deal.profile, deal.order, deal.nexts, rest)
    line = search.forces(
        hands, deal.turn, tuple(deal.trick_seats), tuple(deal.trick_cards), len(deal.tricks)
    )
    if line is None:
        return None, search.nodes
    trick, winner, plays = line
    return Unsound(trick, plays, winner), search.nodes


Line = tuple[int, Seat, tuple[tuple[Seat, Card], ...]]


class _Search:
    """Does the other side force a trick? A boolean game tree over the remaining cards,
    with a table of the positions already decided (keyed at each card)."""

    def __init__(self, profile: Profile, tab: OrderTable, nexts: Sequence[Seat], rest: Team):
        self.profile, self.tab, self.nexts, self.rest = profile, tab, nexts, rest
        self.seen: dict[tuple[tuple[CardSet, ...], tuple[Card, ...], Seat], bool] = {}
        self.nodes = 0
        self._by_strength = [
            sorted((Card(suit * 8 + r) for r in range(8)), key=lambda c: -tab.strength[c])
            for suit in range(4)
        ]

    def forces(
        self,
        hands: list[CardSet],
        turn: Seat,
        seats: tuple[Seat, ...],
        cards: tuple[Card, ...],
        done: int,
    ) -> Line | None:
        """The other side's winning line from here (None: the rest side keeps every trick)."""
        if self._wins(hands, turn, seats, cards):
            return self._line(hands, turn, seats, cards, done)
        return None

    def _wins(
        self, hands: list[CardSet], turn: Seat, seats: tuple[Seat, ...], cards: tuple[Card, ...]
    ) -> bool:
        if not hands[turn]:
            return False  # every card played: the rest side kept every trick
        key = (tuple(hands), cards, turn)
        known = self.seen.get(key)
        if known is not None:
            return known
        self.nodes += 1
        attacker = turn.team != self.rest
        result = not attacker  # the other side: any move; the rest side: every move
        left = hands[0] | hands[1] | hands[2] | hands[3] | mask_of(cards)
        for card in self._moves(self._legal(hands[turn], seats, cards, turn), left):
            outcome = self._after(hands, turn, seats, cards, card)
            if outcome is True:
                won = True
            elif outcome is False:
                won = False
            else:
                won = self._wins(*outcome)
            if attacker and won:
                result = True
                break
            if not attacker and not won:
                result = False
                break
        self.seen[key] = result
        return result

    def _moves(self, legal: CardSet, left: CardSet) -> list[Card]:
        """One card of each run of equivalent cards, strongest first. Only tricks count
        here, not points, so two cards of a suit that no card still in play separates
        (``left``: the hands and the trick on the table) win and lose the same tricks."""
        out: list[Card] = []
        by_strength = self._by_strength
        for suit in range(4):
            if not legal >> (8 * suit) & 0xFF:
                continue
            previous_mine = False
            for card in by_strength[suit]:
                if not left >> card & 1:
                    continue
                mine = bool(legal >> card & 1)
                if mine and not previous_mine:
                    out.append(card)
                previous_mine = mine
        return out

    def _legal(
        self, hand: CardSet, seats: tuple[Seat, ...], cards: tuple[Card, ...], seat: Seat
    ) -> CardSet:
        return legal_with(hand, seats, cards, seat, self.tab, self.profile)

    def _after(
        self,
        hands: list[CardSet],
        turn: Seat,
        seats: tuple[Seat, ...],
        cards: tuple[Card, ...],
        card: Card,
    ) -> bool | tuple[list[CardSet], Seat, tuple[Seat, ...], tuple[Card, ...]]:
        """The position after ``card``: True when it completes a trick the other side
        wins, False never, else the next position."""
        after = list(hands)
        after[turn] &= ~(1 << card)
        seats2, cards2 = (*seats, turn), (*cards, card)
        if len(cards2) < 4:
            return after, self.nexts[turn], seats2, cards2
        winner = seats2[winning_index(cards2, self.tab)]
        if winner.team != self.rest:
            return True
        return after, winner, (), ()

    def _line(
        self,
        hands: list[CardSet],
        turn: Seat,
        seats: tuple[Seat, ...],
        cards: tuple[Card, ...],
        done: int,
    ) -> Line:
        """Follow a winning line of the other side (the rest side's first card where every
        card loses) down to the trick it wins."""
        plays: list[tuple[Seat, Card]] = []
        while True:
            attacker = turn.team != self.rest
            chosen = None
            for card in iter_cards(self._legal(hands[turn], seats, cards, turn)):
                outcome = self._after(hands, turn, seats, cards, card)
                if outcome is True or (outcome is not False and self._wins(*outcome)):
                    chosen = (card, outcome)
                    break
                if not attacker:
                    break
            assert chosen is not None, "a forced line always continues"
            card, outcome = chosen
            plays.append((turn, card))
            if outcome is True:
                trick_seats = (*seats, turn)
                winner = trick_seats[winning_index((*cards, card), self.tab)]
                return done + 1, winner, tuple(plays)
            assert not isinstance(outcome, bool)
            hands, turn, seats, cards = outcome
            if not cards:
                done += 1
