"""Reactions over the API: a fixed set, from a seated player, within a rate; stored with the
match for its replay, and hidden between blocked players."""

from __future__ import annotations

import pytest

from games.models import Match
from social.models import Reaction
from tests.api.helpers import CARD_IN_JSON, create, four_humans, play_out, view

pytestmark = pytest.mark.django_db


def react(client, match_id, reaction):
    return client.post(f"/api/matches/{match_id}/reactions/", {"reaction": reaction},
                       format="json")


@pytest.fixture
def table(owner_api):
    created, clients, users = four_humans(owner_api)
    return created, clients, users


def test_the_set_of_reactions_is_fixed_and_listed(api):
    choices = api.get("/api/reactions/").json()
    assert 6 <= len(choices) <= 10
    assert {"code": "clap", "emoji": "👏"} in choices


def test_a_seated_player_reacts_and_it_is_stored_at_the_seq(table):
    created, clients, _ = table
    seq = view(clients[2], created["id"])["seq"]
    answer = react(clients[2], created["id"], "laugh")
    assert answer.status_code == 201, answer.content
    assert answer.json() == {"seat": 2, "reaction": "laugh", "seq": seq}
    stored = Reaction.objects.get(match_id=created["id"])
    assert (stored.seat, stored.reaction) == (2, "laugh")


@pytest.mark.parametrize("reaction", ["poop", "", "👏", "clap " * 3])
def test_a_reaction_outside_the_set_is_refused(table, reaction):
    created, clients, _ = table
    answer = react(clients[0], created["id"], reaction)
    assert answer.status_code == 400
    assert answer.json()["code"] in ("bad_reaction", "invalid")
    assert not Reaction.objects.exists()


def test_reactions_over_the_rate_are_refused(table, settings):
    created, clients, _ = table
    settings.REACTIONS_PER_WINDOW = 3
    codes = [react(clients[1], created["id"], "clap").status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    over = react(clients[1], created["id"], "clap").json()
    assert over["code"] == "too_many_reactions" and "3" in over["detail"]
    assert Reaction.objects.count() == 3
    assert react(clients[2], created["id"], "clap").status_code == 201  # per player


def test_only_a_seated_player_of_a_started_match_may_react(table, outsider_api, owner_api):
    created, _, _ = table
    assert react(outsider_api, created["id"], "clap").status_code == 404
    waiting = create(owner_api, ["open", "open", "open"])
    refused = react(owner_api, waiting["id"], "clap")
    assert refused.status_code == 409 and refused.json()["code"] == "not_started"


def test_the_replay_shows_the_reactions_and_hides_a_blocked_players(table):
    created, clients, users = table
    react(clients[1], created["id"], "wow")
    react(clients[3], created["id"], "angry")
    clients[0].post("/api/blocks/", {"username": users[2].username}, format="json")  # seat 3
    react(clients[2], created["id"], "thanks")
    play_out(created["id"])
    seen_by_owner = clients[0].get(f"/api/matches/{created['id']}/record/").json()["reactions"]
    assert [(r["seat"], r["reaction"]) for r in seen_by_owner] == [(1, "wow"), (2, "thanks")]
    seen_by_east = clients[3].get(f"/api/matches/{created['id']}/record/").json()["reactions"]
    assert [(r["seat"], r["reaction"]) for r in seen_by_east] == [(1, "wow"), (3, "angry"),
                                                                  (2, "thanks")]
    seen_by_west = clients[1].get(f"/api/matches/{created['id']}/record/").json()["reactions"]
    assert seen_by_west == seen_by_east
    assert seen_by_west[0]["seq"] <= seen_by_west[1]["seq"] <= seen_by_west[2]["seq"]


def test_a_reaction_reveals_no_card(table):
    created, clients, _ = table
    answer = react(clients[1], created["id"], "fire")
    assert not CARD_IN_JSON.findall(answer.content.decode())


def test_sending_a_reaction_and_reading_the_record_cost_a_fixed_number_of_queries(
        table, django_assert_max_num_queries):
    created, clients, _ = table
    with django_assert_max_num_queries(7):  # 2 of them the token sign-in
        assert react(clients[1], created["id"], "clap").status_code == 201
    for _ in range(3):
        react(clients[2], created["id"], "wow")
    play_out(created["id"])
    with django_assert_max_num_queries(8):
        record = clients[0].get(f"/api/matches/{created['id']}/record/").json()
    assert len(record["reactions"]) == 4


def test_no_reactions_are_accepted_after_the_match_has_ended(table):
    """Finding: reactions are accepted on finished matches."""
    created, clients, _ = table
    Match.objects.filter(pk=created["id"]).update(status=Match.Status.FINISHED)
    refused = react(clients[1], created["id"], "clap")
    assert refused.status_code == 409 and refused.json()["code"] == "finished"
    assert refused.json()["detail"]
    assert Reaction.objects.count() == 0
