"""Blocks hold everywhere: a player cannot sit at a table with someone who blocked them (or
whom they blocked), whether by rematch, an open seat or an invite code; the refusal is the
answer of a full table, so neither side learns of the block."""

from __future__ import annotations

import pytest

from games.models import Match, Seat
from tests.api.helpers import create, four_humans
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def _refused_as_full(response):
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "match_full"


def test_a_blocked_player_cannot_sit_at_the_blockers_rematch(owner_api):
    """Finding: B blocks C. When B posts /rematch/, C's seat becomes open, and the same POST
    by C answered 200 with C seated."""
    created, clients, users = four_humans(owner_api)
    Match.objects.filter(pk=created["id"]).update(status=Match.Status.FINISHED)
    b, c = clients[1], clients[2]
    assert b.post("/api/blocks/", {"username": users[1].username},
                  format="json").status_code == 201
    offer = b.post(f"/api/matches/{created['id']}/rematch/")
    assert offer.status_code == 201
    _refused_as_full(c.post(f"/api/matches/{created['id']}/rematch/"))
    _refused_as_full(c.post("/api/matches/join/", {"invite_code": offer.json()["invite_code"]},
                            format="json"))
    assert not Seat.objects.filter(match_id=offer.json()["id"], user=users[1]).exists()


@pytest.mark.parametrize("who_blocks", ["creator", "newcomer"])
def test_an_open_seat_by_invite_code_is_refused_across_a_block(owner_api, who_blocks):
    """Blocks hold at open seats and invite codes, whichever side blocked; the answer is the
    same as for a full table."""
    stranger = make_user("stranger")
    stranger_api = client_for(stranger)
    created = create(owner_api, ["open", "bot:easy", "bot:easy"])
    if who_blocks == "creator":
        owner_api.post("/api/blocks/", {"username": "stranger"}, format="json")
    else:
        stranger_api.post("/api/blocks/", {"username": "owner"}, format="json")
    _refused_as_full(stranger_api.post("/api/matches/join/",
                                       {"invite_code": created["invite_code"]}, format="json"))
    # Someone else still takes the seat.
    other = client_for(make_user("other"))
    assert other.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                      format="json").status_code == 200
