"""What PostgreSQL itself counts over a stretch of a benchmark: statements and their execution
time (``pg_stat_statements``, for one database) and the write-ahead log (``pg_stat_wal``, the
whole server; and, read back record by record with ``pg_walinspect``, one database's own).

The load benchmark reads a snapshot before and after each phase and each ``pgbench`` run and
states the site's cost per committed move next to pgbench's cost per transaction. The CPU of
the web and worker processes scales out with more machines; the primary's time and WAL per
move do not, so they set the ceiling.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

EXTENSION = "pg_stat_statements"

# The database's statements, one row each. The query names the view, so it leaves itself out.
_STATEMENTS = f"""
    SELECT s.userid, s.queryid, s.toplevel, s.calls, s.total_exec_time, s.wal_bytes, s.wal_fpi
      FROM {EXTENSION} s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = %s AND s.query NOT LIKE '%%{EXTENSION}%%'
"""
_SERVER = f"SELECT wal_bytes, (SELECT dealloc FROM {EXTENSION}_info) FROM pg_stat_wal"


@dataclass(frozen=True)
class Counters:
    """What one stretch of work cost PostgreSQL: the difference of two snapshots."""

    statements: int = 0  # calls of the database's statements (pg_stat_statements)
    exec_ms: float = 0.0  # their total_exec_time, ms (planning not included)
    wal_bytes: int = 0  # WAL their execution generated (pg_stat_statements)
    full_page_images: int = 0  # of it, whole pages logged on a first change after a checkpoint
    server_wal_bytes: int = 0  # WAL of the whole server, every database (pg_stat_wal)
    evicted: int = 0  # entries pg_stat_statements dropped to make room (its info view)
    # WAL records of the database's relations and its transactions' commits (pg_walinspect);
    # 0 where it could not be read. Other work on the server does not count here.
    database_wal_bytes: int = 0

    def __add__(self, other: Counters) -> Counters:
        return Counters(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                           for f in fields(self)})

    def per(self, count: int, statements: bool = True) -> dict[str, float | None]:
        """The counters divided by ``count`` (moves, or pgbench transactions); None for those
        of pg_stat_statements when it was not read (``statements`` false)."""
        return {f.name: (getattr(self, f.name) / count
                         if count and (statements or f.name in _WITHOUT_STATEMENTS) else None)
                for f in fields(self) if f.name != "evicted"}


_WITHOUT_STATEMENTS = ("server_wal_bytes", "database_wal_bytes")


@dataclass(frozen=True)
class Snapshot:
    """The cumulative counters at one moment: each statement's, and the server's WAL, with
    the position in the WAL flushed so far."""

    statements: dict[tuple[int, int, bool], tuple[int, float, int, int]]
    server_wal_bytes: int
    evicted: int
    wal_flushed: str = ""

    def __sub__(self, before: Snapshot) -> Counters:
        """The work done between ``before`` and this snapshot.

        Statement by statement, so that an entry pg_stat_statements dropped meanwhile for room
        only loses its own part instead of being subtracted from the rest; one dropped and
        counted again since is taken from zero."""
        used = [0, 0.0, 0, 0]
        for key, now in self.statements.items():
            then = before.statements.get(key)
            if then is None or now[0] < then[0]:
                then = (0, 0.0, 0, 0)
            for i in range(4):
                used[i] += now[i] - then[i]
        calls, exec_ms, wal, fpi = used
        return Counters(statements=calls, exec_ms=exec_ms, wal_bytes=int(wal),
                        full_page_images=fpi,
                        server_wal_bytes=self.server_wal_bytes - before.server_wal_bytes,
                        evicted=self.evicted - before.evicted)


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


def snapshot(conn: Any, database: str, statements: bool) -> Snapshot:
    """The counters now, for ``database`` (``statements``: whether pg_stat_statements is
    readable; without it only the server's WAL is read)."""
    flushed = conn.execute("SELECT pg_current_wal_flush_lsn()::text").fetchone()[0]
    if not statements:
        server_wal = conn.execute("SELECT wal_bytes FROM pg_stat_wal").fetchone()[0]
        return Snapshot({}, int(server_wal), 0, flushed)
    rows = conn.execute(_STATEMENTS, (database,)).fetchall()
    server_wal, evicted = conn.execute(_SERVER).fetchone()
    return Snapshot({(user, query, top): (calls, exec_ms, int(wal), fpi)
                     for user, query, top, calls, exec_ms, wal, fpi in rows},
                    int(server_wal), evicted, flushed)


# The records naming a block of the database's relations ("rel <tablespace>/<db>/<file>"),
# and those of the transactions that wrote them (their commits name no block).
_DATABASE_WAL = """
    WITH records AS (
        SELECT xid::text AS xid, record_length, block_ref
          FROM pg_get_wal_records_info(%(start)s::pg_lsn, %(end)s::pg_lsn)),
    ours AS (SELECT DISTINCT xid FROM records WHERE xid <> '0' AND block_ref LIKE %(rel)s)
    SELECT coalesce(sum(record_length), 0) FROM records
     WHERE block_ref LIKE %(rel)s OR xid IN (SELECT xid FROM ours)
"""


def walinspect_ready(conn: Any) -> bool:
    """Make ``pg_walinspect`` usable from ``conn``'s database; False when it cannot be."""
    try:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect")
    except Exception:  # not installed with this server, or not a superuser
        return False
    return True


def with_database_wal(conn: Any, database: str, before: Snapshot, after: Snapshot,
                      used: Counters) -> Counters:
    """``used`` with the WAL that ``database``'s own work wrote between the two snapshots,
    read from the WAL itself (``walinspect_ready`` must have said yes)."""
    oid = conn.execute("SELECT oid FROM pg_database WHERE datname = %s",
                       (database,)).fetchone()[0]
    wal = conn.execute(_DATABASE_WAL, {"start": before.wal_flushed, "end": after.wal_flushed,
                                       "rel": f"%/{oid}/%"}).fetchone()[0]
    return replace(used, database_wal_bytes=int(wal))


def _libraries(loaded: str) -> list[str]:
    return [name.strip().strip('"') for name in loaded.split(",") if name.strip()]
