"""What one move writes to PostgreSQL's WAL, read back record by record with pg_walinspect
(only the records of the move's own transaction, so other work on the server does not count;
full-page images left out, as they come with the first change of a page after a checkpoint).

The match row is rewritten by every move, so it must carry the hand under way only: a move
late in a match writes no more than one in its first hand (docs/BENCHMARKS.md, "Where a
move's WAL goes")."""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Match
from tests.api.helpers import act, four_humans, on_turn
from tests.conftest import needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]

# The match row's update: the columns a move changes, the hand under way among them, and the
# record's headers (about 510 bytes; with the finished hands in the row it was 1,000-2,000).
MATCH_ROW_UPDATE = 600
# All a person's move writes, alone in its transaction, when the match row stays on its page:
# the row lock, the move's row and its two index entries, the match row, the turn's clock and
# the commit (about 1,000-1,200 bytes).
PERSONS_MOVE = 1400
PAGE_SPLITS = {"Btree SPLIT_L", "Btree SPLIT_R", "Btree NEWROOT", "Btree INSERT_UPPER",
               "Btree DEDUP"}


@pytest.fixture
def walinspect():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_walinspect'")
        if cursor.fetchone() is None:
            pytest.skip("pg_walinspect is not installed with this PostgreSQL")
        cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect")


def wal_of_one_move(clients, match_id) -> dict[str, int]:
    """Play the next move; the WAL bytes its transaction wrote, by kind of record."""
    client, current = on_turn(clients, match_id)
    with connection.cursor() as cursor:
        # The test database commits without waiting for the disk, and pg_walinspect reads only
        # WAL on disk: a transaction of this session's that waits for it flushes all before it.
        cursor.execute("SET synchronous_commit TO on")
        cursor.execute("SELECT pg_current_xact_id(), pg_current_wal_flush_lsn()")
        (_, before) = cursor.fetchone()
        assert act(client, current).status_code == 200
        cursor.execute("SELECT pg_current_xact_id()")
        # The move's transaction is the one that wrote the match row as it now stands.
        cursor.execute("SELECT xmin::text::bigint, pg_current_wal_flush_lsn(), "
                       "pg_relation_filenode('games_match') FROM games_match WHERE id = %s",
                       [match_id])
        xid, after, match_table = cursor.fetchone()
        cursor.execute(
            "SELECT resource_manager || ' ' || record_type, block_ref, "
            "record_length - fpi_length FROM pg_get_wal_records_info(%s, %s) WHERE xid = %s",
            [before, after, xid])
        records = cursor.fetchall()
    assert records, "the move's transaction wrote no WAL"
    # An index page that fills is split in two (750 bytes and more): one insert in some
    # hundreds pays it, in whichever hand it falls (the indexes keep growing from test to
    # test, so here it can fall in any move). It is counted apart.
    written = {"total": sum(length for kind, _, length in records if kind not in PAGE_SPLITS),
               "splits": sum(length for kind, _, length in records if kind in PAGE_SPLITS)}
    match_row = [(kind, length) for kind, blocks, length in records
                 if kind.startswith("Heap ") and "UPDATE" in kind
                 and f"/{match_table} " in (blocks or "")]
    assert len(match_row) == 1, records
    written["match_row"] = match_row[0][1]
    written["hot"] = match_row[0][0] == "Heap HOT_UPDATE"
    return written


def play_until(clients, match_id, hand_number: int) -> None:
    while Match.objects.get(pk=match_id).state is not None:
        client, current = on_turn(clients, match_id)
        if current["hand_number"] == hand_number and current["status"] == "playing":
            return
        assert act(client, current).status_code == 200


def test_a_move_late_in_a_match_writes_no_more_wal_than_one_in_its_first_hand(
        owner_api, walinspect):
    created, clients, _ = four_humans(owner_api, hands=3)
    match_id = created["id"]
    play_until(clients, match_id, 1)
    first = [wal_of_one_move(clients, match_id) for _ in range(8)]
    play_until(clients, match_id, 3)  # two hands finished: the row carries neither
    late = [wal_of_one_move(clients, match_id) for _ in range(8)]

    hot = [m for m in first + late if m["hot"]]
    # An update that finds its page full moves the row to another page; most stay on theirs.
    assert len(hot) >= 12, first + late
    assert all(m["match_row"] <= MATCH_ROW_UPDATE for m in hot), hot
    late_hot = [m["match_row"] for m in late if m["hot"]]
    assert max(late_hot) <= max(m["match_row"] for m in first if m["hot"]) + 40
    # A move whose row left its page also writes an entry in each of the table's indexes.
    assert all(m["total"] <= PERSONS_MOVE for m in late if m["hot"]), late
