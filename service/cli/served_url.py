"""Where ``coinche serve`` listens, as one setting that ``coinche demo`` reads too.

``COINCHE_BIND`` (``HOST:PORT``) is ``serve --bind``'s default; ``COINCHE_URL`` is the
address people reach it at when that differs (a proxy, a host name). ``demo`` prints its
links for ``--url``, else ``COINCHE_URL``, else ``http://`` + ``COINCHE_BIND`` (a
wildcard host, ``0.0.0.0`` or ``::``, is linked as ``127.0.0.1``), else the default bind.

>>> served_url({"COINCHE_BIND": "0.0.0.0:9000"})
'http://127.0.0.1:9000'
>>> served_url({"COINCHE_URL": "https://belote.example/", "COINCHE_BIND": "0.0.0.0:9000"})
'https://belote.example'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

DEFAULT_BIND = "127.0.0.1:8000"
BIND_ENV = "COINCHE_BIND"
URL_ENV = "COINCHE_URL"
_WILDCARDS = {"0.0.0.0", "::", "[::]", ""}


def bind_setting(env: Mapping[str, str] | None = None) -> str:
    """``HOST:PORT`` that ``coinche serve`` listens on unless told otherwise."""
    e = os.environ if env is None else env
    return e.get(BIND_ENV) or DEFAULT_BIND


def served_url(env: Mapping[str, str] | None = None) -> str:
    """The base URL of the served API (no trailing slash)."""
    e = os.environ if env is None else env
    if e.get(URL_ENV):
        return e[URL_ENV].rstrip("/")
    host, _, port = bind_setting(e).rpartition(":")
    return f"http://{'127.0.0.1' if host in _WILDCARDS else host}:{port}"
