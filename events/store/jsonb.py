"""``jsonb`` values as Python values: orjson's parser where it gives what ``json`` gives.

psycopg parses every ``jsonb`` column with the standard library's ``json.loads``; on a
full read that is the largest cost on the client after the network. orjson parses the
same text three to four times faster and returns the same values, with one exception:
an integer beyond 64 bits becomes a float (``json`` keeps it exact), and the payloads'
hashes are computed over exact values. jsonb writes a number as its digits, so any
text holding a run of 19 digits or more goes to ``json`` instead (a long number inside
a string does too: only the speed differs).

>>> loads(b'{"card": "JH", "n": 12345678901234567890}')["n"]
12345678901234567890
>>> loads(b'{"card": "JH", "marks": {"NS": 162}}')
{'card': 'JH', 'marks': {'NS': 162}}
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from psycopg import Connection
from psycopg.types.json import set_json_loads

_LONG_NUMBER = re.compile(rb"[0-9]{19}")


def loads(data: bytes | bytearray | memoryview | str) -> Any:
    """The value of a ``jsonb`` text, exactly as ``json.loads`` would give it."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    if _LONG_NUMBER.search(raw) is None:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:  # e.g. nested deeper than orjson goes: json decides
            pass
    return json.loads(raw)


def use_fast_loads(conn: Connection[Any]) -> None:
    """Parse this connection's ``json`` and ``jsonb`` results with :func:`loads`."""
    set_json_loads(loads, conn)
