"""Real processes for tests: a Celery worker and an ASGI server on the test database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from django.conf import settings
from django.db import connection

from tests.browser.chromium import UNGUARDED

ROOT = Path(__file__).resolve().parents[1]
LOGS = ROOT / "var" / "test-logs"


# Set in the test process while Playwright runs (tests/browser/chromium.py); never in a server.
TEST_PROCESS_ONLY = (UNGUARDED,)


def child_environ() -> dict[str, str]:
    """The test process's environment without what only the test process may have."""
    return {k: v for k, v in os.environ.items() if k not in TEST_PROCESS_ONLY}


def test_environment(queue: str) -> dict[str, str]:
    """The environment a child process needs to share the test database, broker and queue."""
    db = connection.settings_dict
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return dict(
        child_environ(),
        DATABASE_URL=f"{url}/{db['NAME']}",
        REDIS_URL=settings.REDIS_URL,
        CELERY_QUEUE=queue,
        DJANGO_SETTINGS_MODULE="tests.server_settings",
        PYTHONUNBUFFERED="1",
        STATICFILES_BACKEND=settings.STORAGES["staticfiles"]["BACKEND"],
        HAND_BREAK_SECONDS=str(settings.HAND_BREAK_SECONDS),
        ANALYSIS_BUDGET_MS=str(settings.ANALYSIS_BUDGET_MS),
        ANALYSIS_ROLLOUTS=str(settings.ANALYSIS_ROLLOUTS or 0),
        # Many test processes share one PostgreSQL (100 connections): small pools each.
        DB_POOL_MAX=os.environ.get("TEST_CHILD_DB_POOL_MAX", "4"),
        # A line per task in the worker's log (received, done, in how long, or raised): a
        # failed test's report quotes the log (tests/conftest.py).
        LOG_LEVEL_TASKS="INFO",
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_worker(env: dict[str, str], name: str, concurrency: int = 4) -> subprocess.Popen:
    LOGS.mkdir(parents=True, exist_ok=True)
    log = open(LOGS / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "callbreak_site", "worker", "-l", "INFO",
         "--pool", "threads", "--concurrency", str(concurrency), "-n", f"{name}@%h",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )


def start_server(env: dict[str, str], port: int, name: str) -> subprocess.Popen:
    LOGS.mkdir(parents=True, exist_ok=True)
    log = open(LOGS / f"{name}.log", "ab")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "callbreak_site.asgi:application", "--host",
         "127.0.0.1", "--port", str(port), "--lifespan", "on", "--no-access-log",
         # Open sockets would hold a graceful shutdown for as long as they stay open.
         "--timeout-graceful-shutdown", "1"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server {name} exited; see {LOGS / (name + '.log')}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server {name} did not answer within 30 s")


@contextmanager
def serving(env: dict[str, str], name: str) -> Iterator[str]:
    """A uvicorn process on a free loopback port for the block; yields its base URL."""
    port = free_port()
    process = start_server(env, port, name)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def stop(*processes: subprocess.Popen, timeout: float = 5) -> None:
    """Ask every process to stop at once, then kill those still running after ``timeout``."""
    running = [process for process in processes if process.poll() is None]
    for process in running:
        process.terminate()
    deadline = time.monotonic() + timeout
    for process in running:
        try:
            process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
