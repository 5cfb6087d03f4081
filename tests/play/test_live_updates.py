"""A real server pushes each player their own view after another player's move."""

from __future__ import annotations

import json

import httpx
import pytest
from knox.models import AuthToken
from websockets.sync.client import connect

from tests.api.helpers import CARD_IN_JSON, four_humans
from tests.conftest import client_for, make_user, needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]


def socket_for(base_url: str, user):
    token = AuthToken.objects.create(user=user)[1]
    return connect(base_url.replace("http", "ws") + "/ws/", origin=base_url,
                   additional_headers={"Authorization": f"Token {token}"}, open_timeout=10)


def next_view(ws, match_id: int) -> dict:
    while True:
        message = json.loads(ws.recv(20))
        if message["type"] == "match.view" and message["match"]["id"] == match_id:
            return message["match"]


def test_a_socket_gets_its_own_view_after_another_players_move(live_server_url):
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"))
    users = [alice, *others]
    match_id = created["id"]
    keys = [AuthToken.objects.create(user=u)[1] for u in users]
    http = httpx.Client(base_url=live_server_url, timeout=10)
    turn = http.get(f"/api/matches/{match_id}/",
                    headers={"Authorization": f"Token {keys[0]}"}).json()["turn"]
    watcher_seat = (turn + 1) % 4
    mover_view = http.get(f"/api/matches/{match_id}/",
                          headers={"Authorization": f"Token {keys[turn]}"}).json()
    assert mover_view["my_seat"] == turn

    with socket_for(live_server_url, users[watcher_seat]) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"
        response = http.post(f"/api/matches/{match_id}/call/",
                             json={"call": 3, "seq": mover_view["seq"]},
                             headers={"Authorization": f"Token {keys[turn]}"})
        assert response.status_code == 200
        seen = next_view(ws, match_id)

    assert seen["seq"] == mover_view["seq"] + 1
    assert seen["my_seat"] == watcher_seat
    assert seen["calls"][turn] == 3
    assert seen["turn"] == watcher_seat
    assert len(seen["hand"]) == 13
    assert not set(seen["hand"]) & set(mover_view["hand"])
    shown = set(CARD_IN_JSON.findall(json.dumps(seen)))
    assert not shown & set(mover_view["hand"]), "the mover's cards leaked to another socket"


def test_bot_turns_reach_the_socket_as_one_view_per_move_in_order(live_server_url):
    """The bots' moves after a player's own are committed together, yet the socket shows
    each of them, oldest first, with no seq skipped."""
    alice = make_user("alice")
    key = AuthToken.objects.create(user=alice)[1]
    http = httpx.Client(base_url=live_server_url, timeout=10,
                        headers={"Authorization": f"Token {key}"})
    with socket_for(live_server_url, alice) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"
        current = http.post("/api/matches/", json={
            "rules": {"preset": "standard"}, "hands": 1, "turn_seconds": 86400,
            "opponents": ["bot:easy"] * 3}).json()
        match_id, seqs = current["id"], []
        while len(seqs) < 20:
            if current["turn"] == current["my_seat"] and current["legal"]:
                kind = "call" if current["status"] == "bidding" else "play"
                field = "call" if kind == "call" else "card"
                answer = http.post(f"/api/matches/{match_id}/{kind}/", json={
                    "seq": current["seq"], field: current["legal"][0]})
                assert answer.status_code == 200, answer.text
                current = answer.json()
                continue
            pushed = next_view(ws, match_id)
            seqs.append(pushed["seq"])
            if pushed["seq"] > current["seq"]:
                current = pushed

    first = seqs[0]
    assert seqs == list(range(first, first + len(seqs))), seqs


def test_a_socket_from_a_foreign_origin_is_refused(live_server_url):
    user = make_user("alice")
    token = AuthToken.objects.create(user=user)[1]
    with pytest.raises(Exception):  # noqa: B017 - the handshake is refused with 403
        connect(live_server_url.replace("http", "ws") + "/ws/", origin="https://evil.example",
                additional_headers={"Authorization": f"Token {token}"}, open_timeout=5)


def test_an_agreement_to_finish_reaches_every_other_players_socket(live_server_url):
    alice = make_user("alice")
    created, _, others = four_humans(client_for(alice), names=("bob", "carol", "dave"),
                                     hands=None)
    match_id, bob = created["id"], others[0]
    key = AuthToken.objects.create(user=alice)[1]
    http = httpx.Client(base_url=live_server_url, timeout=10,
                        headers={"Authorization": f"Token {key}"})
    before = http.get(f"/api/matches/{match_id}/").json()
    with socket_for(live_server_url, bob) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"
        response = http.post(f"/api/matches/{match_id}/finish/", json={"seq": before["seq"]})
        assert response.status_code == 200
        seen = next_view(ws, match_id)
    assert seen["seq"] == before["seq"] + 1 and seen["my_seat"] == 1
    assert seen["finish_votes"] == [0] and seen["finish_agreed"] is False
    assert (seen["turn"], seen["deadline"]) == (before["turn"], before["deadline"])
