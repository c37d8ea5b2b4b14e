"""The Flask app's configuration, from the environment (``COINCHE_*``) or a test dict.

| key | env | default |
|---|---|---|
| ``DATABASE_URL`` | ``DATABASE_URL`` | unset: the embedded PostgreSQL |
| ``DATA_DIR`` | ``COINCHE_DATA_DIR`` | ``.coinche-data`` |
| ``MAX_CONTENT_LENGTH`` | ``COINCHE_MAX_BODY`` | 1 MiB (larger bodies: 413) |
| ``MAX_IMPORT_LENGTH`` | ``COINCHE_MAX_IMPORT`` | 256 MiB (``POST /archives``) |
| ``IMPORT_SYNC_MAX`` | ``COINCHE_IMPORT_SYNC_MAX`` | 1 MiB (larger archives: a job) |
| ``FEED_POLL`` | ``COINCHE_FEED_POLL`` | 0.25 s between two looks at the store |
| ``FEED_KEEPALIVE`` | ``COINCHE_FEED_KEEPALIVE`` | 10 s of silence before a blank line |
| ``FEED_STREAM_MAX`` | ``COINCHE_FEED_STREAM_MAX`` | 300 s: the longest a stream stays open |
| ``CELERY_BROKER_URL`` | ``CELERY_BROKER_URL`` | unset: the filesystem broker in DATA_DIR |
| ``POOL_MAX`` | ``COINCHE_POOL_MAX`` | 10 |
| ``POOL_TIMEOUT`` | ``COINCHE_POOL_TIMEOUT`` | 10 s waiting for a connection, then 503 |
| ``READ_TIMEOUT`` | ``COINCHE_READ_TIMEOUT`` | 2 s to read a request, +1 s per 8 KiB received |
| ``CHECKPOINT_KEY`` | ``COINCHE_CHECKPOINT_KEY`` | ``checkpoint-key.pem`` in ``DATA_DIR`` |
| ``PG_PORT`` | ``COINCHE_PG_PORT`` | unset: the embedded server listens on its unix socket only |
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from events.store.config import Settings


def from_env(env: Mapping[str, str] | None = None) -> dict[str, Any]:
    e = os.environ if env is None else env
    return {
        "DATABASE_URL": e.get("DATABASE_URL") or None,
        "DATA_DIR": e.get("COINCHE_DATA_DIR") or ".coinche-data",
        "MAX_CONTENT_LENGTH": int(e.get("COINCHE_MAX_BODY") or 1024 * 1024),
        "MAX_IMPORT_LENGTH": int(e.get("COINCHE_MAX_IMPORT") or 256 * 1024 * 1024),
        "IMPORT_SYNC_MAX": int(e.get("COINCHE_IMPORT_SYNC_MAX") or 1024 * 1024),
        "FEED_POLL": float(e.get("COINCHE_FEED_POLL") or 0.25),
        "FEED_KEEPALIVE": float(e.get("COINCHE_FEED_KEEPALIVE") or 10),
        "FEED_STREAM_MAX": float(e.get("COINCHE_FEED_STREAM_MAX") or 300),
        "CELERY_BROKER_URL": e.get("CELERY_BROKER_URL") or None,
        "POOL_MAX": int(e.get("COINCHE_POOL_MAX") or 10),
        "POOL_TIMEOUT": float(e.get("COINCHE_POOL_TIMEOUT") or 10),
        "CHECKPOINT_KEY": e.get("COINCHE_CHECKPOINT_KEY") or None,
        "READ_TIMEOUT": float(e.get("COINCHE_READ_TIMEOUT") or 2),
        "PG_PORT": Settings.from_env(e).pg_port,
        "JSON_SORT_KEYS": False,
    }
