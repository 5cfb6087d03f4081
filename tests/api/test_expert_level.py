"""The expert bot thinks for long: it is offered with turns of an hour or more, only."""

from __future__ import annotations

import pytest

from games.engine.bots import BOT_LEVELS, LEVEL_MIN_TURN_SECONDS
from games.models import Match, Seat

pytestmark = pytest.mark.django_db


def create(api, turn_seconds):
    return api.post("/api/matches/", {"opponents": ["bot:expert", "bot:hard", "open"],
                                      "hands": 1, "turn_seconds": turn_seconds}, format="json")


def test_expert_is_a_level_of_the_catalogue_with_its_shortest_turn_time(client):
    catalogue = client.get("/api/rules/").json()
    levels = {level["name"]: level for level in catalogue["bot_levels"]}
    assert "expert" in levels and "expert" in BOT_LEVELS
    assert LEVEL_MIN_TURN_SECONDS["expert"] == 3600
    assert levels["expert"]["min_turn_seconds"] == 3600


@pytest.mark.parametrize("turn_seconds", [3600, 86400])
def test_an_expert_bot_is_seated_where_turns_last_an_hour_or_more(owner_api, turn_seconds):
    response = create(owner_api, turn_seconds)
    assert response.status_code == 201, response.content
    seats = response.json()["seats"]
    assert seats[1]["level"] == "expert"
    assert Seat.objects.get(match_id=response.json()["id"], number=1).bot_level == "expert"


@pytest.mark.parametrize("turn_seconds", [15, 60])
def test_an_expert_bot_under_an_hour_is_refused_with_a_reason(owner_api, turn_seconds):
    response = create(owner_api, turn_seconds)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "level_needs_longer_turns"
    assert "1 hour" in body["detail"]
    assert Match.objects.count() == 0
