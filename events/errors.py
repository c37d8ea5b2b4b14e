"""The event store's own exceptions.

Driver errors (psycopg) are translated once, at the store boundary, into these
classes (``raise StoreError(...) from e``), so callers never import psycopg to
handle a conflict or a refusal. Errors caused by bad input are also
``ValueError`` subclasses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class StoreError(Exception):
    """Base class of every error raised by :mod:`events`."""


class StoreUnavailable(StoreError):
    """The database could not be reached or the connection broke."""


class ConcurrencyError(StoreError):
    """The game's stream is not at the version the writer expected; nothing was stored.

    ``actual`` is the stream's version when the append was tried, so a client can
    re-read from there and decide again.
    """

    def __init__(self, game_id: object, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id}: expected version {expected}, but it is at {actual}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameNotFound(StoreError, LookupError):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class EventRefused(StoreError, ValueError):
    """An event refused by a rule (raised by a check hook, or by the store's own invariants).

    ``index`` is the 0-based index of the offending event in the appended batch;
    ``impossible`` tells an event that cannot happen at all (refused in every mode)
    from a rule breach (refused in ``strict`` mode only). ``detail`` is the English
    sentence; ``params`` (the rule's facts) and ``vocabulary`` (the table's words) let
    a reader word it in another language.
    """

    def __init__(
        self,
        rule: str,
        detail: str,
        index: int = 0,
        impossible: bool = True,
        *,
        params: Mapping[str, Any] | None = None,
        vocabulary: str = "ffb",
    ) -> None:
        super().__init__(f"event {index} refused ({rule}): {detail}")
        self.rule = rule
        self.detail = detail
        self.index = index
        self.impossible = impossible
        self.params = dict(params or {})
        self.vocabulary = vocabulary


class InvalidEvent(StoreError, ValueError):
    """An event whose type is unknown or whose payload does not fit its schema.

    ``errors`` maps field names to messages, marshmallow style
    (``{"card": ["'ZZ' is not a card: ..."]}``).
    """

    def __init__(self, event_type: str, errors: Mapping[str, Any], index: int = 0) -> None:
        super().__init__(f"event {index} ({event_type}) is invalid: {dict(errors)}")
        self.event_type = event_type
        self.errors = dict(errors)
        self.index = index


def N_(message: str) -> str:
    """Marks a message for the catalogues' extraction; it stays English here (a reader
    words it again from the error's ``message`` and ``words``)."""
    return message


class IdempotencyError(StoreError, ValueError):
    """Event ids that were already stored, re-sent in a way that cannot be a plain retry:
    a batch mixing stored and new ids, or a known id with different content. ``message``
    is the English message with its placeholders, ``words`` their values."""

    def __init__(self, message: str, /, **words: object) -> None:
        super().__init__(message.format(**words) if words else message)
        self.message = message
        self.words = {key: str(value) for key, value in words.items()}


class ImportLineError(StoreError, ValueError):
    """One NDJSON line of an archive that cannot be imported (kept in the import summary)."""

    def __init__(self, line_no: int, reason: str) -> None:
        super().__init__(f"line {line_no}: {reason}")
        self.line_no = line_no
        self.reason = reason


class MigrationError(StoreError):
    """A migration file that is malformed, duplicated, or changed after it was applied."""
