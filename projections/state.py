"""The projected state of a game at one point of its history.

``game`` is the rules engine's :class:`rules.game.Game` (deal in progress, finished
deals with their results, totals, winner); around it the log-level facts: who sits
where, voids, rulings, scores written at the table and anomalies met while folding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.game import Game
from rules.profiles import Profile
from rules.seats import Seat
from rules.verdict import Facts


@dataclass(frozen=True, slots=True)
class GameMeta:
    """From ``GameCreated``: the table and the game's own settings."""

    profile: Profile
    seats: dict[Seat, str]
    first_dealer: Seat
    target: int
    enforcement: str
    club: str | None
    visibility: str
    metadata: dict[str, Any] = field(default_factory=dict)
    deals: int | None = None  # a fixed-length game's number of deals (None: to ``target``)


class Anomaly(NamedTuple):
    """A rule breach or an impossible event met while folding, at its place."""

    version: int
    deal: int | None
    trick: int | None
    seat: Seat | None
    rule: str
    facts: Facts  # the rule's parameters (seat, card, led suit…): the catalogues word them
    severity: str  # "breach" or "impossible"
    applied: bool  # False: the event could not be applied and was skipped


class RuledPenalty(NamedTuple):
    """A standard penalty ruled on a deal (:mod:`rules.penalties`), with what it scores."""

    name: str  # the profile's penalty, e.g. "revoke"
    offender: Seat
    marks: tuple[int, int]  # the deal's marks under the penalty (NS, EW)
    made: bool | None  # the contract, as the penalty counts it
    finding: tuple[int, int | None, Seat | None] | None  # deal, trick, seat of the breach


class Ruling(NamedTuple):
    version: int
    deal: int
    adjustment: tuple[int, int]  # added to the deal's marks (NS, EW)
    reason: str
    by: str
    penalty: RuledPenalty | None = None  # replaces the deal's marks before the adjustment


class Recorded(NamedTuple):
    """Marks written on the table's paper sheet (``ScoreRecorded``)."""

    version: int
    deal: int
    marks: tuple[int, int]


class GameState(NamedTuple):
    meta: GameMeta | None  # None until GameCreated
    game: Game | None
    version: int = 0  # last game version folded (applied, skipped or voided)
    position: int | None = None  # its global position, when known
    status: str = "live"  # live, finished, abandoned
    abandoned: str | None = None  # the reason
    voided: frozenset[int] = frozenset()  # versions voided by EventVoided
    rulings: tuple[Ruling, ...] = ()
    recorded: tuple[Recorded, ...] = ()
    anomalies: tuple[Anomaly, ...] = ()
    deal_versions: tuple[int, ...] = ()  # version of each DealStarted/DealSummarized applied

    @property
    def over(self) -> bool:
        return self.status != "live"


EMPTY = GameState(None, None)
