"""A waiting table need not wait for ever: a player seated at it starts it now, bots of the
normal level in every seat still open or reserved (an invitation not accepted is withdrawn).
Anyone else is refused, as is a table already started, and nothing changes."""

from __future__ import annotations

import pytest

from games.models import Match, Seat
from tests.api.helpers import create, four_humans, view

pytestmark = pytest.mark.django_db(transaction=True)


def seat_kinds(match_id: int) -> list[str]:
    return [s.kind for s in Seat.objects.filter(match_id=match_id).order_by("number")]


def test_a_seated_player_starts_a_waiting_table_with_bots(owner_api, member_api, member):
    created = create(owner_api, ["open", f"user:{member.username}", "bot:hard"],
                     turn_seconds=86400)
    assert created["status"] == "waiting"
    invited = member_api.get("/api/invitations/").json()
    assert [i["match_id"] for i in invited] == [created["id"]]

    started = owner_api.post(f"/api/matches/{created['id']}/fill/")
    assert started.status_code == 200, started.content
    body = started.json()
    assert body["status"] == "bidding" and body["seq"] > created["seq"]
    assert [s["kind"] for s in body["seats"]] == ["human", "bot:normal", "bot:normal", "bot:hard"]
    assert body["hand"] and len(body["hand"]) == 13
    # The invitation is withdrawn, and the answer is what the table now reads: the bots may
    # have called since (a worker plays their turns), nothing else has moved.
    assert member_api.get("/api/invitations/").json() == []
    now = view(owner_api, created["id"])
    assert now["seq"] >= body["seq"] and now["hand"] == body["hand"]
    assert [s["kind"] for s in now["seats"]] == [s["kind"] for s in body["seats"]]


def test_only_a_seated_player_may_and_only_while_it_waits(owner_api, member_api):
    created = create(owner_api, ["open", "open", "open"], turn_seconds=86400)
    before = seat_kinds(created["id"])
    refused = member_api.post(f"/api/matches/{created['id']}/fill/")
    assert refused.status_code == 404 and refused.json()["code"] == "not_found"
    assert seat_kinds(created["id"]) == before
    assert Match.objects.get(pk=created["id"]).seq == created["seq"]

    playing, _, _ = four_humans(owner_api, names=("p1", "p2", "p3"))
    seq = view(owner_api, playing["id"])["seq"]
    again = owner_api.post(f"/api/matches/{playing['id']}/fill/")
    assert again.status_code == 409 and again.json()["code"] == "match_started"
    assert view(owner_api, playing["id"])["seq"] == seq
    assert seat_kinds(playing["id"]) == ["human"] * 4
