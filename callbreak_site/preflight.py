"""``make serve-prod``'s first step: can the services named by the environment be reached?

Each that cannot is reported in one line naming the setting, what it points at and why, and
the run stops there, instead of a process waiting out its connection pool and ending in a
traceback. Exit status 2 when something is unreachable.
"""

from __future__ import annotations

import os
import sys

import dj_database_url
import psycopg
import redis

TIMEOUT_SECONDS = 5


def database_problem(url: str) -> str | None:
    """Why the PostgreSQL database of ``url`` cannot be used, in one line; None when it can."""
    db = dj_database_url.parse(url)
    where = f"database \"{db['NAME']}\" on {db['HOST'] or 'localhost'}:{db['PORT'] or 5432}"
    try:
        with psycopg.connect(dbname=db["NAME"], host=db["HOST"] or None,
                             port=db["PORT"] or None, user=db["USER"] or None,
                             password=db["PASSWORD"] or None, connect_timeout=TIMEOUT_SECONDS):
            return None
    except psycopg.Error as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        return f"DATABASE_URL: cannot use the {where}: {reason}"


def redis_problem(url: str) -> str | None:
    """Why the Redis server of ``url`` cannot be used, in one line; None when it can."""
    try:
        redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT_SECONDS,
                             socket_timeout=TIMEOUT_SECONDS).ping()
        return None
    except (redis.RedisError, ValueError) as error:
        return f"REDIS_URL: cannot use the Redis at {url}: {error}"


def main() -> int:
    problems = []
    if url := os.environ.get("DATABASE_URL", ""):
        problems.append(database_problem(url))
    if url := os.environ.get("REDIS_URL", ""):
        problems.append(redis_problem(url))
    for problem in filter(None, problems):
        print(problem, file=sys.stderr)
    return 2 if any(problems) else 0


if __name__ == "__main__":
    sys.exit(main())
