"""Twenty identical submissions at once store exactly one move (PostgreSQL row locks)."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from games.models import Move
from tests.api.helpers import four_humans, on_turn
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
