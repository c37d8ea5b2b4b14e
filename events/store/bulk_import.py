"""Bulk import of NDJSON archives through ``COPY … FROM STDIN``, all-or-nothing per game.

Lines are parsed, checked, hashed and turned into binary COPY rows in Python
(:mod:`events.archive.parse`), then written in batches of many games per transaction
(:mod:`events.store.bulk_write`): one ``COPY`` into ``games``, then one ``COPY`` into
``events`` (each row's ``tx`` is the batch's transaction id, as for an append: see
:mod:`events.store.feed_order`; concurrent appends never wait for an import). A game
whose line is malformed, whose events fail validation or the check hook, or whose game
or event ids are already stored is refused as a whole, with its line number and reason;
the others go in. If a batch still meets a uniqueness violation (a concurrent writer),
its games are retried one per transaction.

Where the time goes (``benchmarks/store_bench.py``: 2,000 games x 100 real events on
two cores): the server spends about 650 ms of CPU on the COPYs, as much as the same
rows built beforehand take alone (three unique indexes, the heap, the jsonb parse; a
bare one-column table takes 210 ms for as many rows), and Python about 600 ms
(orjson, the checks, SHA-256, the binary rows: some 2.5 us an event). They run side
by side: the calling thread parses while a writer thread hands the previous batch to
the server, which is busy from the first few games to the end; the import then takes
the server's part plus what the Python side takes from it on a shared machine.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from queue import Queue
from typing import Any

from psycopg import Connection
from psycopg.pq import TransactionStatus
from tqdm import tqdm

from events.archive.format import ArchivedGame
from events.archive.parse import LineParser
from events.errors import ImportLineError
from events.records import Check
from events.store.boundary import translated
from events.store.bulk_write import ImportSummary, write_batch
from events.store.pool import Pool
from events.vocabulary.prepare import check_recorded_by

__all__ = ["ImportSummary", "import_ndjson"]

_FIRST_BATCH = 8


def import_ndjson(
    pool: Pool,
    lines: Iterable[str | bytes],
    *,
    check: Check | None = None,
    recorded_by: str = "import",
    batch_games: int = 500,
    progress: bool = True,
) -> ImportSummary:
    """Import an archive (an iterable of lines, e.g. an open file); blank lines are skipped.

    Parsing runs in the calling thread while a writer thread copies the previous batch,
    so Python's work and the server's overlap; ``check`` is called in the writer thread.
    """
    recorded_by = check_recorded_by(recorded_by)
    summary = ImportSummary()
    seen: set[str] = set()  # game and event ids of this archive, to refuse repeats
    batch: list[ArchivedGame] = []
    parser = LineParser(recorded_by, datetime.now(UTC), keep_pending=check is not None)
    bar = tqdm(desc="importing", unit=" games", disable=not progress)
    limit = min(batch_games, _FIRST_BATCH)  # small first batches: the writer starts early
    with translated("import"), pool.connection() as conn, _utf8(conn), _fewer_collections():
        writer = _Writer(conn, check, summary, bar)
        try:
            for line_no, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                try:
                    game = parser.parse(line_no, line)
                except ImportLineError as error:
                    summary.refused.append((line_no, None, error.reason))
                    continue
                key = str(game.game_id)  # generated event ids are new: only given ones can repeat
                if key in seen or not seen.isdisjoint(game.given_ids):
                    why = "repeats a game or event id of this archive"
                    summary.refused.append((line_no, key, why))
                    continue
                seen.add(key)
                seen.update(game.given_ids)
                batch.append(game)
                if len(batch) >= limit:
                    writer.put(batch)
                    batch = []
                    limit = min(2 * limit, batch_games)
            writer.put(batch)
        finally:
            writer.finish()
    bar.close()
    summary.refused.sort(key=lambda refusal: refusal[0])
    return summary


class _Writer(threading.Thread):
    """Writes batches handed over by the parsing thread; re-raises its error there."""

    def __init__(self, conn: Connection[Any], check: Check | None, s: ImportSummary, bar: Any):
        super().__init__(name="coinche-import-writer", daemon=True)
        self.conn, self.check, self.summary, self.bar = conn, check, s, bar
        self.queue: Queue[list[ArchivedGame] | None] = Queue(maxsize=2)
        self.error: BaseException | None = None
        self.start()

    def run(self) -> None:
        while (batch := self.queue.get()) is not None:
            if self.error is None and batch:
                try:
                    write_batch(self.conn, batch, self.check, self.summary, self.bar)
                except BaseException as error:  # handed to the parsing thread
                    self.error = error

    def put(self, batch: list[ArchivedGame]) -> None:
        if self.error is not None:
            raise self.error
        self.queue.put(batch)

    def finish(self) -> None:
        self.queue.put(None)
        self.join()
        if self.error is not None:
            raise self.error


@contextmanager
def _utf8(conn: Connection[Any]) -> Iterator[None]:
    """The binary COPY sends text as UTF-8: make sure the session's client encoding says so."""
    before = conn.info.parameter_status("client_encoding")
    if before is None or before.upper() in ("UTF8", "UNICODE"):
        yield
        return
    conn.execute("SELECT set_config('client_encoding', 'UTF8', false)")
    try:
        yield
    finally:
        if not conn.closed and conn.info.transaction_status == TransactionStatus.IDLE:
            conn.execute("SELECT set_config('client_encoding', %s, false)", (before,))


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """With a check hook, a batch keeps every event's payload alive until it is written,
    and the default thresholds rescan them over and over (without one, a parsed game is
    a few bytes objects, which the collector does not track). Collect less often for the
    import's duration."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], 50_000), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
