"""Loaded before Django's settings (``-p tests.isolation`` in pyproject.toml): each test process
of a run, pytest-xdist's workers ``gw0``, ``gw1``…, gets a Redis database of its own, after the
one the run was given, for its cache, channel layer and broker.

The test database is already its own (pytest-django adds the worker's name to it). Redis must
be too: a test empties the cache, and user ids, which name the socket groups, repeat across
the workers' databases. The channel layer publishes over Redis pub/sub, whose channels are the
same in every database, so its prefix names the database as well (the services a test starts
inherit it)."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit, urlunsplit

worker = os.environ.get("PYTEST_XDIST_WORKER", "")
redis_url = os.environ.get("REDIS_URL", "")
if worker.startswith("gw") and redis_url:
    parts = urlsplit(redis_url)
    base = int(parts.path.strip("/") or 0)
    os.environ["REDIS_URL"] = urlunsplit(parts._replace(path=f"/{base + 1 + int(worker[2:])}"))
if redis_url:
    # A worker inherits the prefix its run's main process set: that suffix is replaced.
    database = urlsplit(os.environ["REDIS_URL"]).path.strip("/") or "0"
    prefix = re.sub(r"-db\d+$", "", os.environ.get("CHANNELS_PREFIX", "cb"))
    os.environ["CHANNELS_PREFIX"] = f"{prefix}-db{database}"
