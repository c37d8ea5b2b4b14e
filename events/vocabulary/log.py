"""The log-level events: facts about a game's record rather than about the table.

The table facts (``BidPlaced``, ``CardPlayed``…) are the records of
:mod:`rules.actions`; these complete the public vocabulary. One frozen record per
fact; :mod:`events.vocabulary.wire` maps both families to and from the wire form.
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
    length: dict[str, int] | None = None  # {"target": N} or {"deals": N}; None: the profile's
    enforcement: Enforcement = "strict"
    club: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    visibility: Visibility = "private"
    roster: bool = False  # seats hold roster player ids (else names as written)

    @property
    def profile_id(self) -> str | None:
        return self.profile if isinstance(self.profile, str) else None

    @property
    def target(self) -> int | None:
        """The game's own target (None: the profile's, or a fixed-length game)."""
        return None if self.length is None else self.length.get("target")

    @property
    def deals(self) -> int | None:
        """A fixed-length game's number of deals (None: a game to a target)."""
        return None if self.length is None else self.length.get("deals")


@dataclass(frozen=True, slots=True)
class ScoreRecorded:
    """The marks of a deal as written on the table's score sheet (audited, not trusted)."""

    deal: int
    marks: dict[Team, int]


@dataclass(frozen=True, slots=True)
class EventVoided:
    """Voids the earlier event of the same game at game ``version`` (a recording mistake)."""

    version: int
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


def meta_of(created: dict[str, Any]) -> tuple[str | None, str | None, list[str], str, str]:
    """``(club, profile id, players N E S W, visibility, enforcement)`` of a current
    ``GameCreated`` payload: the columns of its row in the ``games`` table."""
    profile = created["profile"] if isinstance(created["profile"], str) else None
    players = [created["seats"][s] for s in "NESW"]
    return created["club"], profile, players, created["visibility"], created["enforcement"]
