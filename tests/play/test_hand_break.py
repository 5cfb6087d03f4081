"""The pause between hands belongs to the server: after a hand's last trick its scoreboard
shows for ``HAND_BREAK_SECONDS`` (half of it at the fastest turn time), no clock runs and no
bot plays until the pause ends, and the match view says when it ends (``hand_break_until``).
(The flow of a match: the score sheet must not eat the next call's clock.)"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.conf import settings

from games.models import Match, Move, TurnClock
from games.turns import hand_break_seconds
from tests.api.helpers import act, create, four_humans, view
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]

TURN_SECONDS = 30


def play_first_hand(clients, match_id: int) -> dict:
    """Every seat plays its first legal option until hand 1 is scored; the view after it."""
    for _ in range(200):
        current = view(clients[0], match_id)
        if current["hand_results"]:
            return current
        mover = view(clients[current["turn"]], match_id)
        assert act(clients[current["turn"]], mover).status_code == 200
    raise AssertionError("hand 1 never ended")


def last_card_of_hand_one(match_id: int) -> datetime:
    return Move.objects.filter(match_id=match_id, hand_number=1, kind="play").last().created_at


def test_the_first_deadline_of_hand_two_starts_after_the_pause():
    """Between hands the server owns the pause: the first call of hand 2 is due no sooner than
    the pause plus the turn time after the last card of hand 1, and every view says when the
    pause ends."""
    created, clients, _ = four_humans(client_for(make_user("owner")), hands=2,
                                      turn_seconds=TURN_SECONDS)
    match_id = created["id"]
    first = view(clients[0], match_id)
    assert first["hand_break_until"] is None  # the first hand has no pause before it
    after = play_first_hand(clients, match_id)
    last_card = last_card_of_hand_one(match_id)
    pause = timedelta(seconds=settings.HAND_BREAK_SECONDS)
    assert after["status"] == "bidding" and after["hand_number"] == 2
    deadline = datetime.fromisoformat(after["deadline"])
    break_until = datetime.fromisoformat(after["hand_break_until"])
    assert deadline >= last_card + pause + timedelta(seconds=TURN_SECONDS)
    assert break_until >= last_card + pause
    assert deadline - break_until == timedelta(seconds=TURN_SECONDS)
    clock = TurnClock.objects.get(match_id=match_id)
    assert clock.deadline == deadline and clock.hand_break_until == break_until
    # The first caller may skip the pause; the pause still holds the next turn back.
    caller = clients[after["turn"]]
    assert act(caller, view(caller, match_id)).status_code == 200
    second = view(clients[0], match_id)
    assert datetime.fromisoformat(second["deadline"]) == break_until + timedelta(
        seconds=TURN_SECONDS)
    assert second["hand_break_until"] == after["hand_break_until"]


def test_the_fastest_turn_time_has_half_the_pause():
    assert hand_break_seconds(15) == settings.HAND_BREAK_SECONDS / 2
    assert hand_break_seconds(30) == settings.HAND_BREAK_SECONDS
    assert hand_break_seconds(86400) == settings.HAND_BREAK_SECONDS


@pytest.mark.usefixtures("celery_worker")
def test_bots_wait_out_the_pause_between_hands():
    """Bots wait too: no bot makes a move of hand 2 before the pause after hand 1 ends."""
    owner = client_for(make_user("owner"))
    match_id = create(owner, ["bot:easy"] * 3, hands=2, turn_seconds=TURN_SECONDS)["id"]
    for _ in range(400):
        current = view(owner, match_id)
        if current["hand_number"] == 2 or current["status"] == "finished":
            break
        if current["turn"] == current["my_seat"] and current["legal"]:
            assert act(owner, current).status_code in (200, 409)
        else:
            wait_for(lambda seq=current["seq"]: view(owner, match_id)["seq"] > seq, timeout=10,
                     interval=0.05)
    current = view(owner, match_id)
    if current["turn"] == current["my_seat"]:
        # The owner calls first in hand 2: they may, during the pause; the bots after still wait.
        assert act(owner, current).status_code == 200
    assert wait_for(lambda: Move.objects.filter(match_id=match_id, hand_number=2,
                                                made_by="bot").exists(), timeout=20)
    last_card = last_card_of_hand_one(match_id)
    first_bot_move = Move.objects.filter(match_id=match_id, hand_number=2,
                                         made_by="bot").first()
    pause = timedelta(seconds=settings.HAND_BREAK_SECONDS)
    assert first_bot_move.created_at >= last_card + pause
    Match.objects.filter(pk=match_id).update(status=Match.Status.FINISHED)
