"""Seats, teams and the direction of play.

Seats are ``N E S W`` clockwise around the table as in bridge; partners face each
other, so the teams are ``NS`` and ``EW``.

>>> next_seat(Seat.N, Direction.COUNTERCLOCKWISE)
<Seat.W: 3>
>>> team_of(Seat.E)
<Team.EW: 1>
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from rules.errors import NotationError


class Seat(IntEnum):
    def __bool__(self) -> bool:
        return True  # N, NS, clubs and the 7 are 0: never let them read as False

    N = 0
    E = 1
    S = 2
    W = 3

    def __str__(self) -> str:
        return self.name

    @property
    def team(self) -> Team:
        return _TEAM_OF[self]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]


class Team(IntEnum):
    def __bool__(self) -> bool:
        return True  # N, NS, clubs and the 7 are 0: never let them read as False

    NS = 0
    EW = 1

    def __str__(self) -> str:
        return self.name

    @property
    def other(self) -> Team:
        return _TEAMS[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (_SEATS[self], _SEATS[self + 2])


class Direction(StrEnum):
    """Direction of play. Counterclockwise: N→W→S→E (the player on your right)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"

    @property
    def step(self) -> int:
        return 1 if self is Direction.CLOCKWISE else 3


_SEATS = tuple(Seat)
_TEAMS = tuple(Team)
_TEAM_OF = (Team.NS, Team.EW, Team.NS, Team.EW)
SEATS: tuple[Seat, ...] = _SEATS
_BY_NAME = {s.name: s for s in _SEATS}
_NEXT = {
    Direction.CLOCKWISE: (Seat.E, Seat.S, Seat.W, Seat.N),
    Direction.COUNTERCLOCKWISE: (Seat.W, Seat.N, Seat.E, Seat.S),
}
TEAMS: tuple[Team, ...] = _TEAMS


def team_of(seat: int) -> Team:
    return _TEAM_OF[seat]


def next_seat(seat: int, direction: Direction) -> Seat:
    """The seat that plays after ``seat``."""
    return _NEXT[direction][seat]


def previous_seat(seat: int, direction: Direction) -> Seat:
    return _SEATS[(seat - direction.step) & 3]


def seats_from(first: int, direction: Direction) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats in playing order starting at ``first``."""
    step = direction.step
    return (
        _SEATS[first],
        _SEATS[(first + step) & 3],
        _SEATS[(first + 2 * step) & 3],
        _SEATS[(first + 3 * step) & 3],
    )


def parse_seat(text: str) -> Seat:
    if isinstance(text, str) and text in _BY_NAME:
        return _BY_NAME[text]  # the canonical form: the fast path of a replay
    try:
        return Seat[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(f"{text!r} is not a seat: use N, E, S or W") from None


def parse_team(text: str) -> Team:
    try:
        return Team[text.strip().upper()]
    except (KeyError, AttributeError):
        raise NotationError(f"{text!r} is not a team: use NS or EW") from None
