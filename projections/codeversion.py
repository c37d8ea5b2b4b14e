"""The version of the projection code: a digest of the sources that shape a state.

A snapshot is a state computed by the code that wrote it: after any change of the
rules or the fold it may be wrong even when it still decodes, so it is only used by
the exact code that wrote it. Deriving the version from the sources of
:mod:`rules`, :mod:`projections` and :mod:`events` (every module, subpackages
included: the event records live in :mod:`events.vocabulary`) means no one has to
remember to bump a number.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import events
import projections
import rules

PACKAGES = (rules, projections, events)


@cache
def code_version() -> str:
    digest = hashlib.sha256()
    for package in PACKAGES:
        folder = Path(package.__file__ or "").parent
        for f in sorted(folder.rglob("*.py")):
            digest.update(f"{package.__name__}/{f.relative_to(folder).as_posix()}\n".encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]
