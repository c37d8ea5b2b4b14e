"""The worker that ``coinche serve`` starts alongside the API on the embedded defaults.

With no ``CELERY_BROKER_URL``, jobs go through the filesystem broker in the data
folder; :func:`start_embedded_worker` starts ``python -m service.cli worker --beat``
(:mod:`service.cli.worker`) as a child process with the same data folder and
database, and stops it when the server stops (at exit of the starting process, and
through ``PR_SET_PDEATHSIG`` on Linux should the server die without cleaning up).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import signal
import subprocess
import sys

from flask import Flask

from workers.settings import broker_dir, data_dir


def _die_with_parent() -> None:  # runs in the child, before exec
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_embedded_worker(app: Flask, concurrency: int | None = None) -> subprocess.Popen[bytes]:
    """Start a worker process bound to ``app``'s data folder and database; returns it."""
    env = dict(os.environ)
    env["COINCHE_DATA_DIR"] = str(data_dir(app).resolve())
    env["COINCHE_BROKER_DIR"] = str(broker_dir(app).resolve())
    if app.config.get("DATABASE_URL"):
        env["DATABASE_URL"] = app.config["DATABASE_URL"]
    env.pop("CELERY_BROKER_URL", None)
    count = concurrency or max(1, (os.cpu_count() or 2) // 2)
    argv = [sys.executable, "-m", "service.cli", "worker", f"--concurrency={count}", "--beat",
            "--loglevel=WARNING"]  # fmt: skip
    process = subprocess.Popen(argv, env=env, preexec_fn=_die_with_parent)
    starter = os.getpid()

    def stop() -> None:
        if os.getpid() != starter or process.poll() is not None:
            return  # a forked server worker inherits this hook: only the starter stops it
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()

    atexit.register(stop)
    return process
