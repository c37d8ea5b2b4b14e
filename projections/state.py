"""The projected state of a game at one point of its history.

``game`` is the rules engine's :class:`rules.game.Game` (deal in progress, finished
deals with their results, totals, winner); around it the log-level facts: who sits
where, voids, rulings, scores written at the table, anomalies met while folding,
and the effective log (what a void must replay without).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules.actions import Action
from rules.game import Game
from rules.profiles import Profile
from rules.seats import Seat


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


class Anomaly(NamedTuple):
    """A rule breach or an impossible event met while folding, at its place."""

    version: int
    deal: int | None
    trick: int | None
    seat: Seat | None
    rule: str
    detail: str
    severity: str  # "breach" or "impossible"
    applied: bool  # False: the event could not be applied and was skipped


class Ruling(NamedTuple):
    version: int
    deal: int
    adjustment: tuple[int, int]  # added to NS and EW totals
    reason: str
    by: str


class Recorded(NamedTuple):
    """Marks written on the table's paper sheet (``ScoreRecorded``)."""

    version: int
    deal: int
    marks: tuple[int, int]


LogItem = tuple[int, Action | Ruling]
"""An effective log item: (version, table action or ruling), replayed by a void."""


class GameState(NamedTuple):
    meta: GameMeta | None  # None until GameCreated
    game: Game | None
    version: int = 0  # last game version folded (applied, skipped or voided)
    position: int | None = None  # its global position, when known
    status: str = "live"  # live, finished, abandoned
    abandoned: str | None = None  # the reason
    items: tuple[LogItem, ...] = ()  # the effective log, in order
    voided: frozenset[int] = frozenset()  # versions voided by EventVoided
    rulings: tuple[Ruling, ...] = ()
    recorded: tuple[Recorded, ...] = ()
    anomalies: tuple[Anomaly, ...] = ()
    deal_versions: tuple[int, ...] = ()  # version of each DealStarted applied, in order

    @property
    def over(self) -> bool:
        return self.status != "live"


EMPTY = GameState(None, None)
