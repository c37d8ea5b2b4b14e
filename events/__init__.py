"""Event types (versioned payload schemas) and the append-only PostgreSQL event store.

Three rooms: :mod:`events.vocabulary` (what an event is: schemas, fast checks,
upcasting, canonical JSON, the hash of one event, typed records), :mod:`events.archive`
(the NDJSON archive format, parsed into binary COPY rows) and :mod:`events.store`
(PostgreSQL: migrations, pool, embedded server, appends, reads, bulk import and
export). Here, what all three and the layers above share: the errors and the records
that go into and come out of the store, re-exported below. Importing this package
loads no database driver.
"""

from events.errors import (
    ConcurrencyError,
    EventRefused,
    GameNotFound,
    IdempotencyError,
    ImportLineError,
    InvalidEvent,
    StoreError,
    StoreUnavailable,
)
from events.records import AppendResult, Check, CheckResult, NewEvent, Pending, StoredEvent

__all__ = [
    "AppendResult",
    "Check",
    "CheckResult",
    "ConcurrencyError",
    "EventRefused",
    "GameNotFound",
    "IdempotencyError",
    "ImportLineError",
    "InvalidEvent",
    "NewEvent",
    "Pending",
    "StoreError",
    "StoreUnavailable",
    "StoredEvent",
]
