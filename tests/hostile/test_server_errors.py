"""Server errors (finding: 22 HTTP 500 and one socket crash, 3 causes), each now its 4xx on
both databases: an email over 254 characters, a NUL in a path, and match ids past a 64-bit
integer on every match route and in a socket ``watch`` or ``react``."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from rest_framework.test import APIClient

from accounts.services.guests import guest_create
from tests.api.helpers import create, four_humans, play_to_end
from tests.conftest import client_for, socket_with, token_of

pytestmark = pytest.mark.django_db(transaction=True)
LONG_EMAIL = "a" * 250 + "@example.com"
HUGE_IDS = [2**63, 2**63 + 1, 2**64, 10**30]
MATCH_ROUTES = [("get", ""), ("get", "record/"), ("get", "ratings/"), ("get", "analysis/"),
                ("post", "play/"), ("post", "call/"), ("post", "back/"), ("post", "redeal/"),
                ("post", "finish/"), ("post", "rematch/"), ("post", "reactions/")]


def test_an_email_over_254_characters_is_refused_not_a_server_error(owner_api):
    """Server errors: a PostgreSQL DataError on /email/, /register/ and /claim/."""
    answers = [
        owner_api.post("/api/auth/email/", {"email": LONG_EMAIL}, format="json"),
        client_for(guest_create()).post("/api/auth/claim/", {
            "username": "claimer", "password": "a-Long-phrase-for-2026", "email": LONG_EMAIL},
            format="json"),
        owner_api.post("/api/auth/password-reset/", {"email": LONG_EMAIL}, format="json"),
    ]
    answers.append(APIClient().post("/api/auth/register/", {
        "username": "newcomer", "password": "a-Long-phrase-for-2026", "email": LONG_EMAIL},
        format="json"))
    for answer in answers:
        assert answer.status_code == 400, answer.content
        assert answer.json()["code"] == "invalid" and "email" in answer.json()["fields"]


@pytest.mark.parametrize("path", ["/api/invites/ab%00cd/", "/api/invites/ab\x00cd/",
                                  "/api/friends/a\x00b/", "/api/blocks/a\x00b/",
                                  "/api/users/a\x00b/profile/"])
def test_a_nul_in_a_path_is_not_found(owner_api, path):
    """Server errors: a NUL in the invite path reached PostgreSQL."""
    for method in ("get", "post", "delete"):
        answer = getattr(owner_api, method)(path)
        assert answer.status_code in (404, 405), (method, answer.status_code)


@pytest.mark.parametrize("match_id", HUGE_IDS)
def test_a_match_id_past_64_bits_is_not_found_on_every_route(owner_api, match_id):
    """Server errors: match ids of 2^63 and more on the embedded SQLite."""
    paths = [(method, f"/api/matches/{match_id}/{route}") for method, route in MATCH_ROUTES]
    paths += [("post", f"/api/invitations/{match_id}/{action}/")
              for action in ("accept", "decline")]
    for method, path in paths:
        answer = getattr(owner_api, method)(path, {"seq": 1, "card": "AS", "call": 2,
                                                   "reaction": "clap"}, format="json")
        assert answer.status_code == 404, (path, answer.status_code)
        assert answer.json()["code"] == "not_found"


def test_a_socket_watch_or_react_with_a_huge_id_is_answered_and_the_socket_stays(owner):
    """Server errors: a socket ``watch`` with such an id crashed the consumer."""
    token = token_of(owner)

    async def talk():
        socket = socket_with(token)
        connected, _ = await socket.connect(timeout=5)
        assert connected
        assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
        answers = []
        for match_id in HUGE_IDS + [True]:
            await socket.send_to(text_data=json.dumps({"type": "watch", "match": match_id}))
            answers.append(await socket.receive_json_from(timeout=5))
            await socket.send_to(text_data=json.dumps({"type": "react", "match": match_id,
                                                       "reaction": "clap"}))
            answers.append(await socket.receive_json_from(timeout=5))
        await socket.send_to(text_data=json.dumps({"type": "ping"}))
        answers.append(await socket.receive_json_from(timeout=5))
        await socket.disconnect()
        return answers

    answers = async_to_sync(talk)()
    assert [a["type"] for a in answers[:-1]] == ["error"] * (len(answers) - 1)
    assert {a["code"] for a in answers[:-1]} == {"not_found", "bad_message"}
    assert answers[-1]["type"] == "pong"


def test_a_match_of_people_plays_through_its_hand_breaks_on_either_database(owner_api):
    """Server errors: on the embedded SQLite a hand break's time came back without its time
    zone, and the next turn of a match of several hands answered 500."""
    created, clients, _ = four_humans(owner_api, hands=2)
    assert play_to_end(clients, created["id"])["status"] == "finished"
    assert create(owner_api, ["bot:easy"] * 3)["status"] in ("bidding", "playing")
