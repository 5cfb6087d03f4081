"""Oversized and malformed bodies are refused with a client error, never a server error;
sign-in, move, create, join and rematch endpoints stop answering a client that sends too fast
(429)."""

from __future__ import annotations

import json

import pytest

from games.models import Match
from tests.api.helpers import create

pytestmark = pytest.mark.django_db

MALFORMED = [
    ("application/json", b"{not json"),
    ("application/json", b"[1, 2, 3]"),
    ("application/json", b'"a string"'),
    ("application/json", b"null"),
    ("application/json", b'{"seq": 99999999999999999999999, "card": "AS"}'),
    ("application/json", b'{"seq": -1, "card": "AS"}'),
    ("application/json", b'{"seq": "1", "card": ["AS"]}'),
    ("application/json", b'{"seq": 1, "card": "\\u0000\\ud800"}'),
    ("application/json", b"[" * 5000 + b"]" * 5000),
    ("application/json", "{\"seq\": 1, \"card\": \"A♠\"}".encode()),
    ("text/plain", b"seq=1&card=AS"),
    ("application/x-www-form-urlencoded", b"seq=x&card=%ff%fe"),
    ("multipart/form-data; boundary=zzz", b"--zzz\r\nbroken"),
]


@pytest.mark.parametrize(("content_type", "body"), MALFORMED)
def test_a_malformed_move_is_a_client_error(owner_api, content_type, body):
    match_id = create(owner_api, ["bot:easy"] * 3)["id"]
    response = owner_api.generic("POST", f"/api/matches/{match_id}/play/", body,
                                 content_type=content_type)
    assert 400 <= response.status_code < 500, response.content


@pytest.mark.parametrize("path", ["/api/matches/", "/api/auth/register/", "/api/matches/join/"])
def test_a_body_over_64_kib_is_refused(owner_api, path):
    body = json.dumps({"opponents": ["x" * 70_000], "username": "y" * 70_000}).encode()
    response = owner_api.generic("POST", path, body, content_type="application/json")
    assert response.status_code in (400, 413), response.content


def test_sign_in_attempts_beyond_the_rate_get_429(api, owner, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"auth": "5/min", "move": "5/min"}}
    codes = [api.post("/api/auth/token/", {"username": "owner", "password": "wrong"},
                      format="json").status_code for _ in range(7)]
    assert codes[:5] == [400] * 5
    assert codes[5:] == [429, 429]


def test_moves_beyond_the_rate_get_429(owner_api, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"auth": "5/min", "move": "5/min"}}
    match_id = create(owner_api, ["bot:easy"] * 3)["id"]
    codes = [owner_api.post(f"/api/matches/{match_id}/call/", {"call": 3, "seq": 0},
                            format="json").status_code for _ in range(7)]
    assert 429 not in codes[:5]
    assert codes[5:] == [429, 429]


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def _refused_as_429(response):
    assert response.status_code == 429, response.content
    assert response.json()["code"] == "throttled"
    assert response.json()["detail"]


def test_creating_beyond_the_rate_gets_429_and_creates_nothing(owner_api, member_api,
                                                               settings):
    _rates(settings, create="3/min")
    body = {"opponents": ["open", "open", "open"]}
    codes = [owner_api.post("/api/matches/", body, format="json").status_code
             for _ in range(3)]
    assert codes == [201] * 3
    _refused_as_429(owner_api.post("/api/matches/", body, format="json"))
    assert Match.objects.count() == 3
    # Per user: another player still creates, and the list is not limited.
    assert member_api.post("/api/matches/", body, format="json").status_code == 201
    assert owner_api.get("/api/matches/").status_code == 200


def test_joining_beyond_the_rate_gets_429(owner_api, member_api, settings):
    _rates(settings, join="2/min")
    codes = [member_api.post("/api/matches/join/", {"invite_code": "no-such-code"},
                             format="json").status_code for _ in range(2)]
    assert codes == [404, 404]
    _refused_as_429(member_api.post("/api/matches/join/", {"invite_code": "no-such-code"},
                                    format="json"))


def test_rematching_beyond_the_rate_gets_429(owner_api, settings):
    _rates(settings, rematch="2/min")
    created = create(owner_api, ["bot:easy"] * 3)
    codes = [owner_api.post(f"/api/matches/{created['id']}/rematch/").status_code
             for _ in range(2)]
    assert codes == [409, 409]  # not finished yet
    _refused_as_429(owner_api.post(f"/api/matches/{created['id']}/rematch/"))
