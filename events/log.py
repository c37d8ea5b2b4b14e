"""The log-level events: facts about a game's record rather than about the table.

The table facts (``BidPlaced``, ``CardPlayed``…) are the records of
:mod:`rules.actions`; these complete the public vocabulary. One frozen record per
fact; :mod:`events.wire` maps both families to and from the wire form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from rules.seats import Seat, Team

Enforcement = Literal["strict", "record"]
Visibility = Literal["private", "public"]


@dataclass(frozen=True, slots=True)
class GameCreated:
    """The first event of every game. ``profile`` is a profile id or a full profile document."""

    profile: str | dict[str, Any]
    seats: dict[Seat, str]
    first_dealer: Seat
    target: int | None = None
    enforcement: Enforcement = "strict"
    club: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    visibility: Visibility = "private"

    @property
    def profile_id(self) -> str | None:
        return self.profile if isinstance(self.profile, str) else None


@dataclass(frozen=True, slots=True)
class ScoreRecorded:
    """The marks of a deal as written on the table's score sheet (audited, not trusted)."""

    deal: int
    marks: dict[Team, int]


@dataclass(frozen=True, slots=True)
class EventVoided:
    """Voids the earlier event at ``position`` of the same game (a recording mistake)."""

    position: int
    reason: str
    by: str


@dataclass(frozen=True, slots=True)
class RulingIssued:
    """An arbiter's decision about a deal (score adjustment, penalty…)."""

    deal: int
    ruling: dict[str, Any]
    reason: str
    by: str


@dataclass(frozen=True, slots=True)
class GameAbandoned:
    reason: str


LogEvent = GameCreated | ScoreRecorded | EventVoided | RulingIssued | GameAbandoned
