"""Driver errors translated once, at the store boundary, into :mod:`events.errors`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg

from events.errors import StoreError, StoreUnavailable


@contextmanager
def translated(action: str) -> Iterator[None]:
    """Re-raise psycopg errors met during ``action`` as store errors, ``from`` the original."""
    try:
        yield
    except psycopg.OperationalError as error:
        raise StoreUnavailable(f"{action}: the database is unavailable ({error})") from error
    except psycopg.Error as error:
        raise StoreError(f"{action}: {type(error).__name__}: {error}") from error
