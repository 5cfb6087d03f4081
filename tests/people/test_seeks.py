"""Quick match, the API: ``POST /api/seeks/`` puts me in a pace's pool, ``GET`` lists my open
and recently matched seeks, ``DELETE`` cancels one. Every bad input is refused with a stable
code, and nothing changes."""

from __future__ import annotations

import pytest

from accounts.services.guests import guest_create
from matchmaking.models import Seek
from matchmaking.services.pairing import seeks_pair
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def seek(client, **body):
    return client.post("/api/seeks/", {"pace": "30s", "rated": True, "bots_after_seconds": 20,
                                       **body}, format="json")


def test_a_seek_is_made_listed_and_cancelled(owner_api, owner):
    made = seek(owner_api)
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["pace"] == "30s" and body["rated"] is True and body["status"] == "open"
    assert body["match_id"] is None and body["players_found"] == 1 and body["bots_at"]
    listed = owner_api.get("/api/seeks/").json()
    assert [s["id"] for s in listed] == [body["id"]]
    assert owner_api.delete(f"/api/seeks/{body['id']}/").status_code == 204
    assert owner_api.get("/api/seeks/").json() == []
    assert Seek.objects.get(pk=body["id"]).status == Seek.Status.CANCELLED


def test_the_list_counts_the_players_waiting_in_my_pool(owner_api, member_api, outsider_api):
    seek(owner_api)
    seek(member_api)
    seek(outsider_api, rated=False)  # another pool
    assert owner_api.get("/api/seeks/").json()[0]["players_found"] == 2


def test_a_slow_pace_waits_for_people_whatever_bots_after_says(owner_api):
    body = seek(owner_api, pace="1d").json()
    assert body["bots_at"] is None


def test_a_matched_seek_is_listed_with_its_match(owner_api, member_api, outsider_api):
    ids = [seek(c, bots_after_seconds=None).json()["id"]
           for c in (owner_api, member_api, outsider_api, client_for(make_user("fourth")))]
    assert seeks_pair() == 1
    listed = owner_api.get("/api/seeks/").json()
    assert listed[0]["id"] == ids[0] and listed[0]["status"] == "matched"
    assert listed[0]["match_id"] and listed[0]["players_found"] == 4
    refused = owner_api.delete(f"/api/seeks/{ids[0]}/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "seek_matched"
    assert refused.json()["match_id"] == listed[0]["match_id"]


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"pace": "45s"}, 400, "bad_pace"),
    ({"pace": ""}, 400, "bad_pace"),
    ({"pace": 30}, 400, "bad_pace"),
    ({"bots_after_seconds": -1}, 400, "bad_bots_after"),
    ({"bots_after_seconds": 601}, 400, "bad_bots_after"),
    ({"bots_after_seconds": "soon"}, 400, "invalid"),
    ({"rated": "maybe"}, 400, "invalid"),
])
def test_bad_input_is_refused_with_its_code_and_nothing_is_made(owner_api, body, status, code):
    answer = seek(owner_api, **body)
    assert answer.status_code == status, answer.content
    assert answer.json()["code"] == code and answer.json()["detail"]
    assert not Seek.objects.exists()


def test_a_body_that_is_not_an_object_is_refused(owner_api):
    answer = owner_api.post("/api/seeks/", ["30s"], format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"


def test_one_open_seek_per_pace(owner_api):
    assert seek(owner_api).status_code == 201
    again = seek(owner_api, rated=False)
    assert again.status_code == 409 and again.json()["code"] == "seek_open"
    assert seek(owner_api, pace="60s").status_code == 201
    assert Seek.objects.count() == 2


def test_guests_seek_casual_matches_only(db):
    guest = client_for(guest_create())
    refused = seek(guest)
    assert refused.status_code == 403 and refused.json()["code"] == "guest_not_rated"
    assert not Seek.objects.exists()
    assert seek(guest, rated=False).status_code == 201


def test_someone_elses_seek_cannot_be_cancelled(owner_api, member_api):
    mine = seek(owner_api).json()["id"]
    answer = member_api.delete(f"/api/seeks/{mine}/")
    assert answer.status_code == 404 and answer.json()["code"] == "no_seek"
    assert Seek.objects.get(pk=mine).status == Seek.Status.OPEN
    assert owner_api.delete(f"/api/seeks/{mine}/").status_code == 204
    assert owner_api.delete(f"/api/seeks/{mine}/").json()["code"] == "no_seek"


def test_bots_now_fills_a_slow_seek_with_bots(owner_api, member_api):
    mine = seek(owner_api, pace="1h").json()["id"]
    assert member_api.post(f"/api/seeks/{mine}/bots/").json()["code"] == "no_seek"
    answer = owner_api.post(f"/api/seeks/{mine}/bots/")
    assert answer.status_code == 200 and answer.json()["bots_at"]
    assert seeks_pair() == 1
    assert Seek.objects.get(pk=mine).status == Seek.Status.MATCHED


def test_signed_out_visitors_cannot_seek(api):
    assert api.post("/api/seeks/", {"pace": "30s"}, format="json").status_code in (401, 403)
    assert api.get("/api/seeks/").status_code in (401, 403)
