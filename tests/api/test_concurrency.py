"""Twenty identical submissions at once store exactly one move (PostgreSQL row locks), and one
Idempotency-Key sent for two matches at once acts on one of them only."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from games.models import Move
from tests.api.helpers import create, four_humans, on_turn
from tests.conftest import client_for, make_user, needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def _table():
    created, clients, _ = four_humans(client_for(make_user("owner")))
    return on_turn(clients, created["id"])


def _burst(client, current, headers):
    results: list[tuple[int, dict]] = []
    barrier = threading.Barrier(20)

    def submit():
        barrier.wait()
        try:
            response = client.post(f"/api/matches/{current['id']}/call/",
                                   {"call": 4, "seq": current["seq"]}, format="json", **headers)
            results.append((response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_twenty_identical_calls_at_once_store_one_move():
    client, current = _table()
    results = _burst(client, current, {})
    assert len(results) == 20
    assert sorted(code for code, _ in results).count(200) == 1
    assert all(code == 409 for code, _ in results if code != 200)
    assert Move.objects.filter(match_id=current["id"]).count() == 1


def test_twenty_retries_with_one_idempotency_key_all_get_the_first_answer():
    client, current = _table()
    results = _burst(client, current, {"HTTP_IDEMPOTENCY_KEY": "retry-key-0001"})
    assert [code for code, _ in results] == [200] * 20
    bodies = {json.dumps(body, sort_keys=True) for _, body in results}
    assert len(bodies) == 1
    assert Move.objects.filter(match_id=current["id"]).count() == 1
    assert results[0][1]["seq"] == current["seq"] + 1


def _same_player_on_turn_twice():
    """Two matches of the same four players where the same one is to call: (client, view A,
    view B). Five matches always hold two with the same seat to call."""
    clients = [client_for(make_user(name)) for name in ("owner", "west", "north", "east")]
    seen = {}
    for _ in range(5):
        created = create(clients[0], ["user:west", "user:north", "user:east"])
        for client in clients[1:]:
            client.post("/api/matches/join/", {"invite_code": created["invite_code"]},
                        format="json")
        client, current = on_turn(clients, created["id"])
        if current["my_seat"] in seen:
            return client, seen[current["my_seat"]], current
        seen[current["my_seat"]] = current
    raise AssertionError("five matches, four seats")


def test_one_idempotency_key_on_two_matches_at_once_is_a_409_for_one_of_them():
    client, first, second = _same_player_on_turn_twice()
    results: list[tuple[int, int, dict]] = []
    barrier = threading.Barrier(12)

    def submit(current):
        barrier.wait()
        try:
            response = client.post(f"/api/matches/{current['id']}/call/",
                                   {"call": 4, "seq": current["seq"]}, format="json",
                                   HTTP_IDEMPOTENCY_KEY="shared-key-0001")
            results.append((current["id"], response.status_code, response.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(m,)) for m in [first, second] * 6]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(results) == 12
    winners = {match_id for match_id, code, _ in results if code == 200}
    assert len(winners) == 1, results
    (winner,) = winners
    loser = second["id"] if winner == first["id"] else first["id"]
    assert {code for match_id, code, _ in results if match_id == winner} == {200}
    assert [body.get("code") for match_id, code, body in results if match_id == loser] == [
        "idempotency_key_reused"] * 6
    assert all(code == 409 for match_id, code, _ in results if match_id == loser)
    assert Move.objects.filter(match_id=winner).count() == 1
    assert Move.objects.filter(match_id=loser).count() == 0
