"""``make run``: prepare the database and static files, then run every process the site needs.

With ``REDIS_URL`` set: the ASGI server, a Celery worker and Celery beat as separate processes.
Without it: the ASGI server alone, which then runs the worker and beat in-process.
Ctrl-C (or SIGTERM) stops everything this started.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def _manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], check=True)


def _ensure_database() -> None:
    """Create the PostgreSQL database named by DATABASE_URL when it does not exist yet."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import dj_database_url
    import psycopg
    from psycopg import sql

    db = dj_database_url.parse(url)
    params = {"host": db["HOST"] or None, "port": db["PORT"] or None, "user": db["USER"] or None,
              "password": db["PASSWORD"] or None}
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db["NAME"]])
        if found.fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db["NAME"])))
            print(f"Created database {db['NAME']}", flush=True)


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")
    _ensure_database()
    port = os.environ.get("PORT", "8000")
    host = os.environ.get("HOST", "127.0.0.1")
    _manage("migrate", "--noinput", "-v", "0")
    _manage("collectstatic", "--noinput", "-v", "0")

    env = dict(os.environ, CALLBREAK_SERVE="1")
    server = [
        sys.executable, "-m", "uvicorn", "callbreak_site.asgi:application",
        "--host", host, "--port", port, "--lifespan", "on",
        "--workers", os.environ.get("WEB_CONCURRENCY", "1"),
        "--timeout-keep-alive", os.environ.get("KEEP_ALIVE_SECONDS", "75"),
        # The application reads X-Forwarded-* itself, from FORWARDED_ALLOW_IPS only.
        "--no-proxy-headers",
    ]
    commands = [server]
    if os.environ.get("REDIS_URL"):
        celery = [sys.executable, "-m", "celery", "-A", "callbreak_site"]
        level = os.environ.get("CELERY_LOG_LEVEL", "INFO")
        schedule = os.path.join(os.environ.get("VAR_DIR", "var"), "celerybeat-schedule")
        commands.append(celery + ["worker", "-l", level, "--pool", "threads", "--concurrency",
                                  os.environ.get("CELERY_CONCURRENCY", "4")])
        commands.append(celery + ["beat", "-l", level, "-s", schedule])
    children = [subprocess.Popen(cmd, env=env) for cmd in commands]
    print(f"\nCall Break is running at http://{host}:{port}/  (API: http://{host}:{port}/api/)"
          "\nPress Ctrl-C to stop.\n", flush=True)

    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping and all(child.poll() is None for child in children):
            time.sleep(0.5)
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + 10
        for child in children:
            try:
                child.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
    failed = [child.returncode for child in children if child.returncode not in (0, -15, None)]
    return 0 if stopping or not failed else 1


if __name__ == "__main__":
    sys.exit(main())
