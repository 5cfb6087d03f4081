"""Consecutive bot turns are played by one task in one transaction, stopping at a human's
turn and at the end of a hand."""

from __future__ import annotations

from itertools import groupby

import pytest
from django.db import connection

from games.models import Move
from tests.api.helpers import create, play_to_end, stored_state
from tests.conftest import needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def moves_with_transaction(match_id: int) -> list[tuple[int, int, str, str]]:
    """(seq, hand number, made_by, id of the writing transaction) of every move."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT m.seq, m.hand_number, m.made_by, m.xmin::text FROM games_move m"
            " WHERE m.match_id = %s ORDER BY m.seq",
            [match_id])
        return cursor.fetchall()


@pytest.mark.usefixtures("celery_worker")
def test_each_run_of_bot_turns_is_one_transaction_that_ends_at_a_human_or_a_hand(owner_api):
    created = create(owner_api, ["bot:easy", "bot:normal", "bot:easy"], hands=2)
    final = play_to_end([owner_api], created["id"])
    assert final["status"] == "finished"

    moves = moves_with_transaction(created["id"])
    assert [m[0] for m in moves] == list(range(moves[0][0], moves[0][0] + len(moves)))
    # Runs of bot moves between a human move and the next one (or a hand's end).
    runs = [list(run) for is_bot, run in groupby(moves, key=lambda m: (m[1], m[2] == "bot"))
            if is_bot[1]]
    assert runs, "the bots never moved"
    for run in runs:
        assert len({m[3] for m in run}) == 1, f"bot turns {[m[0] for m in run]} were split"
        assert len(run) <= 8
    # No transaction spans two hands or a human's move.
    human_tx = {m[3] for m in moves if m[2] == "human"}
    assert not human_tx & {m[3] for run in runs for m in run}
    for tx, in_tx in groupby(sorted(moves, key=lambda m: m[3]), key=lambda m: m[3]):
        assert len({m[1] for m in in_tx}) == 1, f"transaction {tx} spans two hands"
    assert max(len(run) for run in runs) >= 3  # three bots in a row do happen every hand
    assert len(stored_state(created["id"]).history) == 2
    assert {m[1] for m in moves} == {1, 2}
    assert Move.objects.filter(match_id=created["id"], kind="play").count() == 2 * 52
