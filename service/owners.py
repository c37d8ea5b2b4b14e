"""Who owns each game, as first read: a write's access check needs no query after that.

A game's club and visibility never change, so its row, once read, answers every
later access check of an append; the cache is bounded (least recently used first).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from uuid import UUID

from events.store.event_store import EventStore
from events.store.games import GameRow


class Owners:
    def __init__(self, size: int = 4096) -> None:
        self._rows: OrderedDict[UUID, GameRow] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def row(self, store: EventStore, game_id: UUID) -> GameRow:
        with self._lock:
            found = self._rows.get(game_id)
        if found is None:
            found = store.game(game_id)  # GameNotFound: not cached
            with self._lock:
                self._rows[game_id] = found
                while len(self._rows) > self._size:
                    self._rows.popitem(last=False)
        return found
