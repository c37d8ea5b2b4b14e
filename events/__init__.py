"""Event types (versioned payload schemas) and the append-only PostgreSQL event store.

The pieces most callers need are re-exported here; each lives in a small module:
``config``/``embedded``/``migrate``/``pool`` (the database), ``catalog``/``schemas``/
``wire``/``upcasting`` (the vocabulary), ``store``/``reads``/``bulk_import``/
``bulk_export`` (the store).
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
