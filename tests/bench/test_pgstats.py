"""PostgreSQL's own counters as the load benchmark reads them, on the real server."""

from __future__ import annotations

import psycopg
import pytest
from django.conf import settings

from bench import pgstats
from tests.conftest import needs_services, wait_for

pytestmark = needs_services


def test_the_preload_list_gains_pg_stat_statements_and_keeps_what_it_had():
    assert pgstats.preload_value("") == "pg_stat_statements"
    assert pgstats.preload_value("auto_explain") == "auto_explain,pg_stat_statements"
    assert pgstats.preload_value("pg_stat_statements, auto_explain") == (
        "pg_stat_statements,auto_explain")


def test_a_statement_dropped_for_room_loses_only_its_own_part():
    before = pgstats.Snapshot({(1, 10, True): (100, 5.0, 800, 0), (1, 11, True): (7, 1.0, 0, 0)},
                              server_wal_bytes=1000, evicted=3)
    # Statement 11 was dropped and came back (3 calls since); statement 12 is new.
    after = pgstats.Snapshot({(1, 10, True): (150, 7.5, 1200, 1), (1, 11, True): (3, 0.5, 0, 0),
                              (1, 12, True): (2, 0.25, 100, 0)},
                             server_wal_bytes=4000, evicted=4)
    used = after - before
    assert used.statements == 50 + 3 + 2
    assert used.exec_ms == 2.5 + 0.5 + 0.25
    assert used.wal_bytes == 400 + 100
    assert used.full_page_images == 1
    assert used.server_wal_bytes == 3000
    assert used.evicted == 1


@pytest.fixture(scope="module")
def scratch() -> str:
    """A database of this test run's own, beside the test database."""
    server = settings.DATABASE_URL.rsplit("/", 1)[0]
    name = settings.DATABASES["default"]["NAME"].removeprefix("test_") + "_pgstats"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    with psycopg.connect(f"{server}/{name}", autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS written (id serial PRIMARY KEY, body text)")
    return f"{server}/{name}"


def loaded(conn: psycopg.Connection) -> bool:
    return "pg_stat_statements" in conn.execute("SHOW shared_preload_libraries").fetchone()[0]


def test_a_missing_preload_is_explained_with_the_statement_that_enables_it(scratch):
    with psycopg.connect(scratch, autocommit=True) as conn:
        problem = pgstats.preload_problem(conn)
        if loaded(conn):
            assert problem is None
        else:
            assert "ALTER SYSTEM SET shared_preload_libraries" in problem
            assert "restart" in problem


def write_rows(url: str, statements: int) -> None:
    """``statements`` inserts of 1 KB each from a connection of their own, then closed, so
    the server has the backend's statistics."""
    with psycopg.connect(url, autocommit=True) as conn:
        for _ in range(statements):
            conn.execute("INSERT INTO written (body) VALUES (repeat('x', 1000))")


def test_the_servers_wal_between_two_snapshots_holds_the_rows_written(scratch):
    name = scratch.rsplit("/", 1)[1]
    with psycopg.connect(scratch, autocommit=True) as stats:
        before = pgstats.snapshot(stats, name, statements=False)
        write_rows(scratch, 50)
        grew = wait_for(lambda: (pgstats.snapshot(stats, name, statements=False) - before)
                        .server_wal_bytes >= 50 * 1000, timeout=15)
    assert grew


def test_the_databases_statements_time_and_wal_between_two_snapshots(scratch):
    name = scratch.rsplit("/", 1)[1]
    with psycopg.connect(scratch, autocommit=True) as stats:
        if not pgstats.prepare(stats):
            pytest.skip("pg_stat_statements is not in shared_preload_libraries")
        before = pgstats.snapshot(stats, name, statements=True)
        write_rows(scratch, 40)
        used = pgstats.snapshot(stats, name, statements=True) - before
    # The snapshots' own queries name the view and are left out: exactly the 40 inserts.
    assert used.statements == 40
    assert used.exec_ms > 0
    assert used.wal_bytes >= 40 * 1000
    per = used.per(40)
    assert per["statements"] == 1
    assert per["wal_bytes"] == used.wal_bytes / 40


def test_the_databases_own_wal_holds_its_rows_and_not_another_databases(scratch):
    """Read back from the WAL itself: the rows written in the measured database count, those
    written meanwhile in another of this run's databases do not."""
    name = scratch.rsplit("/", 1)[1]
    server = settings.DATABASE_URL.rsplit("/", 1)[0]
    other = psycopg.connect(f"{server}/{settings.DATABASES['default']['NAME']}",
                            autocommit=True)
    with psycopg.connect(scratch, autocommit=True) as stats, other:
        if not pgstats.walinspect_ready(stats):
            pytest.skip("pg_walinspect is not available on this server")
        other.execute("CREATE TABLE IF NOT EXISTS elsewhere (body text)")
        before = pgstats.snapshot(stats, name, statements=False)
        write_rows(scratch, 20)
        for _ in range(40):
            other.execute("INSERT INTO elsewhere VALUES (repeat('y', 1000))")
        after = pgstats.snapshot(stats, name, statements=False)
        used = pgstats.with_database_wal(stats, name, before, after, after - before)
    assert 20 * 1000 <= used.database_wal_bytes < 40 * 1000
    assert used.per(20, statements=False)["database_wal_bytes"] == used.database_wal_bytes / 20
