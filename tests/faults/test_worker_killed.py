"""A Celery worker killed (SIGKILL) while it thinks for a bot: the match still finishes and
that turn is played exactly once."""

from __future__ import annotations

import re

import pytest

from games.models import Match, Move
from tests.api.helpers import act, view
from tests.conftest import client_for, make_user
from tests.faults.conftest import _wait
from tests.faults.table import assert_every_seq_once, match_against_bots, play_through

pytestmark = pytest.mark.django_db(transaction=True)

TAKEN = re.compile(r"Task games\.tasks\.bot_turn_play\[[^]]+\] received")


def test_a_worker_killed_mid_bot_turn_loses_no_move_and_doubles_none(fleet):
    slow, log = fleet.worker(BOT_BUDGET_MS="6000")  # a hard bot thinking for six seconds
    client = client_for(make_user("owner"))
    match_id = match_against_bots(client, "hard")

    def bot_to_play_a_card():
        # The hard bot's calls come from its call model at once; its cards are searched, so
        # the worker holds a bot's card for six seconds. The player calls (and plays) on.
        current = view(client, match_id)
        if current["turn"] == current["my_seat"] and current["legal"]:
            assert act(client, current).status_code == 200
            return None
        return current["status"] == "playing" and current["turn"] != current["my_seat"]

    assert _wait(bot_to_play_a_card, 15), "no bot came to play a card"
    holding = _wait(lambda: TAKEN.search(open(log).read()), 15)
    assert holding, "the worker never took the bot turn"
    held_seq = Match.objects.get(pk=match_id).seq
    slow.kill()
    slow.wait(10)
    assert Match.objects.get(pk=match_id).seq == held_seq, "the bot moved before the kill"

    fleet.worker(BOT_BUDGET_MS="20")
    finished = play_through(client, match_id)

    assert finished["status"] == "finished"
    moves = assert_every_seq_once(match_id)
    held = [m for m in moves if m.seq == held_seq + 1]
    assert len(held) == 1 and held[0].made_by == Move.MadeBy.BOT
