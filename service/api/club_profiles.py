"""A club's own rule profiles, kept in ``club_profiles``.

A document is validated by :func:`rules.documents.load_profile` and stored
*complete* (every switch written out, :func:`rules.documents.profile_document`),
so a game that uses it replays the same even if the built-in profile it was based
on changes later. A game names it as ``"profile": "club:<id>"``; ``POST /games``
then embeds the stored document in the ``GameCreated`` event, which keeps every
game self-contained (replayable offline, exportable to another server).
"""

from __future__ import annotations

from typing import Any

from psycopg import Connection
from psycopg.types.json import Jsonb

from events.vocabulary.canonical import canonical_json
from rules.documents import load_profile, profile_document

PREFIX = "club:"


def complete(document: Any) -> dict[str, Any]:
    """The complete document of a valid profile document; ``ProfileError`` names the switch."""
    return profile_document(load_profile(document))


def save(conn: Connection[Any], club: str, document: dict[str, Any], by: str) -> bool | None:
    """Store a complete document: True when new, False when the same one was stored
    already, None when another document has this id."""
    with conn.transaction():
        stored = conn.execute(
            "INSERT INTO club_profiles (club, profile_id, document, created_by) "
            "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING profile_id",
            (club, document["id"], Jsonb(document), by),
        ).fetchone()
        if stored is not None:
            return True
        found = find(conn, club, document["id"])
    if found is not None and canonical_json(found) == canonical_json(document):
        return False
    return None


def find(conn: Connection[Any], club: str, profile_id: str) -> dict[str, Any] | None:
    row = conn.execute(
        "SELECT document FROM club_profiles WHERE club = %s AND profile_id = %s",
        (club, profile_id),
    ).fetchone()
    return None if row is None else dict(row[0])


def listed(conn: Connection[Any], club: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT document FROM club_profiles WHERE club = %s ORDER BY profile_id", (club,)
    ).fetchall()
    return [dict(r[0]) for r in rows]
