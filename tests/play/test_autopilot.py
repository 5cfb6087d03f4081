"""Autopilot, with a real worker: a seat on autopilot is played at once while another player
is waiting for it; with nobody waiting it waits min(turn time, 30 s) per turn, so its player
can come back ("I'm back" returns the seat before its next turn) and an abandoned match still
ends."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from games.models import Match, Move, Seat
from games.services.moves import turn_timeout
from games.turns import AUTOPILOT_ALONE_SECONDS
from tests.api.helpers import act, create, view
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), needs_services,
              pytest.mark.usefixtures("celery_worker")]


def my_turn(client, match_id: int, timeout: float = 30) -> dict:
    found = wait_for(lambda: (lambda v: v if v["turn"] == v["my_seat"] else None)(
        view(client, match_id)), timeout=timeout)
    assert found, "the seat never came on turn"
    return found


def miss_twice(client, match_id: int) -> None:
    """Two turns of seat 0 pass their deadline (the service is run with a clock past it)."""
    for _ in range(2):
        current = my_turn(client, match_id)
        match = Match.objects.get(pk=match_id)
        assert turn_timeout(match_id=match_id, seq=current["seq"],
                            now=match.deadline + timedelta(seconds=1))
    assert Seat.objects.get(match_id=match_id, number=0).autopilot


def last_move_of(match_id: int, seat: int) -> Move | None:
    return Move.objects.filter(match_id=match_id, seat=seat).order_by("-seq").first()


def test_alone_a_seat_on_autopilot_waits_the_turn_time_and_i_am_back_returns_it():
    owner = client_for(make_user("solo"))
    match_id = create(owner, ["bot:easy"] * 3, turn_seconds=15)["id"]
    miss_twice(owner, match_id)
    wait = min(15, AUTOPILOT_ALONE_SECONDS)

    # Seat 0's next turn (on autopilot, nobody waiting) is not played at once.
    came = wait_for(lambda: Match.objects.filter(pk=match_id, turn=0).first(), timeout=30)
    assert came is not None and came.status in Match.ACTIVE
    assert wait - 1 <= (came.deadline - came.updated_at).total_seconds() <= wait + 1
    time.sleep(wait - 5)
    assert Match.objects.get(pk=match_id).seq == came.seq, "autopilot did not wait"
    played = wait_for(lambda: Match.objects.get(pk=match_id).seq > came.seq, timeout=20)
    assert played, "autopilot never played the abandoned seat"
    move = Move.objects.get(match_id=match_id, seq=came.seq + 1)
    assert (move.seat, move.made_by) == (0, "autopilot")
    assert (move.created_at - came.updated_at).total_seconds() >= wait - 1

    # "I'm back" while autopilot waits: the seat is its player's for this very turn.
    waiting = wait_for(lambda: Match.objects.filter(pk=match_id, turn=0).first(), timeout=30)
    back = owner.post(f"/api/matches/{match_id}/back/")
    assert back.status_code == 200
    mine = back.json()
    assert mine["turn"] == 0 and mine["seq"] == waiting.seq + 1
    assert not [s for s in mine["seats"] if s["seat"] == 0][0]["autopilot"]
    assert act(owner, mine).status_code == 200
    assert last_move_of(match_id, 0).made_by == "human"


def test_with_another_player_waiting_a_seat_on_autopilot_is_played_at_once():
    owner, bob = make_user("owner"), make_user("bob")
    owner_api, bob_api = client_for(owner), client_for(bob)
    created = create(owner_api, ["user:bob", "bot:easy", "bot:easy"], turn_seconds=3600)
    joined = bob_api.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                          format="json")
    assert joined.status_code == 200
    match_id = created["id"]

    def bob_plays_until(found, timeout: float = 60):
        """Bob plays each of his turns until ``found()`` gives something."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = found()
            if result:
                return result
            current = view(bob_api, match_id)
            if current["turn"] == 1 and current["legal"]:
                act(bob_api, current)
            time.sleep(0.1)
        return None

    def owners_turn() -> dict | None:
        current = view(owner_api, match_id)
        return current if current["turn"] == 0 else None

    for _ in range(2):
        current = bob_plays_until(owners_turn)
        assert current is not None
        match = Match.objects.get(pk=match_id)
        assert turn_timeout(match_id=match_id, seq=current["seq"],
                            now=match.deadline + timedelta(seconds=1))
    assert Seat.objects.get(match_id=match_id, number=0).autopilot

    moved = bob_plays_until(lambda: Move.objects.filter(
        match_id=match_id, seat=0, made_by="autopilot", note="").first())
    assert moved is not None, "autopilot did not play while bob was waiting"
    before = Move.objects.filter(match_id=match_id, seq__lt=moved.seq).order_by("-seq").first()
    assert (moved.created_at - before.created_at).total_seconds() < 5
