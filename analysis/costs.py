"""What each card of a recorded deal cost, in the deal's marks, and where the
contract's fate turned.

At every card the solver values each legal card of the seat to play (perfect play
afterwards by both sides). The cost of the card played is the marks its team would
have scored after the best card there, minus the marks after the card played. A
critical moment is a card after which the contract's double-dummy outcome (made or
down, and who takes a capot) is not what it was before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.outcome import Terms, counted_points, deal_marks, is_made
from analysis.position import Position
from analysis.solver import Solver
from rules.cards import Card, iter_cards
from rules.profiles import Profile
from rules.seats import Seat, Team


@dataclass(frozen=True, slots=True)
class CardCost:
    index: int  # 0 for the deal's first card
    trick: int  # 1-based
    seat: Seat
    card: Card
    cost: int  # marks of the seat's team lost by this card (0: a best card)
    points_cost: int  # card points of the seat's team lost by it
    best: tuple[Card, ...]  # the cards that keep the most marks
    made_after: bool  # the contract's double-dummy outcome after this card


@dataclass(frozen=True, slots=True)
class Critical:
    index: int
    trick: int
    seat: Seat
    card: Card
    made_before: bool
    made_after: bool
    capot_before: Team | None
    capot_after: Team | None


@dataclass(frozen=True, slots=True)
class PlayReport:
    costs: tuple[CardCost, ...]
    critical: tuple[Critical, ...]
    stopped: str  # "" when every card was analysed, else why the analysis stopped


@dataclass(frozen=True, slots=True)
class _Line:
    marks: tuple[int, int]
    points: tuple[int, int]
    made: bool
    capot: Team | None


def analyse_play(
    profile: Profile,
    hands: tuple[int, int, int, int],
    leader: Seat,
    terms: Terms,
    cards: list[tuple[Seat, Card]],
    solver: Solver,
) -> PlayReport:
    """Cost every card of ``cards`` (seat and card, in the order played) of a deal dealt
    ``hands`` whose first trick ``leader`` led, played for ``terms``."""
    pos = Position(hands, (), leader, terms.trump, profile)
    won = (0, 0)
    tricks = (0, 0)
    costs: list[CardCost] = []
    critical: list[Critical] = []
    for index, (seat, card) in enumerate(cards):
        if seat != pos.turn or not pos.legal() >> card & 1:
            why = "out of turn" if seat != pos.turn else "not a legal card"
            return PlayReport(tuple(costs), tuple(critical), f"card {index + 1}: {why}")
        lines = {
            c: _line(profile, terms, pos, c, won, tricks, solver) for c in iter_cards(pos.legal())
        }
        team = seat.team
        top = max(line.marks[team] for line in lines.values())
        top_points = max(line.points[team] for line in lines.values())
        played = lines[card]
        best = tuple(c for c, line in lines.items() if line.marks[team] == top)
        before = lines[best[0]]
        trick_no = 9 - pos.remaining_tricks()
        costs.append(
            CardCost(
                index,
                trick_no,
                seat,
                card,
                top - played.marks[team],
                top_points - played.points[team],
                best,
                played.made,
            )
        )
        if (before.made, before.capot) != (played.made, played.capot):
            critical.append(
                Critical(
                    index,
                    trick_no,
                    seat,
                    card,
                    before.made,
                    played.made,
                    before.capot,
                    played.capot,
                )
            )
        pos, gained, took = pos.play(card)
        won = (won[0] + gained[0], won[1] + gained[1])
        tricks = (tricks[0] + took[0], tricks[1] + took[1])
    return PlayReport(tuple(costs), tuple(critical), "")


def _line(
    profile: Profile,
    terms: Terms,
    pos: Position,
    card: Card,
    won: tuple[int, int],
    tricks: tuple[int, int],
    solver: Solver,
) -> _Line:
    """The deal's end after ``card`` and perfect play by both sides."""
    child, gained, took = pos.play(card)
    rest = solver.value(child) if not child.done else (0, 0)
    raw = (won[0] + gained[0] + rest[0], won[1] + gained[1] + rest[1])
    tricks = (tricks[0] + took[0], tricks[1] + took[1])
    capot = None
    left = child.remaining_points() if not child.done else 0
    for team in Team:
        # a capot needs every trick, not only every point: then ask the solver in tricks
        if tricks[1 - team] == 0 and (
            child.done
            or (rest[team] == left and solver.tricks(child)[team] == child.remaining_tricks())
        ):
            capot = team
    cards = counted_points(profile, terms.trump, raw)
    return _Line(
        deal_marks(profile, terms, cards, capot),
        raw,
        is_made(profile, terms, cards, capot),
        capot,
    )
