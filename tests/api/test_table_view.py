"""What the table draws from a view: bot seats' own names and levels, and the call hint
(in unrated matches only)."""

from __future__ import annotations

import json
import random

import pytest

from games.bot_names import BOT_NAMES, bot_name
from games.engine import view_for
from games.engine.bots import decide
from games.models import Match
from tests.api.helpers import create, edit_stored_state, four_humans, on_turn, stored_state, view
from tests.conftest import needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


@pytest.mark.parametrize("match_id", [1, 2, 5, 23, 24, 25, 999, 123457])
def test_the_four_seats_of_a_match_never_share_a_bot_name(match_id):
    names = [bot_name(match_id=match_id, seat_number=n) for n in range(4)]
    assert len(set(names)) == 4
    assert set(names) <= set(BOT_NAMES)


def test_bot_seats_have_their_own_names_and_their_level_apart(owner_api):
    created = create(owner_api, ["bot:normal", "bot:normal", "bot:hard"])
    seats = created["seats"]
    bots = seats[1:]
    assert [s["kind"] for s in bots] == ["bot:normal", "bot:normal", "bot:hard"]
    assert [s["level"] for s in bots] == ["normal", "normal", "hard"]
    assert seats[0]["level"] is None
    names = [s["name"] for s in bots]
    assert len(set(names)) == 3, names
    assert not any("bot" in name.lower() or "(" in name for name in names)
    assert all(len(name) <= 6 for name in names), "a seat's name must fit a phone's seat"
    # The same names on every later read, and in the match list.
    assert [s["name"] for s in view(owner_api, created["id"])["seats"]] == [
        s["name"] for s in seats]
    listed = owner_api.get("/api/matches/?status=active").json()["results"]
    assert [s["name"] for s in listed[0]["seats"]] == [s["name"] for s in seats]


def test_two_tables_give_their_bots_different_names(owner_api):
    first = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    second = create(owner_api, ["bot:easy", "bot:easy", "bot:easy"])
    assert [s["name"] for s in first["seats"][1:]] != [s["name"] for s in second["seats"][1:]]


def test_the_player_to_call_gets_the_normal_bots_call_as_a_hint(owner_api):
    created, clients, _ = four_humans(owner_api)
    match_id = created["id"]
    client, mine = on_turn(clients, match_id)
    assert mine["status"] == "bidding"
    assert mine["suggested_call"] in mine["legal"]
    state = stored_state(match_id)
    seat = mine["my_seat"]
    own_view = view_for(state, seat)
    expected = decide(own_view, seat=seat, level="normal", rng=random.Random(0))["call"]
    assert mine["suggested_call"] == expected
    # Nobody else gets a hint while they wait.
    for other in clients:
        if other is not client:
            assert view(other, match_id)["suggested_call"] is None


def test_a_rated_match_gives_no_call_hint(owner_api):
    created, clients, _ = four_humans(owner_api, hands=3)
    _, mine = on_turn(clients, created["id"])
    assert mine["rated"] and mine["status"] == "bidding" and mine["legal"]
    assert mine["suggested_call"] is None
    # The same table, one hand long, is unrated and hints.
    short, clients, _ = four_humans(owner_api, names=("south2", "west2", "north2"), hands=1)
    _, mine = on_turn(clients, short["id"])
    assert not mine["rated"] and mine["suggested_call"] in mine["legal"]


def test_the_call_hint_depends_only_on_the_players_own_hand(owner_api):
    created, clients, _ = four_humans(owner_api)
    match_id = created["id"]
    client, mine = on_turn(clients, match_id)
    seat = mine["my_seat"]
    match = Match.objects.get(pk=match_id)
    # Give the other three seats each other's cards: what the player may see is unchanged.
    others = [s for s in range(4) if s != seat]
    deal = json.loads(match.state)["deal"]  # nothing is played yet: the deal is the hands
    deal[others[0]], deal[others[1]], deal[others[2]] = (
        deal[others[1]], deal[others[2]], deal[others[0]])
    edit_stored_state(match, deal=deal)
    assert view(client, match_id)["suggested_call"] == mine["suggested_call"]


def test_the_hint_goes_once_the_player_has_called(owner_api):
    created, clients, _ = four_humans(owner_api)
    match_id = created["id"]
    client, mine = on_turn(clients, match_id)
    answer = client.post(f"/api/matches/{match_id}/call/",
                         {"call": mine["suggested_call"], "seq": mine["seq"]}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["suggested_call"] is None
    _, next_view = on_turn(clients, match_id)
    assert next_view["my_seat"] != mine["my_seat"]
    assert next_view["suggested_call"] in next_view["legal"]
