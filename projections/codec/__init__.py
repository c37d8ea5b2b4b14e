"""The projection codec: a game's state as versioned plain data (JSON types), and back.

State that leaves the process (the snapshot table) is data, never pickle: decoding
builds values of known types only, checks every field, and raises
:class:`CodecError` for anything else, so a corrupt, foreign or old row can only be
refused, never run. ``encode`` writes the current :data:`FORMAT`; ``decode`` reads
every format listed in ``DECODERS`` (add a format by adding a decoder: rows of the
older ones stay readable, or are refused and rebuilt when a decoder is dropped).

The data is made of lists, objects, strings, integers, booleans and nulls only, flat
in the length of the game (its depth never grows with the history).

>>> from projections.state import EMPTY
>>> data = encode(EMPTY)
>>> data["format"], decode(data) == EMPTY
(3, True)
>>> decode({"format": 99, "state": {}})
Traceback (most recent call last):
...
projections.codec.read.CodecError: format: 99 is not a known snapshot format
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from projections.codec.read import CodecError, obj
from projections.codec.state import decode_state, decode_state_2, encode_state
from projections.state import GameState

FORMAT = 3  # 3: fixed-length games (``deals`` in the meta and the game)
# 2: a finding's facts instead of its English sentence, no ``deals`` (still decodes);
# 1: findings as English sentences (no decoder: such rows are rebuilt)
DECODERS: dict[int, Callable[[Any], GameState]] = {2: decode_state_2, 3: decode_state}


def encode(state: GameState) -> dict[str, Any]:
    """``{"format": FORMAT, "state": {...}}``."""
    return {"format": FORMAT, "state": encode_state(state)}


def decode(data: Any) -> GameState:
    """The state encoded in ``data``; :class:`CodecError` when it is not a valid encoding."""
    d = obj(data, "snapshot", frozenset(("format", "state")))
    fmt = d["format"]
    decoder = DECODERS.get(fmt) if type(fmt) is int else None
    if decoder is None:
        raise CodecError(f"format: {fmt!r} is not a known snapshot format")
    return decoder(d["state"])


__all__ = ["DECODERS", "FORMAT", "CodecError", "decode", "encode"]
