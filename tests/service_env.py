"""Print shell exports choosing the services the test suite runs against.

Where PostgreSQL and Redis answer on their default local ports the suite uses them (and a real
Celery worker process); elsewhere it runs on the embedded default and says so first.
"""

import os
import socket
import sys


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def main() -> None:
    database = os.environ.get("DATABASE_URL", "")
    redis = os.environ.get("REDIS_URL", "")
    if not database and answers(5432):
        database = "postgres://postgres@127.0.0.1:5432/callbreak"
    if not redis and answers(6379):
        redis = "redis://127.0.0.1:6379/0"
    if database and redis:
        print(f"test services: PostgreSQL ({database}) and Redis ({redis})", file=sys.stderr)
    else:
        print(
            "test services: EMBEDDED DEFAULT (SQLite, in-memory channel layer, in-process "
            "Celery) — PostgreSQL and Redis were not both found on their default ports; "
            "tests that need them are skipped",
            file=sys.stderr,
        )
        database = redis = ""
    # The test process itself runs many threads and servers' fixtures: a roomier pool.
    print(f"export DATABASE_URL='{database}' REDIS_URL='{redis}' "
          f"DB_POOL_MAX='{os.environ.get('DB_POOL_MAX', '20')}'")


if __name__ == "__main__":
    main()
