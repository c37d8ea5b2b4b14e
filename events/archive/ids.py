"""Event ids for the events an archive does not name: UUIDv7 (RFC 9562).

48 bits of Unix milliseconds, then 74 random bits: time-ordered, so the unique index
on ``event_id`` grows at its right edge instead of being written at random places.

>>> [len(i) for i in fresh_ids(2)], fresh_ids(1)[0][14]
([36, 36], '7')
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

NewIds = Callable[[int], list[str]]


def fresh_ids(count: int) -> list[str]:
    """``count`` new event ids: UUIDv7 (Unix milliseconds first, then 74 random bits)."""
    head = f"{time.time_ns() // 1_000_000:012x}"
    prefix = f"{head[:8]}-{head[8:12]}-7"
    rnd = os.urandom(10 * count).hex()
    var = rnd.translate(_VARIANT)
    return [
        f"{prefix}{rnd[k : k + 3]}-{var[k + 3]}{rnd[k + 4 : k + 7]}-{rnd[k + 8 : k + 20]}"
        for k in range(0, 20 * count, 20)
    ]


def id_bytes(ids: list[str]) -> bytes:
    """The ids' 16 bytes each, end to end (one conversion for a whole game)."""
    return bytes.fromhex("".join(ids).replace("-", ""))


_VARIANT = str.maketrans("0123456789abcdef", "89ab89ab89ab89ab")  # RFC 9562 variant 10xx
