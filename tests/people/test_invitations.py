"""Invitations that arrive: the invitee finds them in ``GET /api/invitations/``, can open the
match, and accepts or declines it; a declined seat is open again and the inviter is told.
The seat's name is the invitee's own (the client words "invited")."""

from __future__ import annotations

import pytest

from games.models import Match, Seat
from tests.api.helpers import create, view
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def ram(db):
    return make_user("राम")


@pytest.fixture
def invitation(owner_api, ram):
    """The owner invites राम by name, with two bots."""
    return create(owner_api, ["user:राम", "bot:easy", "bot:easy"], turn_seconds=3600)


def test_an_invitee_sees_the_invitation_and_can_open_the_match(invitation, ram, outsider_api):
    """The invitation reaches the friend: listed, and /m/<id> opens instead of "No such
    match"; the seat is named once, with no "(invited)" added by the server."""
    invitee = client_for(ram)
    listed = invitee.get("/api/invitations/").json()
    assert listed == [{"match_id": invitation["id"], "invited_by": "owner",
                       "rules": invitation["rules"], "hands": 1, "turn_seconds": 3600,
                       "rematch": False}]
    opened = view(invitee, invitation["id"])
    assert opened["my_seat"] is None and opened["seats"][1]["name"] == "राम"
    assert opened["seats"][1]["kind"] == "reserved"
    assert outsider_api.get("/api/invitations/").json() == []
    assert outsider_api.get(f"/api/matches/{invitation['id']}/").status_code == 404


def test_accepting_seats_the_invitee_and_starts_the_match(invitation, ram, outsider_api):
    assert outsider_api.post(
        f"/api/invitations/{invitation['id']}/accept/").status_code == 404
    answer = client_for(ram).post(f"/api/invitations/{invitation['id']}/accept/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["my_seat"] == 1 and body["status"] == "bidding"
    assert client_for(ram).get("/api/invitations/").json() == []


def test_declining_opens_the_seat(invitation, ram, owner_api):
    invitee = client_for(ram)
    assert invitee.post(f"/api/invitations/{invitation['id']}/decline/").status_code == 204
    seat = Seat.objects.get(match_id=invitation["id"], number=1)
    assert seat.kind == Seat.Kind.OPEN and seat.reserved_for is None
    assert view(owner_api, invitation["id"])["seats"][1]["kind"] == "open"
    assert invitee.get("/api/invitations/").json() == []
    assert invitee.post(f"/api/invitations/{invitation['id']}/decline/").status_code == 404


def test_a_player_invited_to_a_waiting_table_is_not_invited_to_a_second(
        invitation, ram, owner_api):
    """A second table for the same invitee while the first still waits for them is refused
    with the first one's id, and nothing is created; once they have answered, a new
    invitation is fine."""
    before = Match.objects.count()
    again = owner_api.post("/api/matches/", {
        "rules": {"preset": "standard"}, "turn_seconds": 30,
        "opponents": ["bot:easy", "user:राम", "bot:easy"]}, format="json")
    assert again.status_code == 409, again.content
    assert again.json() == {
        "code": "already_invited", "match": invitation["id"],
        "detail": "You have already invited राम to a table that is still waiting for them."}
    assert Match.objects.count() == before
    assert len(client_for(ram).get("/api/invitations/").json()) == 1
    # Another player's table may invite them; so may the owner once they have answered.
    assert client_for(ram).post(f"/api/invitations/{invitation['id']}/decline/").status_code == 204
    assert create(owner_api, ["user:राम", "bot:easy", "bot:easy"])["id"] != invitation["id"]


def test_inviting_yourself_says_so_in_words(owner_api):
    refused = owner_api.post("/api/matches/", {
        "rules": {"preset": "standard"}, "opponents": ["user:owner", "bot:easy", "bot:easy"]},
        format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_opponents"
    assert refused.json()["detail"] == "You take a seat at your own table: invite someone else."


def test_a_seated_player_invites_a_friend_to_an_open_seat(owner_api, ram, outsider_api):
    """``POST /api/matches/{id}/invite/``: an open seat is kept for the player named, who
    finds the invitation and accepts it; every refusal says why and changes nothing."""
    table = create(owner_api, ["open", "open", "bot:easy"], turn_seconds=3600)
    url = f"/api/matches/{table['id']}/invite/"
    answer = owner_api.post(url, {"username": "राम"}, format="json")
    assert answer.status_code == 200, answer.content
    assert [s["kind"] for s in answer.json()["seats"]] == ["human", "reserved", "open", "bot:easy"]
    assert answer.json()["seats"][1]["name"] == "राम"
    invitee = client_for(ram)
    assert [i["match_id"] for i in invitee.get("/api/invitations/").json()] == [table["id"]]

    seq = view(owner_api, table["id"])["seq"]
    refusals = [
        (owner_api, {"username": "राम"}, 409, "already_at_table"),
        (owner_api, {"username": "owner"}, 409, "already_at_table"),
        (owner_api, {"username": "nobody-here"}, 400, "unknown_user"),
        (owner_api, {"username": ""}, 400, "invalid"),
        (owner_api, {}, 400, "invalid"),
        (outsider_api, {"username": "राम"}, 404, "not_found"),
    ]
    for client, body, status, code in refusals:
        refused = client.post(url, body, format="json")
        assert (refused.status_code, refused.json()["code"]) == (status, code), refused.json()
    assert view(owner_api, table["id"])["seq"] == seq

    assert invitee.post(f"/api/invitations/{table['id']}/accept/").status_code == 200
    # Any seated player may invite, and the invitation names them; then no seat is left,
    # and a started match is not open.
    other = make_user("sita")
    assert invitee.post(url, {"username": "sita"}, format="json").status_code == 200
    assert [i["invited_by"] for i in client_for(other).get("/api/invitations/").json()] == ["राम"]
    full = owner_api.post(url, {"username": "outsider"}, format="json")
    assert (full.status_code, full.json()["code"]) == (409, "no_open_seat")
    assert client_for(other).post(f"/api/invitations/{table['id']}/accept/").status_code == 200
    started = owner_api.post(url, {"username": "outsider"}, format="json")
    assert (started.status_code, started.json()["code"]) == (409, "match_started")
