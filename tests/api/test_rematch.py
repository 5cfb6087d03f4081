"""A rematch is an offer: nobody is seated in a match they did not ask for. The asker and the
bots sit down at once, every other player's seat is reserved for them, and the match starts
when they have all accepted (by asking for the rematch too, or by joining with its code)."""

from __future__ import annotations

import pytest

from games.models import Match, Seat
from tests.api.helpers import create, four_humans
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def finished(match_id: int) -> None:
    Match.objects.filter(pk=match_id).update(status=Match.Status.FINISHED)


@pytest.fixture
def finished_table(owner_api):
    """Four humans whose match has ended: the creation answer and a client per seat."""
    created, clients, _ = four_humans(owner_api)
    finished(created["id"])
    return created, clients


def test_a_rematch_waits_with_the_other_players_seats_reserved(finished_table):
    created, clients = finished_table
    offer = clients[0].post(f"/api/matches/{created['id']}/rematch/")
    assert offer.status_code == 201
    body = offer.json()
    assert body["status"] == "waiting"
    assert [s["kind"] for s in body["seats"]] == ["human", "reserved", "reserved", "reserved"]
    seats = Seat.objects.filter(match_id=body["id"]).order_by("number")
    assert [s.user_id for s in seats][1:] == [None, None, None]
    # Not seated: the invitees may open the offer, but see no hand of it and no seat.
    for client in clients[1:]:
        assert client.get(f"/api/matches/{body['id']}/").json()["my_seat"] is None
        assert client.get("/api/matches/?status=waiting").json()["count"] == 0


def test_the_others_accept_and_it_starts_when_all_have(finished_table):
    created, clients = finished_table
    offer = clients[0].post(f"/api/matches/{created['id']}/rematch/").json()
    accepted = clients[1].post(f"/api/matches/{created['id']}/rematch/")
    assert accepted.status_code == 200
    assert accepted.json()["id"] == offer["id"]
    assert accepted.json()["my_seat"] == 1
    assert accepted.json()["status"] == "waiting"
    joined = clients[2].post("/api/matches/join/", {"invite_code": offer["invite_code"]},
                             format="json")
    assert joined.json()["my_seat"] == 2 and joined.json()["status"] == "waiting"
    last = clients[3].post(f"/api/matches/{created['id']}/rematch/")
    assert last.status_code == 200
    assert last.json()["status"] == "bidding"
    assert len(last.json()["hand"]) == 13
    assert Match.objects.filter(rematch_of_id=created["id"]).count() == 1


def test_asking_twice_is_the_same_offer(finished_table):
    created, clients = finished_table
    first = clients[0].post(f"/api/matches/{created['id']}/rematch/")
    again = clients[0].post(f"/api/matches/{created['id']}/rematch/")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["status"] == "waiting"
    assert Match.objects.filter(rematch_of_id=created["id"]).count() == 1


def test_a_seat_reserved_for_one_player_is_not_anyone_elses(finished_table):
    created, clients = finished_table
    offer = clients[0].post(f"/api/matches/{created['id']}/rematch/").json()
    stranger = client_for(make_user("stranger"))
    joined = stranger.post("/api/matches/join/", {"invite_code": offer["invite_code"]},
                           format="json")
    assert joined.status_code == 409 and joined.json()["code"] == "match_full"
    refused = stranger.post(f"/api/matches/{created['id']}/rematch/")
    assert refused.status_code == 404


def test_bots_are_seated_at_once_so_a_rematch_with_bots_only_starts(owner_api):
    created = create(owner_api, ["bot:easy", "bot:normal", "bot:hard"])
    finished(created["id"])
    offer = owner_api.post(f"/api/matches/{created['id']}/rematch/")
    assert offer.status_code == 201
    assert offer.json()["status"] in ("bidding", "playing")
    assert [s["kind"] for s in offer.json()["seats"]] == [
        "human", "bot:easy", "bot:normal", "bot:hard"]
    # The same opponents: each bot keeps its name, and so does the rematch's rematch.
    names = [s["name"] for s in created["seats"]][1:]
    assert [s["name"] for s in offer.json()["seats"]][1:] == names
    finished(offer.json()["id"])
    again = owner_api.post(f"/api/matches/{offer.json()['id']}/rematch/")
    assert [s["name"] for s in again.json()["seats"]][1:] == names


def test_a_match_in_play_has_no_rematch(owner_api):
    created = create(owner_api, ["bot:easy"] * 3)
    response = owner_api.post(f"/api/matches/{created['id']}/rematch/")
    assert response.status_code == 409
    assert response.json()["code"] == "not_finished"
    assert Match.objects.count() == 1
