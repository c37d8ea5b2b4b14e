"""What a task needs from its process: the pool, the store and the judgement.

The composition root (``service.bootstrap``) builds them once per Flask app and
keeps them in ``app.extensions["coinche"]``; a task runs inside that app's context
(:func:`workers.celery_app.celery_init_app`) and finds them with :func:`runtime`.
This module only declares what the workers use (:class:`Runtime`) and looks it up:
it builds nothing, opens nothing and migrates nothing.
"""

from __future__ import annotations

from typing import Protocol, cast

from flask import Flask, current_app

from events.records import Check
from events.store.event_store import EventStore
from events.store.pool import Pool

EXTENSION = "coinche"
"""The key of the services in ``app.extensions``."""


class Runtime(Protocol):
    @property
    def pool(self) -> Pool: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def judgement(self) -> Check: ...


def runtime() -> Runtime:
    """The current app's services; a ``RuntimeError`` when the app was not bootstrapped."""
    return runtime_of(current_app)


def runtime_of(app: Flask) -> Runtime:
    """``app``'s services (outside a request or task: the CLI, a test)."""
    found = app.extensions.get(EXTENSION)
    if found is None:
        raise RuntimeError("this Flask app has no services: build it with service.app.create_app")
    return cast(Runtime, found)
