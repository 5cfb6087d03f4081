"""POST /api/matches/<id>/finish/: "finish after this hand" in an open-ended match. The match
ends after the hand in which every human seat not on autopilot agreed; a fixed-length match
refuses it; a vote must be seen in the hand under way and may be retried with an Idempotency-Key."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Move, Seat, TurnClock
from games.services.moves import turn_timeout
from tests.api.helpers import act, create, four_humans, play_to_end, stored_state, view
from tests.conftest import client_for, make_user, needs_services, wait_for

pytestmark = pytest.mark.django_db


def vote(client, match_id, **headers):
    seq = view(client, match_id)["seq"]
    return client.post(f"/api/matches/{match_id}/finish/", {"seq": seq}, format="json",
                       **headers)


@pytest.fixture
def open_ended(owner_api):
    """Four humans at an open-ended table; nothing moves unless a test moves it."""
    created, clients, _ = four_humans(owner_api, hands=None)
    assert created["hands"] is None and created["rules"]["hands"] is None
    return created["id"], clients


def test_the_match_ends_after_the_hand_in_which_all_four_agreed(open_ended):
    match_id, clients = open_ended
    for number, client in enumerate(clients, start=1):
        response = vote(client, match_id)
        assert response.status_code == 200, response.content
        body = response.json()
        assert len(body["finish_votes"]) == number
        assert body["finish_agreed"] is (number == 4)
    assert view(clients[2], match_id)["finish_votes"] == [0, 1, 2, 3]
    assert list(Move.objects.filter(match_id=match_id, kind__startswith="finish")
                .values_list("kind", flat=True)) == ["finish"] * 4 + ["finish_agreed"]
    finished = play_to_end(clients, match_id)
    assert finished["hand_number"] == 1 and len(finished["hand_results"]) == 1


def test_without_everyone_the_match_goes_on_and_the_votes_end_with_the_hand(open_ended):
    match_id, clients = open_ended
    assert vote(clients[0], match_id).status_code == 200
    assert vote(clients[1], match_id).status_code == 200
    while view(clients[0], match_id)["hand_number"] == 1:
        for client in clients:
            current = view(client, match_id)
            if current["turn"] == current["my_seat"] and current["hand_number"] == 1:
                assert act(client, current).status_code == 200
    after = view(clients[0], match_id)
    assert after["status"] == "bidding" and after["hand_number"] == 2
    assert after["finish_votes"] == [] and after["finish_agreed"] is False
    record = stored_state(match_id).history[0]
    assert record["finish_votes"] == [0, 1] and record["finish_agreed"] is False


def test_seats_on_autopilot_do_not_block_the_agreement(open_ended):
    match_id, clients = open_ended
    Seat.objects.filter(match_id=match_id, number__in=(2, 3)).update(autopilot=True)
    assert vote(clients[0], match_id).json()["finish_agreed"] is False
    assert vote(clients[1], match_id).json()["finish_agreed"] is True


def test_a_seat_going_to_autopilot_completes_the_agreement_of_the_others(open_ended):
    match_id, clients = open_ended
    current = view(clients[0], match_id)
    away = current["turn"]
    for seat, client in enumerate(clients):
        if seat != away:
            assert vote(client, match_id).status_code == 200
    # The absent seat has missed one turn already; this one is its second.
    Seat.objects.filter(match_id=match_id, number=away).update(missed_turns=1)
    match = Match.objects.get(pk=match_id)
    assert turn_timeout(match_id=match_id, seq=match.seq,
                        now=match.deadline + timedelta(seconds=1))
    after = view(clients[away], match_id)
    assert after["finish_agreed"] is True and after["calls"][away] is not None
    assert Seat.objects.get(match_id=match_id, number=away).autopilot


def test_a_vote_from_a_seat_on_autopilot_gives_it_back_with_a_persons_time(open_ended):
    match_id, clients = open_ended
    turn = view(clients[0], match_id)["turn"]
    # As autopilot leaves it while another player waits: played at once, a short grace.
    Seat.objects.filter(match_id=match_id, number=turn).update(autopilot=True)
    TurnClock.objects.filter(match_id=match_id).update(
        deadline=timezone.now() + timedelta(seconds=5))
    assert vote(clients[turn], match_id).status_code == 200
    assert not Seat.objects.get(match_id=match_id, number=turn).autopilot
    assert Match.objects.get(pk=match_id).deadline > timezone.now() + timedelta(hours=23)


def test_agreeing_to_finish_a_fixed_length_match_is_refused_and_changes_nothing(owner_api):
    created, clients, _ = four_humans(owner_api, hands=3)
    moves, before = Move.objects.count(), view(clients[1], created["id"])
    response = vote(clients[1], created["id"])
    assert response.status_code == 400
    assert response.json()["code"] == "fixed_length" and response.json()["detail"]
    assert Move.objects.count() == moves
    assert view(clients[1], created["id"]) == before


def test_a_vote_counts_after_moves_of_the_same_hand_and_a_second_vote_is_refused(open_ended):
    match_id, clients = open_ended
    seen = view(clients[0], match_id)
    # Another player calls after seat 0 looked: the hand is the same, so the vote stands.
    mover = clients[seen["turn"]]
    assert act(mover, view(mover, match_id)).status_code == 200
    response = clients[0].post(f"/api/matches/{match_id}/finish/", {"seq": seen["seq"]},
                               format="json")
    assert response.status_code == 200, response.content
    assert response.json()["finish_votes"] == [0]
    again = vote(clients[0], match_id)
    assert again.status_code == 400 and again.json()["code"] == "already_agreed"
    assert Move.objects.filter(match_id=match_id, kind="finish").count() == 1


def test_a_vote_seen_in_an_earlier_hand_or_ahead_of_the_table_is_409(open_ended):
    match_id, clients = open_ended
    earlier = view(clients[0], match_id)["seq"]
    while view(clients[0], match_id)["hand_number"] == 1:
        for client in clients:
            current = view(client, match_id)
            if current["turn"] == current["my_seat"] and current["hand_number"] == 1:
                assert act(client, current).status_code == 200
    now = view(clients[0], match_id)["seq"]
    moves = Move.objects.count()
    for seq in (earlier, now - 14, now + 1):
        response = clients[0].post(f"/api/matches/{match_id}/finish/", {"seq": seq},
                                   format="json")
        assert response.status_code == 409, (seq, response.content)
        body = response.json()
        assert body["code"] == "stale" and body["match"]["seq"] == now
    assert Move.objects.count() == moves
    assert view(clients[0], match_id)["finish_votes"] == []


def test_a_retried_vote_with_its_key_gets_the_first_answer(open_ended):
    match_id, clients = open_ended
    seq = view(clients[3], match_id)["seq"]
    first, retry = (clients[3].post(f"/api/matches/{match_id}/finish/", {"seq": seq},
                                    format="json", HTTP_IDEMPOTENCY_KEY="finish-key-1")
                    for _ in range(2))
    assert first.status_code == retry.status_code == 200
    assert first.json() == retry.json()
    assert Move.objects.filter(match_id=match_id, kind="finish").count() == 1


def test_a_waiting_match_cannot_be_finished(owner_api):
    created = create(owner_api, ["open", "bot:easy", "bot:easy"], hands=None)
    response = owner_api.post(f"/api/matches/{created['id']}/finish/",
                              {"seq": created["seq"]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "not_in_play"


# --- turn time defaults -----------------------------------------------------------------------


@pytest.mark.parametrize("opponents,seconds", [
    (["bot:easy", "bot:normal", "bot:hard"], 30),
    (["bot:easy", "bot:easy", "open"], 86400),
    (["bot:easy", "user:member", "bot:easy"], 86400),
])
def test_without_a_turn_time_a_table_of_bots_plays_at_30_seconds(owner_api, member, opponents,
                                                                 seconds):
    body = {"rules": {"preset": "standard"}, "hands": 1, "opponents": opponents}
    response = owner_api.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["turn_seconds"] == seconds


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("celery_worker")
@needs_services
def test_alone_with_bots_the_one_human_ends_the_match_by_saying_so():
    solo = client_for(make_user("solo"))
    created = create(solo, ["bot:easy"] * 3, hands=None, turn_seconds=None)
    assert created["turn_seconds"] == 30
    match_id = created["id"]
    # The bots play between the view and the vote, so a stale vote is tried again.
    response = wait_for(lambda: (lambda r: r if r.status_code == 200 else None)(
        vote(solo, match_id)), timeout=30)
    assert response and response.json()["finish_agreed"] is True
    finished = play_to_end([solo], match_id)
    assert len(finished["hand_results"]) == finished["hand_number"]
    assert stored_state(match_id).history[-1]["finish_agreed"] is True
