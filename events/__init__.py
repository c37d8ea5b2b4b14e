"""Event types (versioned payload schemas) and the append-only PostgreSQL event store.

The pieces most callers need are re-exported here; each lives in a small module:
``config``/``embedded``/``migrate``/``pool`` (the database), ``catalog``/``schemas``/
``wire``/``upcasting``/``canonical`` (the vocabulary), ``store``/``reads``/``chain``
(appends, reads, the hash chain), ``archive``/``bulk_import``/``bulk_write``/
``bulk_export`` (NDJSON archives).
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
from events.records import AppendResult, Check, NewEvent, Pending, StoredEvent, Verdict

__all__ = [
    "AppendResult",
    "Check",
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
    "Verdict",
]
