"""Apply the versioned SQL files of ``events/store/migrations/`` at start-up.

Files are named ``NNNN_name.sql`` and applied in version order, each in its own
transaction together with its row in ``schema_migrations``; a file that was
applied is never run again. Concurrent starters serialise on a session-level
``pg_advisory_lock``, so two processes starting at once do not race: the second
waits, then finds nothing left to do. Each applied file's SHA-256 is recorded, and
a file changed after it was applied is refused (add a new file instead).

Other packages add their own files to the same folder (shipped as package data),
numbered after the ones already there.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources

import psycopg

from events.errors import MigrationError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_LOCK_KEY = 0x0C01_4C0E_0001  # arbitrary, constant: "coinche-log migrations"

_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    integer     PRIMARY KEY,
    name       text        NOT NULL,
    checksum   text        NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)"""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def load_migrations(package: str = "events.store.migrations") -> list[Migration]:
    """Every ``NNNN_name.sql`` of the package folder, in version order."""
    found: dict[int, Migration] = {}
    for entry in resources.files(package).iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _NAME.match(entry.name)
        if match is None:
            raise MigrationError(f"{entry.name}: migration files are named NNNN_name.sql")
        version = int(match.group(1))
        if version in found:
            other = found[version].name
            raise MigrationError(f"{entry.name}: version {version} is already {other}")
        found[version] = Migration(version, match.group(2), entry.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


def migrate(url: str, migrations: list[Migration] | None = None) -> list[int]:
    """Apply the pending migrations on ``url``; return the versions applied now."""
    todo = load_migrations() if migrations is None else migrations
    applied_now: list[int] = []
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK_KEY,))
        try:
            conn.execute(_TABLE)
            rows = conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
            done = {int(v): str(c) for v, c in rows}
            for migration in todo:
                if migration.version in done:
                    if done[migration.version] != migration.checksum:
                        raise MigrationError(
                            f"{migration.version:04d}_{migration.name}.sql changed after it "
                            "was applied; add a new migration instead"
                        )
                    continue
                with conn.transaction():
                    conn.execute(migration.sql.encode())  # bytes: a multi-statement script
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum) "
                        "VALUES (%s, %s, %s)",
                        (migration.version, migration.name, migration.checksum),
                    )
                applied_now.append(migration.version)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK_KEY,))
    return applied_now
