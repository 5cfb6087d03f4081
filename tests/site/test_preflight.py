"""``make serve-prod`` pointed at a database or a Redis it cannot use says so in one line per
setting (what it points at, and why) and stops at once, instead of a pool's traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.conftest import ROOT, needs_services

SECRET = "k3y-" * 16


@needs_services
def test_serve_prod_names_a_missing_database_and_an_unreachable_redis_and_stops():
    env = dict(os.environ, DATABASE_URL="postgres://postgres@127.0.0.1:5432/no_such_database",
               REDIS_URL="redis://127.0.0.1:1/0", SECRET_KEY=SECRET)
    started = time.monotonic()
    done = subprocess.run(["make", "--no-print-directory", "serve-prod"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert time.monotonic() - started < 60
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines()
             if line.startswith(("DATABASE_URL", "REDIS_URL"))]
    assert len(lines) == 2, done.stderr
    database, redis_line = lines
    assert '"no_such_database"' in database and "127.0.0.1:5432" in database
    assert "does not exist" in database
    assert redis_line.startswith("REDIS_URL:") and "127.0.0.1:1" in redis_line
    assert "Traceback" not in done.stderr and "couldn't get a connection" not in done.stderr


@needs_services
def test_the_preflight_passes_on_the_services_the_suite_uses(db):
    from tests.processes import test_environment

    done = subprocess.run([sys.executable, "-m", "callbreak_site.preflight"], cwd=ROOT,
                          env=test_environment("preflight"), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
