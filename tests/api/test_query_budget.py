"""Query budgets: reading a view costs at most 5 SQL queries, playing a card at most 10.

A token sign-in is two of them: the token, then the player's other tokens, which knox reads
to delete the expired ones. A move's are counted outside a test transaction, as it is served
(a test's own transaction would add a savepoint around every atomic block)."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.api.helpers import act, create, four_humans, on_turn, view

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(owner_api):
    created, clients, _ = four_humans(owner_api)
    for _ in range(4):
        current = view(owner_api, created["id"])
        client = clients[current["turn"]]
        client.post(f"/api/matches/{created['id']}/call/",
                    {"call": 2, "seq": current["seq"]}, format="json")
    return created["id"], clients


def test_get_view_costs_at_most_five_queries(playing, django_assert_max_num_queries):
    match_id, clients = playing
    with django_assert_max_num_queries(5):
        response = clients[1].get(f"/api/matches/{match_id}/")
    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)  # counted as served: no test transaction around it
@pytest.mark.parametrize("with_key", [False, True])
def test_post_play_costs_at_most_ten_queries(playing, django_assert_max_num_queries,
                                                with_key):
    match_id, clients = playing
    for _ in range(4):  # a whole trick, so the trick-completing play is measured too
        client, current = on_turn(clients, match_id)
        headers = {"HTTP_IDEMPOTENCY_KEY": f"budget-key-{current['seq']}"} if with_key else {}
        with django_assert_max_num_queries(10):
            response = act(client, current, **headers)
        assert response.status_code == 200


def test_match_list_costs_a_fixed_number_of_queries(owner_api, django_assert_max_num_queries):
    for _ in range(5):
        create(owner_api, ["open", "open", "open"])
    # The sign-in, the count and the page, then one query each for the seats, the finished
    # hands (for the places) and the rating changes, however many matches are listed.
    with django_assert_max_num_queries(7):
        response = owner_api.get("/api/matches/")
    assert response.json()["count"] == 5


def test_the_statements_of_a_move_are_prepared_once_per_connection(playing):
    """PostgreSQL parses and plans the locked read of a match once per connection, not per
    move: Django's default (no prepared statements) would silently undo the setting."""
    match_id, clients = playing
    for _ in range(8):
        response = act(*on_turn(clients, match_id))
        assert response.status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    assert any("games_match" in s and "FOR NO KEY UPDATE" in s for s in prepared), prepared
    assert any('INSERT INTO "games_move"' in s for s in prepared), prepared
