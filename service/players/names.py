"""Names where ids are stored: the documents the API and the pages show.

The log, the games rows and the statistics hold roster ids (``pl_`` and 32 hex digits);
what people read holds names. :func:`named` replaces every id found in the strings of a
JSON document (a seat, a finding's player, a partnership ``"a & b"``, a timeline line)
by the name it stands for, in one query: the display name of the player (or of the one
it was merged into), ``"erased player"`` or ``"unknown player"``. Keys listed in
``KEEP`` (``player_ids``) keep their ids, for programs.
"""

from __future__ import annotations

import re
from typing import Any

from psycopg import Connection

from service.players.registry import names_of

IDS = re.compile(r"pl_[0-9a-f]{32}")
KEEP = frozenset({"player_ids"})


def ids_in(doc: Any, found: set[str]) -> set[str]:
    if isinstance(doc, str):
        if "pl_" in doc:
            found.update(IDS.findall(doc))
    elif isinstance(doc, dict):
        for key, value in doc.items():
            if key not in KEEP:
                ids_in(key, found)
                ids_in(value, found)
    elif isinstance(doc, list | tuple):
        for value in doc:
            ids_in(value, found)
    return found


def replaced(doc: Any, names: dict[str, str]) -> Any:
    if isinstance(doc, str):
        return IDS.sub(lambda m: names.get(m.group(0), m.group(0)), doc) if "pl_" in doc else doc
    if isinstance(doc, dict):
        return {
            (k if k in KEEP else replaced(k, names)): (v if k in KEEP else replaced(v, names))
            for k, v in doc.items()
        }
    if isinstance(doc, list | tuple):
        return [replaced(v, names) for v in doc]
    return doc


def named(conn: Connection[Any], doc: Any) -> Any:
    """``doc`` with every roster id in its strings replaced by the name it stands for."""
    found = ids_in(doc, set())
    if not found:
        return doc
    return replaced(doc, names_of(conn, sorted(found)))
