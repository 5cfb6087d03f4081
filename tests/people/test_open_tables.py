"""Open tables: a match made public is listed in ``GET /api/tables/`` while it has seats
open, with its pace, rules and seats free, and is joined with the code the listing shows;
a block keeps it out of the list and the join refuses as for a full table."""

from __future__ import annotations

import pytest

from social.models import Block
from tests.api.helpers import create

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner_api):
    return create(owner_api, ["open", "bot:easy", "bot:easy"], turn_seconds=3600, public=True)


def test_a_public_table_is_listed_and_joined_in_one_tap(table, member_api, outsider_api):
    listed = member_api.get("/api/tables/").json()
    assert [(t["match_id"], t["seats_free"], t["turn_seconds"], t["created_by"])
            for t in listed] == [(table["id"], 1, 3600, "owner")]
    assert listed[0]["rules"] == table["rules"] and listed[0]["hands"] == 1
    assert len(listed[0]["players"]) == 3
    joined = member_api.post("/api/matches/join/", {"invite_code": listed[0]["invite_code"]},
                             format="json")
    assert joined.status_code == 200 and joined.json()["my_seat"] == 1
    assert outsider_api.get("/api/tables/").json() == []  # full now, and started


def test_a_match_not_made_public_is_not_listed(owner_api, member_api):
    create(owner_api, ["open", "bot:easy", "bot:easy"])
    assert member_api.get("/api/tables/").json() == []


def test_my_own_table_is_not_listed_to_me(table, owner_api):
    assert owner_api.get("/api/tables/").json() == []


def test_a_block_either_way_hides_the_table_and_refuses_the_seat(table, owner, member,
                                                                member_api):
    Block.objects.create(blocker=owner, blocked=member)
    assert member_api.get("/api/tables/").json() == []
    from games.models import Match

    code = Match.objects.get(pk=table["id"]).invite_code
    refused = member_api.post("/api/matches/join/", {"invite_code": code}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "match_full"


def test_public_must_be_a_boolean(owner_api):
    answer = owner_api.post("/api/matches/", {"opponents": ["open"] * 3, "public": "yes please"},
                            format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"
