"""The version of the projection code: a digest of the sources that shape a state.

Snapshots are pickled states: they are only valid for the exact code that wrote
them. Deriving the version from the sources of :mod:`rules`, :mod:`projections`
and the event records means no one has to remember to bump a number.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path

PACKAGES = ("rules", "projections", "events")


@cache
def code_version() -> str:
    digest = hashlib.sha256()
    for package in PACKAGES:
        folder = Path(importlib.import_module(package).__file__ or "").parent
        for f in sorted(folder.glob("*.py")):
            digest.update(f"{package}/{f.name}\n".encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]
