"""Leaderboards (global and friends, all time and 30 days) and profiles: what they list, what
they leave out, and what a page costs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.rated import MIN_RATED_HANDS
from social.models import PlayerRating, RatingChange
from social.services.ratings import rating_shown
from tests.api.helpers import four_humans, play_out
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def rated(user, *, mu, matches, listed=True):
    return PlayerRating.objects.create(user=user, mu=mu, sigma=2.0, matches=matches,
                                       rating=rating_shown(mu=mu, sigma=2.0),
                                       on_global_leaderboard=listed)


def board(client, **query):
    response = client.get("/api/leaderboard/", query)
    assert response.status_code == 200, response.content
    return response.json()


def befriend(a, b):
    client_for(a).post("/api/friends/requests/", {"username": b.username}, format="json")
    client_for(b).post(f"/api/friends/requests/{a.username}/accept/")


def test_the_global_board_lists_established_players_best_first(owner, owner_api):
    rated(owner, mu=30, matches=12)
    rated(make_user("strong"), mu=40, matches=20)
    rated(make_user("newcomer"), mu=50, matches=3)  # provisional: not listed
    rated(make_user("shy"), mu=45, matches=30, listed=False)  # opted out
    page = board(owner_api)
    assert page["count"] == 2
    assert [(r["rank"], r["username"]) for r in page["results"]] == [(1, "strong"),
                                                                      (2, "owner")]
    assert set(page["results"][0]) == {"rank", "username", "rating", "matches", "provisional"}
    assert page["results"][0]["matches"] == 20


def test_the_friends_board_holds_you_and_your_friends_provisional_or_not(owner, owner_api):
    friend, stranger = make_user("friend"), make_user("stranger")
    befriend(owner, friend)
    rated(owner, mu=30, matches=12)
    rated(friend, mu=35, matches=2, listed=False)
    rated(stranger, mu=45, matches=30)
    rows = board(owner_api, scope="friends")["results"]
    assert [(r["username"], r["provisional"]) for r in rows] == [("friend", True),
                                                                   ("owner", False)]


def test_the_30_day_board_counts_only_recent_matches(owner, owner_api):
    recent, idle = make_user("recent"), make_user("idle")
    rated(recent, mu=30, matches=12)
    rated(idle, mu=40, matches=12)
    created, clients, _ = four_humans(owner_api, names=("w", "n", "e"))
    match = Match.objects.get(pk=created["id"])
    for user, days in ((recent, 1), (recent, 2), (idle, 40)):
        change = RatingChange.objects.create(match_id=match.id, user=user, seat=0, place=1,
                                             before=1, after=2, mu=1, sigma=1, matches=12)
        RatingChange.objects.filter(pk=change.pk).update(
            created_at=timezone.now() - timedelta(days=days))
        match = Match.objects.create(created_by=owner, rules={}, hands_to_play=1,
                                     turn_seconds=60)
    rows = board(owner_api, period="30d")["results"]
    assert [(r["username"], r["matches"]) for r in rows] == [("recent", 2)]
    assert [r["username"] for r in board(owner_api, period="all")["results"]] == ["idle",
                                                                                   "recent"]


def test_the_board_is_paginated_with_ranks_running_on(owner_api):
    for n in range(25):
        rated(make_user(f"p{n:02d}"), mu=20 + n, matches=10)
    first, second = board(owner_api), board(owner_api, page=2)
    assert first["count"] == 25 and len(first["results"]) == 20 and first["next"]
    assert [r["rank"] for r in second["results"]] == [21, 22, 23, 24, 25]
    assert second["results"][-1]["username"] == "p00"


@pytest.mark.parametrize("query", [{"scope": "everyone"}, {"period": "week"}, {"page": "0"}])
def test_a_bad_query_is_refused_with_a_code(owner_api, query):
    response = owner_api.get("/api/leaderboard/", query)
    assert response.status_code in (400, 404), response.content
    assert response.json()["code"] in ("bad_leaderboard", "not_found")


def test_a_page_of_the_board_costs_a_fixed_number_of_queries(owner, owner_api,
                                                              django_assert_max_num_queries):
    for n in range(30):
        user = make_user(f"p{n:02d}")
        rated(user, mu=20 + n, matches=12)
        if n % 2:
            befriend(owner, user)
    for query in ({}, {"period": "30d"}, {"scope": "friends"}, {"scope": "friends",
                                                                 "period": "30d"}):
        with django_assert_max_num_queries(5):
            board(owner_api, **query)


def test_opting_out_in_settings_leaves_the_global_board(owner, owner_api):
    rated(owner, mu=30, matches=12)
    assert board(owner_api)["count"] == 1
    answer = owner_api.patch("/api/ratings/me/", {"on_global_leaderboard": False},
                             format="json")
    assert answer.status_code == 200 and answer.json()["on_global_leaderboard"] is False
    assert board(owner_api)["count"] == 0
    assert board(owner_api, scope="friends")["count"] == 1
    bad = owner_api.patch("/api/ratings/me/", {"on_global_leaderboard": "maybe"},
                          format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid"


def test_a_profile_shows_rating_graph_stats_and_recent_matches_with_replays(owner_api,
                                                                             outsider_api):
    from games.services.results import match_rate as match_ratings_update

    created, clients, users = four_humans(owner_api, hands=MIN_RATED_HANDS)
    play_out(created["id"])
    match_ratings_update(match_id=created["id"])
    profile = outsider_api.get("/api/users/west/profile/").json()
    assert profile["username"] == "west"
    assert profile["rating"]["matches"] == 1 and profile["rating"]["provisional"] is True
    assert [p["match_id"] for p in profile["graph"]] == [created["id"]]
    assert profile["graph"][0]["rating"] == profile["rating"]["rating"]
    assert profile["stats"]["matches_played"] == 1
    [recent] = profile["recent"]
    assert recent["replay"] == f"/replay/{created['id']}"
    assert recent["rating_change"]["after"] == profile["rating"]["rating"]
    assert profile["relation"] == "none"
    assert owner_api.get("/api/users/owner/profile/").json()["relation"] == "self"
    assert outsider_api.get("/api/users/nobody/profile/").status_code == 404


def test_a_profile_costs_a_fixed_number_of_queries(owner_api, outsider_api,
                                                   django_assert_max_num_queries):
    from games.services.results import match_rate as match_ratings_update

    for _ in range(3):
        created, clients, _ = four_humans(owner_api, names=("w", "n", "e"),
                                          hands=MIN_RATED_HANDS)
        play_out(created["id"])
        match_ratings_update(match_id=created["id"])
        for user in ("w", "n", "e"):
            from django.contrib.auth import get_user_model

            get_user_model().objects.filter(username=user).delete()
    # 2 of them the token sign-in, 1 the matches' finished hands
    with django_assert_max_num_queries(11):
        profile = outsider_api.get("/api/users/owner/profile/").json()
    assert len(profile["recent"]) == 3
