"""Canonical JSON: the one encoding used for hashing and for export.

Sorted keys, no spaces, ``ensure_ascii=False``, UTF-8. :func:`normalize` first
brings a decoded JSON value to the form PostgreSQL's ``jsonb`` gives back, so the
hash computed before an insert is the hash recomputed after a read:

* an integral float written with an exponent (``1e+20``) comes back from jsonb as
  an integer, so it becomes an ``int``; ``-0.0`` becomes ``0.0``;
* NaN and infinities, the NUL character (jsonb and text refuse it) and lone
  surrogates (not encodable in UTF-8) are refused with ``ValueError``.

>>> canonical_json({"b": [1, 2.5], "a": "é"})
'{"a":"é","b":[1,2.5]}'
>>> normalize({"x": 1e20, "y": -0.0})
{'x': 100000000000000000000, 'y': 0.0}
"""

from __future__ import annotations

import json
import math
from typing import Any

_encoder = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
)


def canonical_json(value: Any) -> str:
    return _encoder.encode(value)


def canonical_bytes(value: Any) -> bytes:
    return _encoder.encode(value).encode("utf-8")


def normalize(value: Any, _depth: int = 0) -> Any:
    """A copy of a decoded JSON value in the form that survives a jsonb round trip."""
    if _depth > 64:
        raise ValueError("JSON nested deeper than 64 levels")
    if isinstance(value, str):
        return _text(value)
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("NaN and infinite numbers are not valid JSON")
        if value == 0.0:
            return 0.0
        if value.is_integer() and abs(value) >= 1e16:
            return int(value)
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"JSON object keys are strings, not {type(key).__name__}")
            out[_text(key)] = normalize(item, _depth + 1)
        return out
    if isinstance(value, list | tuple):
        return [normalize(item, _depth + 1) for item in value]
    raise ValueError(f"{type(value).__name__} is not a JSON value")


def _text(text: str) -> str:
    if "\x00" in text:
        raise ValueError("text may not contain the NUL character (\\u0000)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text contains a lone surrogate (invalid Unicode)") from None
    return text
