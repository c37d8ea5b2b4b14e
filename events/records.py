"""What goes into the store and what comes out of it, and the write-side check hook.

>>> e = NewEvent("CardPlayed", {"seat": "S", "card": "JH"})
>>> (e.type, e.schema_version)
('CardPlayed', None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol
from uuid import UUID, uuid4

if TYPE_CHECKING:  # the hook's connection; importing the driver is the store's business
    from psycopg import Connection

Breach = Mapping[str, Any]
"""One rule breach found at append time (``{"severity": ..., "rule": ..., "params": {...}}``:
a rule id and its facts, never a sentence), kept in ``breaches``."""

Status = Literal["live", "finished", "abandoned"]


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: wire ``type`` and ``data``, a client-chosen ``id`` for idempotency
    (generated when absent) and the payload's schema version (``None``: the current one)."""

    type: str
    data: Mapping[str, Any]
    id: UUID = field(default_factory=uuid4)
    schema_version: int | None = None


class StoredEvent(NamedTuple):
    """An event as read back: ``schema_version`` and ``data`` are upcast to the current
    version; ``hash`` is the stored hash (computed over the payload as stored).

    A named tuple rather than a frozen dataclass: a full read builds one per row, and a
    frozen dataclass's ``__init__`` (a guarded ``setattr`` per field) cost more than
    decoding the row's payload."""

    position: int
    game_id: UUID
    version: int
    event_id: UUID
    type: str
    schema_version: int
    data: dict[str, Any]
    recorded_at: datetime
    recorded_by: str
    breaches: list[dict[str, Any]] | None
    hash: str


@dataclass(frozen=True, slots=True)
class AppendResult:
    """Where an append put its events. ``replayed`` is true when every event id was already
    stored (an idempotent retry): the original result is returned and nothing is written."""

    game_id: UUID
    first_version: int
    last_version: int
    positions: tuple[int, ...]
    event_ids: tuple[UUID, ...]
    last_hash: str
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What a check hook found: per new event, the breaches to store (``record`` mode),
    and optionally the game's new status (``finished`` when the last card decided the
    game). The rules' judgement of one event is :class:`rules.verdict.Verdict`."""

    breaches: Sequence[Sequence[Breach]] = ()
    status: Status | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """An event validated and about to be appended, as a check hook sees it."""

    id: UUID
    type: str
    schema_version: int
    data: dict[str, Any]  # canonical payload, upcast to the current schema version


class Check(Protocol):
    """The write-side judgement hook, supplied by a higher layer (projections + rules).

    Called inside the append's transaction, after the game's row is locked and before
    the insert, with the stream's ``current_version`` (0 for a new game). It may read
    through ``conn``. It either raises :class:`~events.errors.EventRefused` (nothing is
    stored) or returns a :class:`CheckResult` (or ``None`` when it found nothing).
    """

    def __call__(
        self,
        conn: Connection[Any],
        game_id: UUID,
        current_version: int,
        new_events: Sequence[Pending],
    ) -> CheckResult | None: ...
