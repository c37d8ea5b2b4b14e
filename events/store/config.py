"""Settings read from the environment, and the one place that turns them into a URL.

With no ``DATABASE_URL`` the service runs on an embedded PostgreSQL kept in
``COINCHE_DATA_DIR`` (``.coinche-data/`` under the current directory), so a
fresh checkout needs no database server.

>>> s = Settings.from_env({"DATABASE_URL": "postgresql://db/coinche", "COINCHE_POOL_MAX": "4"})
>>> (s.database_url, s.pool_min_size, s.pool_max_size)
('postgresql://db/coinche', 1, 4)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str | None = None
    data_dir: Path = Path(".coinche-data")
    database_name: str = "coinche"  # the application database on the embedded server
    pool_min_size: int = 1
    pool_max_size: int = 10
    pg_port: int | None = None  # the embedded server also listens on 127.0.0.1:pg_port

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            data_dir=Path(env.get("COINCHE_DATA_DIR") or ".coinche-data"),
            pool_min_size=_positive(env, "COINCHE_POOL_MIN", 1),
            pool_max_size=_positive(env, "COINCHE_POOL_MAX", 10),
            pg_port=_port(env, "COINCHE_PG_PORT"),
        )


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a positive integer, not {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be a positive integer, not {raw!r}")
    return value


def _port(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name)
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 65535):
        raise ValueError(f"{name} must be a TCP port (1 to 65535), not {raw!r}")
    return int(raw)


def database_url(settings: Settings) -> str:
    """``DATABASE_URL`` when set; otherwise start (or attach to) the embedded server.

    The embedded server outlives this process and is shared by every process that
    uses the same data folder.
    """
    if settings.database_url:
        return settings.database_url
    from events.store.embedded import embedded_url

    return embedded_url(settings.data_dir, settings.database_name, settings.pg_port)


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` instead (URL form, host and query kept).

    >>> with_database("postgresql://postgres@127.0.0.1:5432/postgres", "coinche_test")
    'postgresql://postgres@127.0.0.1:5432/coinche_test'
    """
    from urllib.parse import quote, urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ValueError("DATABASE_URL must be a postgresql:// URL")
    return urlunsplit(parts._replace(path="/" + quote(name)))
