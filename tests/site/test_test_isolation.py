"""Each test process keeps to its own Redis database (tests/isolation.py), and its channel
layer's names say which: Redis pub/sub channels are shared by every database, so without the
database in the prefix a socket group of one process (named by a user id that repeats across
the processes' databases) would hear another's frames."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

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
    # The test process lifts it for Playwright (tests/browser/conftest.py); a server never.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in processes.test_environment("a-queue")
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in processes.child_environ()
    assert processes.child_environ()["PATH"] == os.environ["PATH"]
