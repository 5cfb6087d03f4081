"""Shared fixtures: named users (an owner, a member, an outsider) and authenticated clients."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db.backends.signals import connection_created
from django.dispatch import receiver
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.browser.chromium import SHARED as SHARED_CHROMIUM

PASSWORD = "a-Long-pass-phrase-7"
ROOT = Path(__file__).resolve().parents[1]


def pytest_sessionstart(session: pytest.Session) -> None:
    """The site serves hashed static files from a manifest: build it once per run, before any
    test process starts (with several processes, the one that starts them builds it)."""
    if hasattr(session.config, "workerinput"):
        return
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=0)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Playwright keeps an event loop running in the test thread: it stays up from one
    browser test to the next and stops before any other (tests/browser/chromium.py)."""
    if "open_phone" not in getattr(item, "fixturenames", ()):
        SHARED_CHROMIUM.stop()


def pytest_sessionfinish(session: pytest.Session) -> None:
    SHARED_CHROMIUM.stop()


# Where this test process's worker and server logs stood when a test's call began.
LOG_OFFSETS = pytest.StashKey[dict]()
LOG_TAIL_LINES = 60


def _session_name(role: str) -> str:
    """The name of this test process's own ``worker`` or ``server``, and of its log."""
    return f"{role}-{os.getpid()}"


def _session_logs() -> list[Path]:
    from tests.processes import LOGS

    return [LOGS / f"{_session_name(role)}.log" for role in ("worker", "server")]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A failed test's report ends with what this process's worker and server logged while it
    ran (its last lines), so a failure on a machine nobody can log in to can still be read."""
    report = yield
    if report.when == "setup":
        item.stash[LOG_OFFSETS] = {p: p.stat().st_size for p in _session_logs() if p.exists()}
    elif report.when == "call" and report.failed:
        offsets = item.stash.get(LOG_OFFSETS, {})
        for path in _session_logs():
            if path.exists():
                with path.open("rb") as log:
                    log.seek(offsets.get(path, 0))
                    lines = log.read().decode(errors="replace").splitlines()[-LOG_TAIL_LINES:]
                report.sections.append((f"{path.name} while the test ran", "\n".join(lines)))
    return report


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database commits without waiting for its WAL to reach the disk (a commit
    costs a few milliseconds on this machine's disk otherwise): what a crash would lose is a
    test run's data, and every process that connects from now on commits this way."""
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            name = connection.ops.quote_name(connection.settings_dict["NAME"])
            cursor.execute(f"ALTER DATABASE {name} SET synchronous_commit TO off")
            cursor.execute("SET synchronous_commit TO off")


@receiver(connection_created)
def _flush_outwaits_stray_tasks(sender, connection, **kwargs):
    """A task left from an earlier test (a turn's timer, say) may hold rows while the flush
    that empties the database deletes them table by table: PostgreSQL then ends whichever
    side checks for a deadlock first. This process checks last, so the task is the one
    ended and the database is emptied."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET deadlock_timeout TO '5s'")


@pytest.fixture(autouse=True)
def _quiet_matches_after_test(request):
    """A worker may still be playing a bot turn when a test ends: end every match first, so
    the worker's next look finds nothing to do and the database can be emptied."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None or not marker.kwargs.get("transaction"):
        yield
        return
    request.getfixturevalue("transactional_db")  # so the database is emptied after this
    yield
    from games.models import Match

    Match.objects.filter(status__in=Match.ACTIVE).update(status=Match.Status.FINISHED)
    if _WORKERS:
        _wait_until_idle(_WORKERS[-1])


# The hostname of this run's Celery worker while it runs.
_WORKERS: list[str] = []


def _wait_until_idle(worker: str, timeout: float = 20) -> None:
    """Wait (a bounded while) for the worker to finish the tasks it has taken: emptying the
    database while a task holds row locks may deadlock the flush."""
    from callbreak_site.celery import app

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        inspect = app.control.inspect(destination=[worker], timeout=1, limit=1)
        active, reserved = inspect.active(), inspect.reserved()
        if active is None or reserved is None:
            return
        if not any(active.values()) and not any(reserved.values()):
            return
        time.sleep(0.1)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttles and presence live in the cache: every test starts from an empty one."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def make_user(username: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=PASSWORD)


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_of(user)}")
    return client


def run_fresh(code: str, env: dict[str, str]) -> dict:
    """Run ``code`` in a new interpreter at the project's root with ``env`` (so this test
    process stays as it is) and read the JSON it prints last."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def token_of(user) -> str:
    return AuthToken.objects.create(user=user)[1]


def socket_with(token: str):
    """An in-process websocket to the site's own ASGI app from its own origin, signed in with
    ``token``; make it inside the test's event loop."""
    from channels.testing import WebsocketCommunicator

    from callbreak_site.asgi import application

    return WebsocketCommunicator(application, "/ws/", headers=[
        (b"host", b"localhost"), (b"origin", b"http://localhost"),
        (b"authorization", f"Token {token}".encode())])


@pytest.fixture
def owner(db):
    return make_user("owner")


@pytest.fixture
def member(db):
    return make_user("member")


@pytest.fixture
def outsider(db):
    return make_user("outsider")


@pytest.fixture
def owner_api(owner) -> APIClient:
    return client_for(owner)


@pytest.fixture
def member_api(member) -> APIClient:
    return client_for(member)


@pytest.fixture
def outsider_api(outsider) -> APIClient:
    return client_for(outsider)


def on_services() -> bool:
    """True when the suite runs against PostgreSQL and Redis (not the embedded default)."""
    return bool(settings.DATABASE_URL and settings.REDIS_URL)


needs_services = pytest.mark.skipif(
    not on_services(), reason="needs PostgreSQL and Redis on their default ports"
)


@pytest.fixture(scope="session")
def task_queue() -> str:
    """A queue of this run's own, so no other run's worker takes its tasks."""
    from callbreak_site.celery import app

    name = f"cb-test-{os.getpid()}"
    app.conf.task_default_queue = name
    return name


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, task_queue):
    """A real Celery worker process on Redis and the test database."""
    if not on_services():
        pytest.skip("needs PostgreSQL and Redis on their default ports")
    from tests.processes import LOGS, start_worker, stop, test_environment

    with django_db_blocker.unblock():
        env = test_environment(task_queue)
    name = _session_name("worker")
    log = LOGS / f"{name}.log"
    start = log.stat().st_size if log.exists() else 0
    process = start_worker(env, name)
    ready = wait_for(lambda: b"ready." in log.read_bytes()[start:], timeout=60)
    assert ready, f"the Celery worker did not start; see {log}"
    _WORKERS.append(f"{name}@{socket.gethostname()}")
    yield process
    _WORKERS.clear()
    stop(process)


@pytest.fixture(scope="session")
def live_server_url(django_db_setup, django_db_blocker, task_queue, celery_worker):
    """A real ASGI server (uvicorn) on the test database, with the real worker behind it."""
    from tests.processes import serving, test_environment

    with django_db_blocker.unblock():
        env = test_environment(task_queue)
    with serving(env, _session_name("server")) as url:
        yield url


def wait_for(predicate, timeout: float = 30, interval: float = 0.1):
    """Poll ``predicate`` until it returns a truthy value or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(interval)
