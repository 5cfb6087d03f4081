"""A waiting table its player no longer wants is called off: while nobody else has joined,
a seated player removes it, and its invitations and listing go with it. Anyone else is
refused, as is a table another player has joined or one already started, and nothing
changes."""

from __future__ import annotations

import pytest

from games.models import Match, Seat
from tests.api.helpers import create, four_humans
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_waiting_table_nobody_joined_is_called_off(owner_api, member_api, member):
    created = create(owner_api, ["open", f"user:{member.username}", "bot:hard"],
                     turn_seconds=86400, public=True)
    assert [i["match_id"] for i in member_api.get("/api/invitations/").json()] == [created["id"]]
    outsider_api = client_for(make_user("outsider"))
    assert created["id"] in [t["match_id"] for t in outsider_api.get("/api/tables/").json()]

    cancelled = owner_api.post(f"/api/matches/{created['id']}/cancel/")
    assert cancelled.status_code == 204, cancelled.content
    assert not Match.objects.filter(pk=created["id"]).exists()
    assert not Seat.objects.filter(match_id=created["id"]).exists()
    assert member_api.get("/api/invitations/").json() == []
    assert outsider_api.get("/api/tables/").json() == []
    assert owner_api.get(f"/api/matches/{created['id']}/").status_code == 404
    joined = member_api.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                             format="json")
    assert joined.status_code == 404


def test_only_a_seated_player_while_nobody_else_joined_and_it_waits(owner_api, member_api):
    created = create(owner_api, ["open", "open", "open"], turn_seconds=86400)
    refused = member_api.post(f"/api/matches/{created['id']}/cancel/")
    assert refused.status_code == 404 and refused.json()["code"] == "not_found"
    assert Match.objects.filter(pk=created["id"]).exists()

    joined = member_api.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                             format="json")
    assert joined.status_code == 200, joined.content
    for api in (owner_api, member_api):
        taken = api.post(f"/api/matches/{created['id']}/cancel/")
        assert taken.status_code == 409 and taken.json()["code"] == "match_has_players"
    assert Seat.objects.filter(match_id=created["id"], kind=Seat.Kind.HUMAN).count() == 2

    playing, _, _ = four_humans(owner_api, names=("p1", "p2", "p3"))
    started = owner_api.post(f"/api/matches/{playing['id']}/cancel/")
    assert started.status_code == 409 and started.json()["code"] == "match_started"
    assert Match.objects.get(pk=playing["id"]).status == Match.Status.BIDDING


def test_a_player_leaves_a_table_another_joined_and_the_seat_opens_again(owner_api, member_api):
    created = create(owner_api, ["open", "open", "open"], turn_seconds=86400)
    leave = f"/api/matches/{created['id']}/leave/"
    alone = owner_api.post(leave)
    assert alone.status_code == 409 and alone.json()["code"] == "match_alone"
    assert member_api.post(leave).status_code == 404  # not seated: no such match for them

    join = {"invite_code": created["invite_code"]}
    assert member_api.post("/api/matches/join/", join, format="json").status_code == 200
    left = member_api.post(leave)
    assert left.status_code == 204, left.content
    assert member_api.get(f"/api/matches/{created['id']}/").status_code == 404
    seats = owner_api.get(f"/api/matches/{created['id']}/").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "open", "open", "open"]
    assert Match.objects.get(pk=created["id"]).status == Match.Status.WAITING

    # Back by the code; then the host leaves, and the one left may call it off.
    assert member_api.post("/api/matches/join/", join, format="json").status_code == 200
    assert owner_api.post(leave).status_code == 204
    seats = member_api.get(f"/api/matches/{created['id']}/").json()["seats"]
    assert [s["kind"] for s in seats] == ["open", "human", "open", "open"]
    assert member_api.post(f"/api/matches/{created['id']}/cancel/").status_code == 204
    assert not Match.objects.filter(pk=created["id"]).exists()

    playing, _, _ = four_humans(owner_api, names=("p1", "p2", "p3"))
    started = owner_api.post(f"/api/matches/{playing['id']}/leave/")
    assert started.status_code == 409 and started.json()["code"] == "match_started"
    assert Seat.objects.filter(match_id=playing["id"], kind=Seat.Kind.HUMAN).count() == 4
