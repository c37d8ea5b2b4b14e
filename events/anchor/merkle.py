"""The Merkle root over games' heads (RFC 6962's shape: leaves and nodes hashed apart).

A leaf is ``sha256(0x00 || "<game id>:<version>:<hash>")`` in game-id order; a node
``sha256(0x01 || left || right)``; an odd node is carried up as it is (never paired
with itself, so two different lists never share a root). The empty tree's root is
``sha256("")``.

>>> heads = [("00000000-0000-0000-0000-000000000002", 3, "bb"),
...          ("00000000-0000-0000-0000-000000000001", 7, "aa")]
>>> merkle_root(heads) == merkle_root(list(reversed(heads)))
True
>>> merkle_root([])[:16]
'e3b0c44298fc1c14'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

Head = tuple[str, int, str]
"""A game's head: (game id as lowercase text, version of its last event, that event's
hash). Text ids sort as the uuids do."""


def leaf(head: Head) -> bytes:
    game, version, digest = head
    return hashlib.sha256(f"\x00{game}:{version}:{digest}".encode()).digest()


def merkle_root(heads: Iterable[Head]) -> str:
    """The hex root of the heads (sorted by game id first)."""
    level = [leaf(h) for h in sorted(heads, key=lambda h: h[0])]
    if not level:
        return hashlib.sha256(b"").hexdigest()
    sha = hashlib.sha256
    while len(level) > 1:
        paired = [
            sha(b"\x01" + level[i] + level[i + 1]).digest() for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0].hex()
