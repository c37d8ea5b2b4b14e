"""Checkpoints for a running service: where the key is, taking one, checking against one.

The key file is ``CHECKPOINT_KEY`` (``COINCHE_CHECKPOINT_KEY``), by default
``checkpoint-key.pem`` in the data folder; it is created by the first checkpoint. A
Celery beat task takes a checkpoint every ``CHECKPOINT_EVERY`` seconds
(``COINCHE_CHECKPOINT_EVERY``, 3600; 0: never), and ``coinche checkpoint take`` takes
one at once (before a backup, at the end of a tournament).
"""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from flask import Flask

from events.anchor.audit import Report, check
from events.anchor.checkpoints import Checkpoint, take
from events.anchor.keys import KEY_FILE, load_key, public_text
from workers.runtime import runtime_of


def key_path(app: Flask) -> Path:
    found = app.config.get("CHECKPOINT_KEY")
    return Path(found) if found else Path(app.config.get("DATA_DIR") or ".coinche-data") / KEY_FILE


def take_checkpoint(app: Flask) -> tuple[Checkpoint, list[str]]:
    key = load_key(key_path(app))
    assert key is not None
    with runtime_of(app).pool.connection() as conn:
        return take(conn, key)


def trusted_key(app: Flask) -> str | None:
    """The public half of this server's key, when its key file is here."""
    key = load_key(key_path(app), create=False)
    return None if key is None else public_text(key)


def verify_anchors(
    app: Flask, kept: Checkpoint | None = None, club: str | None = None, chains: bool = False
) -> Report:
    """Check the checkpoints and the games (of ``club``, or all) against the last
    checkpoint or ``kept``; with ``chains``, recompute every game's hash chain too."""
    store = runtime_of(app).store

    def broken(game: str) -> int | None:
        report = store.verify(UUID(game))
        return None if report.ok else report.broken_version or 0

    with runtime_of(app).pool.connection() as conn:
        return check(conn, trusted_key(app), kept, club, broken if chains else None)
