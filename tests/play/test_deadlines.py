"""Turn deadlines: an overdue turn is played once, by autopilot, whoever notices first; two
missed turns in a row put the seat on autopilot until its player comes back."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import tasks
from games.models import Match, Move, Seat, TurnClock
from games.services.deadlines import deadlines_sweep
from games.services.moves import turn_timeout
from tests.api.helpers import act, four_humans, view
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def human_table():
    created, clients, _ = four_humans(client_for(make_user("owner")), turn_seconds=3600, hands=2)
    return created["id"], clients


def make_overdue(match_id: int) -> int:
    TurnClock.objects.filter(match_id=match_id).update(
        deadline=timezone.now() - timedelta(seconds=1))
    return Match.objects.get(pk=match_id).seq


def play_until_turn_of(match_id: int, clients, seat: int) -> dict:
    for _ in range(300):
        current = view(clients[seat], match_id)
        assert current["status"] != "finished"
        if current["turn"] == seat and current["legal"]:
            return current
        mover = view(clients[current["turn"]], match_id)
        if mover["turn"] == mover["my_seat"] and mover["legal"]:
            assert act(clients[current["turn"]], mover).status_code in (200, 409)
    raise AssertionError(f"seat {seat} never came on turn")


@pytest.mark.usefixtures("celery_worker")
def test_sweeper_due_task_and_a_second_sweeper_racing_play_one_autopilot_move():
    match_id, clients = human_table()
    for _ in range(3):
        seq = make_overdue(match_id)
        on_turn = Match.objects.get(pk=match_id).turn
        tasks.turn_timeout.delay(match_id, seq)  # the task due at the deadline
        racers = [threading.Thread(target=lambda: (deadlines_sweep(), connection.close()))
                  for _ in range(2)]
        racers.append(threading.Thread(
            target=lambda seq=seq: (turn_timeout(match_id=match_id, seq=seq),
                                    connection.close())))
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(30)
        assert wait_for(lambda seq=seq: Match.objects.get(pk=match_id).seq > seq, timeout=15)
        moves = list(Move.objects.filter(match_id=match_id, seq=seq + 1))
        assert len(moves) == 1
        assert moves[0].seat == on_turn and moves[0].made_by == "autopilot"
        assert Move.objects.filter(match_id=match_id, seq__gt=seq + 1).count() == 0


def test_a_turn_that_is_not_overdue_is_left_alone():
    match_id, _ = human_table()
    seq = Match.objects.get(pk=match_id).seq
    assert deadlines_sweep() == 0
    assert turn_timeout(match_id=match_id, seq=seq) is False
    assert Move.objects.filter(match_id=match_id).count() == 0


@pytest.mark.usefixtures("celery_worker")
def test_two_missed_turns_put_the_seat_on_autopilot_until_the_player_is_back():
    match_id, clients = human_table()
    absent = Match.objects.get(pk=match_id).turn

    make_overdue(match_id)
    assert deadlines_sweep() == 1
    seat = Seat.objects.get(match_id=match_id, number=absent)
    assert (seat.missed_turns, seat.autopilot) == (1, False)

    play_until_turn_of(match_id, clients, absent)
    make_overdue(match_id)
    assert deadlines_sweep() == 1
    seat.refresh_from_db()
    assert (seat.missed_turns, seat.autopilot) == (2, True)
    assert view(clients[absent], match_id)["seats"][absent]["autopilot"] is True

    # On autopilot the seat's next turn is played at once, without waiting for a deadline.
    before = Move.objects.filter(match_id=match_id, seat=absent).count()
    current = play_until_turn_of_or_played(match_id, clients, absent, before)
    assert current is None, "the autopilot seat should have been played by the worker"
    assert Move.objects.filter(match_id=match_id, seat=absent).last().made_by == "autopilot"

    back = clients[absent].post(f"/api/matches/{match_id}/back/")
    assert back.status_code == 200
    seat.refresh_from_db()
    assert (seat.missed_turns, seat.autopilot) == (0, False)
    current = play_until_turn_of(match_id, clients, absent)
    count = Move.objects.filter(match_id=match_id, seat=absent).count()
    assert not wait_for(
        lambda: Move.objects.filter(match_id=match_id, seat=absent).count() > count, timeout=2)
    assert act(clients[absent], current).status_code == 200
    assert Move.objects.filter(match_id=match_id, seat=absent).last().made_by == "human"


def play_until_turn_of_or_played(match_id, clients, seat, before):
    """Let the others play; return None once ``seat`` has moved by itself."""
    for _ in range(40):
        if Move.objects.filter(match_id=match_id, seat=seat).count() > before:
            return None
        current = view(clients[0], match_id)
        if current["turn"] is not None and current["turn"] != seat:
            client = clients[current["turn"]]
            act(client, view(client, match_id))
        else:
            wait_for(lambda: Move.objects.filter(match_id=match_id, seat=seat).count() > before,
                     timeout=10)
    return view(clients[seat], match_id)


def test_any_action_of_the_player_takes_the_seat_back():
    match_id, clients = human_table()
    seat_number = Match.objects.get(pk=match_id).turn
    Seat.objects.filter(match_id=match_id, number=seat_number).update(missed_turns=1)
    current = view(clients[seat_number], match_id)
    assert act(clients[seat_number], current).status_code == 200
    seat = Seat.objects.get(match_id=match_id, number=seat_number)
    assert (seat.missed_turns, seat.autopilot) == (0, False)
