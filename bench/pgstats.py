"""What PostgreSQL itself counts over a stretch of a benchmark: statements and their execution
time (``pg_stat_statements``, for one database) and the write-ahead log (``pg_stat_wal``, the
whole server).

The load benchmark reads a snapshot before and after each phase and each ``pgbench`` run and
states the site's cost per committed move next to pgbench's cost per transaction. The CPU of
the web and worker processes scales out with more machines; the primary's time and WAL per
move do not, so they set the ceiling.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

EXTENSION = "pg_stat_statements"

# The database's own statements, and the server's WAL. The query names the view, so it leaves
# itself out of the figures.
_SNAPSHOT = f"""
    SELECT coalesce(sum(s.calls), 0)::bigint, coalesce(sum(s.total_exec_time), 0)::float8,
           coalesce(sum(s.wal_bytes), 0)::bigint, (SELECT wal_bytes FROM pg_stat_wal)::bigint,
           (SELECT dealloc FROM {EXTENSION}_info)
      FROM {EXTENSION} s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = %s AND s.query NOT LIKE '%%{EXTENSION}%%'
"""


@dataclass(frozen=True)
class Counters:
    """Cumulative counters at one moment, or the difference of two snapshots."""

    statements: int = 0  # calls of the database's statements (pg_stat_statements)
    exec_ms: float = 0.0  # their total_exec_time, ms (planning not included)
    wal_bytes: int = 0  # WAL their execution generated (pg_stat_statements)
    server_wal_bytes: int = 0  # WAL of the whole server, every database (pg_stat_wal)
    evicted: int = 0  # statements pg_stat_statements dropped to make room (its info view)

    def __sub__(self, before: Counters) -> Counters:
        return Counters(**{f.name: getattr(self, f.name) - getattr(before, f.name)
                           for f in fields(self)})

    def __add__(self, other: Counters) -> Counters:
        return Counters(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                           for f in fields(self)})

    def per(self, count: int, statements: bool = True) -> dict[str, float | None]:
        """The counters divided by ``count`` (moves, or pgbench transactions); None for those
        of pg_stat_statements when it was not read (``statements`` false)."""
        return {f.name: (getattr(self, f.name) / count
                         if count and (statements or f.name == "server_wal_bytes") else None)
                for f in fields(self) if f.name != "evicted"}


def preload_problem(conn: Any) -> str | None:
    """Why ``pg_stat_statements`` cannot be read on this server, with how to fix it; None
    when it can."""
    loaded = conn.execute("SHOW shared_preload_libraries").fetchone()[0]
    if EXTENSION in _libraries(loaded):
        return None
    return (
        f"{EXTENSION} is not in shared_preload_libraries ({loaded or 'empty'}), so statements "
        "and database time per move cannot be measured; WAL is still reported. To enable it, "
        "as a superuser:\n"
        f"    ALTER SYSTEM SET shared_preload_libraries = '{preload_value(loaded)}';\n"
        "then restart PostgreSQL (e.g. `pg_ctlcluster 15 main restart` or "
        "`systemctl restart postgresql`), or run this benchmark once with "
        "--enable-pg-stat-statements to do the ALTER SYSTEM step."
    )


def preload_value(loaded: str) -> str:
    """``shared_preload_libraries`` with ``pg_stat_statements`` added to what is there."""
    libraries = _libraries(loaded)
    return ",".join(libraries if EXTENSION in libraries else [*libraries, EXTENSION])


def enable_preload(conn: Any) -> None:
    """Add ``pg_stat_statements`` to the server's preload list (takes effect on restart)."""
    loaded = conn.execute("SHOW shared_preload_libraries").fetchone()[0]
    # ALTER SYSTEM takes no parameters; the value is made of names the server itself listed.
    conn.execute(f"ALTER SYSTEM SET shared_preload_libraries = '{preload_value(loaded)}'")


def prepare(conn: Any) -> bool:
    """Make the view readable from ``conn``'s database; False when it cannot be."""
    if preload_problem(conn):
        return False
    conn.execute(f"CREATE EXTENSION IF NOT EXISTS {EXTENSION}")
    return True


def snapshot(conn: Any, database: str, statements: bool) -> Counters:
    """The counters now, for ``database`` (``statements``: whether pg_stat_statements is
    readable; without it only the server's WAL is read)."""
    if not statements:
        server_wal = conn.execute("SELECT wal_bytes FROM pg_stat_wal").fetchone()[0]
        return Counters(server_wal_bytes=int(server_wal))
    calls, exec_ms, wal, server_wal, evicted = conn.execute(_SNAPSHOT, (database,)).fetchone()
    return Counters(statements=calls, exec_ms=exec_ms, wal_bytes=wal,
                    server_wal_bytes=server_wal, evicted=evicted)

def _libraries(loaded: str) -> list[str]:
    return [name.strip().strip('"') for name in loaded.split(",") if name.strip()]
