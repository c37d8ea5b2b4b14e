"""The append-only event store: :class:`EventStore`, one object per process over a pool.

How appends detect conflicts and place their events in the feed's order is explained in
:mod:`events.store.append` and :mod:`events.store.feed_order`; reads are in
:mod:`events.store.reads`, archives in :mod:`events.store.bulk_import` and
:mod:`events.store.bulk_export`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import IO
from uuid import UUID

from events.records import AppendResult, Check, NewEvent
from events.store.append import append_in, guarded
from events.store.boundary import translated
from events.store.bulk_export import export_ndjson
from events.store.bulk_import import import_ndjson
from events.store.bulk_write import ImportSummary
from events.store.games import GameFilter
from events.store.pool import Pool
from events.store.reads import Reads
from events.vocabulary.prepare import check_recorded_by, prepare

__all__ = ["EventStore", "append_in"]


class EventStore(Reads):
    """Appends and reads through a pool; see the module docstring for the guarantees."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    def append(
        self,
        game_id: UUID,
        events: Sequence[NewEvent],
        expected_version: int,
        recorded_by: str,
        check: Check | None = None,
    ) -> AppendResult:
        """Append ``events`` to one game atomically, if it is at ``expected_version``
        (0 creates the game: the first event is then its ``GameCreated``)."""
        prepared = prepare(events)
        by = check_recorded_by(recorded_by)
        if type(expected_version) is not int or expected_version < 0:
            raise ValueError(f"expected_version is an int >= 0, not {expected_version!r}")
        with translated("append"), self.pool.connection() as conn:
            return guarded(conn, game_id, prepared, expected_version, by, check, replay=True)

    def import_ndjson(
        self,
        lines: Iterable[str | bytes],
        *,
        check: Check | None = None,
        recorded_by: str = "import",
        batch_games: int = 500,
        progress: bool = True,
    ) -> ImportSummary:
        """Import an NDJSON archive; see :mod:`events.store.bulk_import`."""
        return import_ndjson(
            self.pool, lines, check=check, recorded_by=recorded_by,
            batch_games=batch_games, progress=progress,
        )  # fmt: skip

    def export_ndjson(
        self, out: IO[str], game_ids: Sequence[UUID] | None = None, where: GameFilter | None = None
    ) -> int:
        """Write games as an NDJSON archive; see :mod:`events.store.bulk_export`."""
        return export_ndjson(self.pool, out, game_ids, where)
