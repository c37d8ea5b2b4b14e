"""Slow clients and gunicorn's own errors, through ``coinche serve`` itself: twenty
connections trickling their bodies no longer starve ``/health``; an oversized request
line or header block, or a malformed request, is answered as problem+json; every page
carries its security headers. Prints its figures."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.faults.harness import coinche_serve, health_under_tricklers, raw

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def env(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return dict(os.environ, DATABASE_URL=database_url, COINCHE_READ_TIMEOUT="1",
                COINCHE_DATA_DIR=str(tmp_path_factory.mktemp("serve")))  # fmt: skip


def test_twenty_trickling_clients_do_not_starve_health(env: dict[str, str], make_token) -> None:
    token = make_token("club-slow", ("record",))
    with coinche_serve(env, "--workers", "1", "--threads", "4") as port:
        found = health_under_tricklers(port, token, clients=20, seconds=6)
    assert found["failed"] == 0, found
    assert found["slow_clients_answered"] == {"408": 20}, found
    print(f"\n20 trickling clients, 1 worker x 4 threads, read timeout 1 s: /health {found}")


def answer(data: bytes) -> tuple[int, dict[str, str], Any]:
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, json.loads(body)


def test_gunicorn_errors_are_problem_json(env: dict[str, str]) -> None:
    cases = {
        414: b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        431: b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150))
        + b"\r\n",
        400: b"NOT A REQUEST\r\n\r\n",
    }  # fmt: skip
    seen = {}
    with coinche_serve(env, "--workers", "1", "--threads", "2") as port:
        # headers that never end: cut by the read guard inside gunicorn's own parser
        code, headers, doc = answer(raw(port, b"GET /health HTTP/1.1\r\nHost: x\r\nX-a: "))
        assert (code, doc["type"]) == (408, "/problems/request-timeout"), doc
        assert headers["content-type"] == "application/problem+json"
        seen[code] = doc["type"]
        for status, data in cases.items():
            code, headers, doc = answer(raw(port, data))
            assert code == status == doc["status"], doc
            assert headers["content-type"] == "application/problem+json"
            assert headers["x-content-type-options"] == "nosniff"
            assert doc["type"].startswith("/problems/") and doc["title"]
            seen[code] = doc["type"]
    print(f"\ngunicorn-level errors as problem+json: {seen}")


@pytest.mark.parametrize(
    "path", ["/docs", "/health", "/ui/games", "/openapi.json", "/static/swagger/swagger-ui.css",
             "/games/not-a-uuid", "/problems/bad-request"],
)  # fmt: skip
def test_every_page_carries_security_headers(client: Any, path: str) -> None:
    answer = client.get(path)
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
    if path in ("/docs", "/ui/games"):
        assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
        assert "<script>" not in answer.get_data(as_text=True)  # no inline script
