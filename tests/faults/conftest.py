"""Real processes for fault tests, on a queue of the test's own so no other worker helps."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid

import pytest
import redis
from django.conf import settings

from tests.conftest import on_services
from tests.processes import (
    LOGS,
    ROOT,
    free_port,
    start_server,
    start_worker,
    stop,
    test_environment,
)

# A bot turn whose task was lost is played by the sweeper this long after it came up.
BOT_GRACE_SECONDS = 2


class Fleet:
    """Workers and servers started for one test, all stopped when it ends."""

    def __init__(self, queue: str) -> None:
        self.queue = queue
        self.env = dict(test_environment(queue), BOT_TURN_GRACE_SECONDS=str(BOT_GRACE_SECONDS),
                        LOG_LEVEL_TASKS="INFO")
        self.processes: list[subprocess.Popen] = []

    def worker(self, **env: str) -> tuple[subprocess.Popen, str]:
        """A worker with one task slot; returns it and the path of its log."""
        name = f"fault-worker-{uuid.uuid4().hex[:8]}"
        process = start_worker(dict(self.env, **env), name, concurrency=1)
        self.processes.append(process)
        log = LOGS / f"{name}.log"
        ready = _wait(lambda: "ready." in log.read_text(errors="replace"), 30)
        assert ready, f"worker did not start; see {log}"
        return process, str(log)

    def server(self) -> str:
        port = free_port()
        self.processes.append(start_server(self.env, port, f"fault-server-{port}"))
        return f"http://127.0.0.1:{port}"

    def beat(self, every_seconds: float = 1) -> subprocess.Popen:
        """Celery beat, sending the deadline sweep every ``every_seconds``."""
        name = f"fault-beat-{uuid.uuid4().hex[:8]}"
        log = open(LOGS / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "callbreak_site", "beat", "-l", "INFO",
             "-s", str(LOGS / f"{name}.schedule")],
            cwd=ROOT, env=dict(self.env, DEADLINE_SWEEP_SECONDS=str(every_seconds)),
            stdout=log, stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        return process

    def stop_all(self) -> None:
        stop(*self.processes)


@pytest.fixture
def fleet(transactional_db, settings):
    """A fresh task queue for this test, with the short bot grace in every process."""
    if not on_services():
        pytest.skip("needs PostgreSQL and Redis on their default ports")
    from callbreak_site.celery import app

    queue = f"cb-faults-{os.getpid()}-{uuid.uuid4().hex[:6]}"
    previous, app.conf.task_default_queue = app.conf.task_default_queue, queue
    settings.BOT_TURN_GRACE_SECONDS = BOT_GRACE_SECONDS
    fleet = Fleet(queue)
    try:
        yield fleet
    finally:
        fleet.stop_all()
        app.conf.task_default_queue = previous
        _forget_queue(queue)


def _forget_queue(queue: str) -> None:
    """Drop what the broker still holds for this test's queue (a killed worker's unacked
    task would otherwise come back an hour later to a queue nobody reads)."""
    client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    client.delete(queue)
    for tag, raw in client.hgetall("unacked").items():
        try:
            routing_key = json.loads(raw)[2]
        except (ValueError, IndexError):
            continue
        if routing_key == queue:
            client.hdel("unacked", tag)
            client.zrem("unacked_index", tag)
    client.delete(f"_kombu.binding.{queue}")


def _wait(predicate, timeout: float, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except FileNotFoundError:
            value = False
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)
