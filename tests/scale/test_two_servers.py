"""Scale-out: two ASGI server processes on one database and one Redis act as one site — a
socket held by server A gets the player's view after a move posted to server B."""

from __future__ import annotations

import json
import os

import httpx
import pytest
from knox.models import AuthToken
from websockets.sync.client import connect

from tests.api.helpers import four_humans
from tests.conftest import client_for, make_user, needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


@pytest.fixture(scope="module")
def server_b_url(django_db_blocker, task_queue, live_server_url):
    """Server B: a second uvicorn process beside the session's server (A)."""
    from tests.processes import serving, test_environment

    with django_db_blocker.unblock():
        env = test_environment(task_queue)
    with serving(env, f"server-b-{os.getpid()}") as url:
        yield url


def test_a_socket_on_server_a_gets_the_view_after_a_move_posted_to_server_b(
        live_server_url, server_b_url):
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    users = [alice, *others]
    match_id = created["id"]
    auth = [{"Authorization": f"Token {AuthToken.objects.create(user=u)[1]}"}
            for u in users]
    server_b = httpx.Client(base_url=server_b_url, timeout=10)
    mover = server_b.get(f"/api/matches/{match_id}/", headers=auth[0]).json()["turn"]
    before = server_b.get(f"/api/matches/{match_id}/", headers=auth[mover]).json()
    watcher = (mover + 1) % 4

    with connect(live_server_url.replace("http", "ws") + "/ws/", origin=live_server_url,
                 additional_headers=auth[watcher], open_timeout=10) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"
        posted = server_b.post(f"/api/matches/{match_id}/call/", headers=auth[mover],
                               json={"call": 2, "seq": before["seq"]})
        assert posted.status_code == 200, posted.text
        seen = next(message["match"] for message in _messages(ws)
                    if message["type"] == "match.view" and message["match"]["id"] == match_id)

    assert seen["my_seat"] == watcher
    assert seen["seq"] == before["seq"] + 1
    assert seen["calls"][mover] == 2
    assert seen["turn"] == watcher


def _messages(ws, limit: int = 20):
    for _ in range(limit):
        yield json.loads(ws.recv(15))
