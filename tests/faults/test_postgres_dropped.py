"""Every PostgreSQL connection of the site dropped mid-match: the next requests and bot
turns get fresh connections, the match resumes and the player's view is current."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.conftest import make_user
from tests.faults.http_player import HttpPlayer, views_until
from tests.faults.table import assert_every_seq_once, match_against_bots, play_through

pytestmark = pytest.mark.django_db(transaction=True)


def drop_other_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        return cursor.fetchone()[0]


@pytest.fixture(autouse=True)
def _fresh_pool_afterwards():
    """The idle pooled connections of this test process were terminated too: later tests
    start from a new pool rather than the survivors of this one."""
    yield
    connection.close_pool()


def test_a_match_resumes_after_its_database_connections_are_dropped(fleet):
    fleet.worker(BOT_BUDGET_MS="20")
    player = HttpPlayer(fleet.server(), make_user("owner"))
    match_id = match_against_bots(player, "easy")
    before = play_through(player, match_id, until_seq=12)

    with player.socket() as ws:
        assert drop_other_connections() >= 2  # at least the server's and the worker's
        resynced = player.get(f"/api/matches/{match_id}/")
        assert resynced.status_code == 200
        assert resynced.json()["seq"] >= before["seq"]
        finished = play_through(player, match_id)  # sweeping, as beat does, for a lost task
        assert views_until(ws, match_id, finished["seq"])["status"] == "finished"
    assert_every_seq_once(match_id)
