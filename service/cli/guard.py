"""gunicorn's threaded worker with a read deadline per request, and problem+json answers
for the errors gunicorn makes itself.

**Slow clients.** gunicorn's ``gthread`` worker reads a request's headers, and the app
its body, with blocking reads: a client that sends ``Content-Length`` and then trickles
the body holds a thread for as long as it likes, and twenty of them starve every other
request (``/health`` included). Here a request must keep pace: whatever it has sent, it
has ``READ_TIMEOUT`` seconds (``COINCHE_READ_TIMEOUT``, 2; 0 turns the guard off) plus
one second per 8 KiB received so far, so a trickle is cut within seconds while an
honest upload at 8 KiB/s or more never is. A request that falls behind is answered 408
(``request-timeout``) and its connection closed; its thread is free again.
Behind a reverse proxy that buffers requests (nginx does by default) the guard never
fires; in production, let the proxy face the clients (README: Serving).

**gunicorn's own errors.** A request line too long (414), headers too large (431), a
malformed request (400) never reach the app: gunicorn answers them itself, as an HTML
page. This worker writes them as ``application/problem+json`` instead, with the same
``type`` slugs as the app (gunicorn has no hook for it: its ``write_error`` is
replaced in the worker processes only).
"""

from __future__ import annotations

import json
import socket
import time
from typing import Any

from gunicorn import util  # type: ignore[import-untyped]
from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]

from service.api.problems import PROBLEMS
from service.api.requests import ReadTimeout

MIN_RATE = 8 * 1024  # bytes per second a request must keep up after its first seconds
SLOW = "the request arrived too slowly (under 8 KiB/s after its first seconds)"
_SLUGS = {400: "bad-request", 403: "forbidden", 408: "request-timeout", 414: "uri-too-long",
          417: "expectation-failed", 431: "headers-too-large", 501: "not-implemented"}  # fmt: skip


class Deadline:
    """A client socket whose reads must keep pace: a request's first ``grace`` seconds,
    plus one second per ``MIN_RATE`` bytes received, restarted for each request. Every
    other use (writes, polling, closing) goes to the socket unchanged."""

    def __init__(self, sock: socket.socket, grace: float) -> None:
        self._sock, self.grace = sock, grace
        self.started: float | None = None
        self.received = 0

    def start(self) -> None:
        self.started, self.received = time.monotonic(), 0

    def stop(self) -> None:
        self.started = None

    def recv(self, size: int, *flags: int) -> bytes:
        data: bytes = self._timed(self._sock.recv, size, *flags)
        self.received += len(data)
        return data

    def recv_into(self, buffer: Any, *args: int) -> int:
        count: int = self._timed(self._sock.recv_into, buffer, *args)
        self.received += count
        return count

    def _timed(self, read: Any, *args: Any) -> Any:
        if self.started is None:
            return read(*args)
        left = self.started + self.grace + self.received / MIN_RATE - time.monotonic()
        if left <= 0:
            raise ReadTimeout(SLOW)
        blocking = self._sock.gettimeout()
        self._sock.settimeout(left)
        try:
            return read(*args)
        except TimeoutError:
            raise ReadTimeout(SLOW) from None
        finally:
            self._sock.settimeout(blocking)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def write_problem(sock: Any, status: int, reason: str, detail: str) -> None:
    """gunicorn's ``util.write_error``, as problem+json."""
    slug = _SLUGS.get(status, "internal" if status >= 500 else "bad-request")
    body = json.dumps({"type": f"/problems/{slug}", "title": PROBLEMS[slug][1], "status": status,
                       "detail": detail or reason}).encode()  # fmt: skip
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        "Content-Type: application/problem+json\r\nX-Content-Type-Options: nosniff\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


class GuardedWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread`` with a read deadline per request and problem+json errors."""

    def init_process(self) -> None:
        util.write_error = write_problem  # this worker process only
        self.read_timeout = float(self.app.application.config.get("READ_TIMEOUT") or 0)
        super().init_process()

    def handle(self, conn: Any) -> Any:
        if self.read_timeout > 0 and not self.cfg.is_ssl:
            if not isinstance(conn.sock, Deadline):
                conn.sock = Deadline(conn.sock, self.read_timeout)
            conn.sock.start()
        return super().handle(conn)

    def handle_request(self, req: Any, conn: Any) -> Any:
        try:
            return super().handle_request(req, conn)
        finally:
            if isinstance(conn.sock, Deadline):
                conn.sock.stop()  # the answer is out: what follows is gunicorn's own reading

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        if isinstance(exc, ReadTimeout):
            self.log.warning("request from %s not read in time: closed with 408", addr)
            try:
                write_problem(client, 408, "Request Timeout", str(exc))
            finally:
                util.close(client)
            return
        super().handle_error(req, client, addr, exc)
