"""Twenty identical card plays sent at once over HTTP, split across two server processes:
one move is stored; with an ``Idempotency-Key`` every sender gets that move's answer."""

from __future__ import annotations

import json
import threading

import httpx
import pytest
from knox.models import AuthToken

from games.models import Move
from tests.api.helpers import act, create, view
from tests.conftest import client_for, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def table_in_play():
    """Four players past the calls: the first card of the hand is due."""
    users = [make_user(name) for name in ("owner", "west", "north", "east")]
    clients = [client_for(u) for u in users]
    created = create(clients[0], [f"user:{u.username}" for u in users[1:]])
    for client in clients[1:]:
        client.post("/api/matches/join/", {"invite_code": created["invite_code"]}, format="json")
    match_id = created["id"]
    for _ in range(4):
        turn = view(clients[0], match_id)["turn"]
        assert act(clients[turn], view(clients[turn], match_id)).status_code == 200
    turn = view(clients[0], match_id)["turn"]
    return users[turn], view(clients[turn], match_id)


def burst(urls: list[str], user, current: dict, headers: dict[str, str]):
    token = AuthToken.objects.create(user=user)[1]
    body = {"card": current["legal"][0], "seq": current["seq"]}
    barrier = threading.Barrier(20)
    results: list[tuple[int, dict]] = []

    def send(url: str) -> None:
        with httpx.Client(base_url=url, timeout=20) as http:
            http.get("/api/")  # connected before the barrier, so the posts really overlap
            barrier.wait(10)
            response = http.post(f"/api/matches/{current['id']}/play/", json=body,
                                 headers={"Authorization": f"Token {token}", **headers})
            results.append((response.status_code, response.json()))

    threads = [threading.Thread(target=send, args=(urls[i % len(urls)],)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.fixture
def two_servers(fleet) -> list[str]:
    return [fleet.server(), fleet.server()]


def test_twenty_identical_plays_at_once_store_one_move(two_servers):
    user, current = table_in_play()
    results = burst(two_servers, user, current, {})
    codes = sorted(code for code, _ in results)
    assert codes == [200] + [409] * 19
    assert Move.objects.filter(match_id=current["id"], seq=current["seq"] + 1).count() == 1
    assert Move.objects.filter(match_id=current["id"], kind="play").count() == 1


def test_twenty_identical_plays_with_one_idempotency_key_get_one_answer(two_servers):
    user, current = table_in_play()
    results = burst(two_servers, user, current, {"Idempotency-Key": "play-retry-0001"})
    assert [code for code, _ in results] == [200] * 20
    assert len({json.dumps(body, sort_keys=True) for _, body in results}) == 1
    assert results[0][1]["seq"] == current["seq"] + 1
    assert Move.objects.filter(match_id=current["id"], kind="play").count() == 1
