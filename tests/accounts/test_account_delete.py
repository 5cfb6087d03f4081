"""Deleting my account: every device is signed out, my matches keep their records and my name
there reads "Deleted player"; a seat in a match still going is played by the bot."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.test import APIClient

from games.models import Match, Move, Seat
from tests.api.helpers import create, four_humans, play_out
from tests.conftest import PASSWORD, client_for, token_of

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_a_deleted_player_reads_deleted_player_in_every_record(owner_api):
    created, clients, users = four_humans(owner_api)
    play_out(created["id"])
    leaver = users[0]
    moves = Move.objects.filter(match_id=created["id"]).count()
    second_device = token_of(leaver)

    response = clients[1].post("/api/auth/delete/", {"password": PASSWORD}, format="json")
    assert response.status_code == 204

    assert not User.objects.filter(pk=leaver.pk).exists()
    assert not AuthToken.objects.filter(user_id=leaver.pk).exists()
    assert clients[1].get("/api/auth/me/").status_code == 401
    device = APIClient()
    device.credentials(HTTP_AUTHORIZATION=f"Token {second_device}")
    assert device.get("/api/auth/me/").status_code == 401
    record = owner_api.get(f"/api/matches/{created['id']}/record/").json()
    assert [s["name"] for s in record["seats"]] == ["owner", "Deleted player", "north", "east"]
    assert Move.objects.filter(match_id=created["id"]).count() == moves
    assert owner_api.get("/api/users/owner/stats/").json()["matches_played"] == 1


def test_deleting_needs_the_password_and_a_wrong_one_changes_nothing(owner, owner_api):
    for body in [{}, {"password": "guess"}]:
        response = owner_api.post("/api/auth/delete/", body, format="json")
        assert response.status_code == 403
        assert response.json()["code"] == "bad_password"
    assert User.objects.filter(pk=owner.pk).exists()
    assert owner_api.get("/api/auth/me/").status_code == 200


def test_a_browser_session_ends_with_the_account(owner):
    client = APIClient()
    client.login(username="owner", password=PASSWORD)
    assert client.post("/api/auth/delete/", {"password": PASSWORD},
                       format="json").status_code == 204
    assert client.get("/api/auth/me/").status_code == 401


def test_the_creator_leaving_keeps_the_match_and_a_bot_takes_a_seat_still_in_play(
        owner, owner_api, member):
    created = create(owner_api, ["user:member", "bot:easy", "bot:easy"])
    member_api = client_for(member)
    member_api.post("/api/matches/join/", {"invite_code": created["invite_code"]}, format="json")
    waiting = create(owner_api, ["user:member", "open", "bot:easy"])

    assert owner_api.post("/api/auth/delete/", {"password": PASSWORD},
                          format="json").status_code == 204

    match = Match.objects.get(pk=created["id"])
    assert match.created_by is None and match.status in Match.ACTIVE
    seat = Seat.objects.get(match=match, number=0)
    assert seat.user is None and seat.autopilot and seat.former_player == "deleted"
    view = member_api.get(f"/api/matches/{match.pk}/").json()
    assert view["seats"][0]["name"] == "Deleted player"
    # Where it was their turn, the turn is due at once rather than at the end of a long wait.
    if match.turn == 0:
        assert match.deadline is not None
    # A seat held for someone who leaves is open to anyone again.
    assert Seat.objects.get(match_id=waiting["id"], number=1).reserved_for == member
    assert member_api.post("/api/auth/delete/", {"password": PASSWORD},
                           format="json").status_code == 204
    seat = Seat.objects.get(match_id=waiting["id"], number=1)
    assert seat.kind == "open" and seat.reserved_for is None


def test_a_turn_of_the_player_who_left_is_played_by_the_next_sweep(owner_api):
    from games.services.deadlines import deadlines_sweep

    created, clients, users = four_humans(owner_api)
    match = Match.objects.get(pk=created["id"])
    leaver = clients[match.turn]
    seq = match.seq
    assert leaver.post("/api/auth/delete/", {"password": PASSWORD},
                       format="json").status_code == 204

    assert deadlines_sweep() >= 1
    match.refresh_from_db()
    assert match.seq > seq
    assert Move.objects.filter(match=match).exists()
