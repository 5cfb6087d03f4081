"""Each test process keeps to its own Redis database (tests/isolation.py), and its channel
layer's names say which: Redis pub/sub channels are shared by every database, so without the
database in the prefix a socket group of one process (named by a user id that repeats across
the processes' databases) would hear another's frames."""

from __future__ import annotations

import asyncio
import os
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from tests import processes


def test_the_channel_prefix_names_this_processs_redis_database(db):
    if not settings.REDIS_URL:
        return
    database = urlsplit(settings.REDIS_URL).path.strip("/") or "0"
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    assert prefix.endswith(f"-db{database}"), prefix
    # The worker and server a test starts publish under the same names.
    assert processes.test_environment("a-queue")["CHANNELS_PREFIX"] == prefix


def test_the_servers_a_test_starts_keep_djangos_async_guard(db, monkeypatch):
    # The test process lifts it while Playwright runs (tests/browser/chromium.py); a server
    # never.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in processes.test_environment("a-queue")
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in processes.child_environ()
    assert processes.child_environ()["PATH"] == os.environ["PATH"]


def test_a_test_without_a_browser_has_no_event_loop_in_its_thread_and_djangos_guard_on(
        transactional_db):
    # Playwright, when a browser test before this one in the process started it, is stopped.
    # (pytest-django runs the tests on a transactional database after the others, the browser
    # tests among them: this one with them, so that it can come after one.)
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ
