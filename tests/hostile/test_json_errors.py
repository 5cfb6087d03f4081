"""Every bad input under /api/ is a 4xx in the one JSON error shape, never a 500 or an HTML
page, and changes nothing; outside /api/ the site keeps its ordinary pages."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from games import selectors
from games.models import Match, Move
from tests.api.helpers import create
from tests.conftest import token_of

pytestmark = pytest.mark.django_db

BIG_ID = 2**63  # one past the largest id a database column holds


@pytest.fixture
def probe(owner) -> APIClient:
    """The owner's client, answering a crash with the site's 500 page rather than raising it."""
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_of(owner)}")
    return client


def error_of(response, status: int) -> dict:
    """The body of an error answer, after checking it has the API's shape."""
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json"), response.content
    body = json.loads(response.content)
    assert isinstance(body["code"], str) and body["code"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def post_json(client: APIClient, path: str, text: str):
    return client.generic("POST", path, text.encode(), content_type="application/json")


@pytest.mark.parametrize("text", [
    '{"rules": {"\\ud800": 1}, "opponents": ["open", "open", "open"]}',
    '{"rules": {"preset": "\\udfff"}, "opponents": ["open", "open", "open"]}',
    '{"rules": {}, "opponents": ["user:\\u0000", "open", "open"]}',
])
def test_text_that_is_not_text_is_refused(probe, text):
    assert error_of(post_json(probe, "/api/matches/", text), 400)["code"] == "parse_error"
    assert Match.objects.count() == 0


def test_a_nul_in_an_invite_code_is_refused(probe):
    response = post_json(probe, "/api/matches/join/", '{"invite_code": "ab\\u0000cd"}')
    assert error_of(response, 400)["code"] == "parse_error"


@pytest.mark.parametrize("url", [
    "http://[::1",
    "http://127.0.0.1:9/bot\r\nX-Injected: 1",
    "http://127.0.0.1:9/\nbot",
    "http://127.0.0.1:99999/bot",
    "http://127.0.0.1:port/bot",
    "http:///bot",
    "http://127.0.0.1/a bot",
])
def test_a_bot_url_that_cannot_be_asked_is_refused(probe, url):
    response = probe.post("/api/matches/", {"opponents": [url, "open", "open"]}, format="json")
    assert error_of(response, 400)["code"] == "bad_external_url"
    assert Match.objects.count() == 0


def test_a_nul_in_a_player_name_is_404(probe):
    assert error_of(probe.get("/api/users/%00/stats/"), 404)["code"] == "not_found"
    assert error_of(probe.get("/api/users/a%00b/stats/"), 404)["code"] == "not_found"


@pytest.mark.parametrize("path", [
    f"/api/matches/{BIG_ID}/", f"/api/matches/{BIG_ID}/record/",
    f"/api/matches/{BIG_ID}/analysis/?seat=0", f"/api/matches/{10**30}/",
])
def test_ids_beyond_the_database_range_are_404(probe, path):
    assert error_of(probe.get(path), 404)["code"] == "not_found"


@pytest.mark.parametrize("action", ["call", "play", "redeal", "back", "rematch"])
def test_acting_on_an_id_beyond_the_database_range_is_404(probe, action):
    body = {"call": 3, "card": "AS", "seq": 0}
    response = probe.post(f"/api/matches/{BIG_ID}/{action}/", body, format="json")
    assert error_of(response, 404)["code"] == "not_found"


@pytest.mark.parametrize("path", ["/api/matches/-1/", "/api/matches/x/", "/api/nothing/",
                                  "/api/matches/1/nothing/", "/api/users//stats/"])
def test_paths_that_lead_nowhere_are_json_404s(probe, path):
    assert error_of(probe.get(path), 404)["code"] == "not_found"


def test_a_method_the_path_does_not_take_is_a_json_405(probe):
    assert error_of(probe.delete("/api/matches/"), 405)["code"] == "method_not_allowed"


def test_a_body_over_the_limit_is_a_json_413(probe):
    text = json.dumps({"opponents": ["open"] * 3, "pad": "x" * 70_000})
    assert error_of(post_json(probe, "/api/matches/", text), 413)["code"] == "too_large"
    assert Match.objects.count() == 0


def test_too_many_fields_is_a_json_400(probe):
    query = "&".join(f"f{i}=1" for i in range(1200))
    assert error_of(probe.get(f"/api/matches/?{query}"), 400)["code"] == "too_many_fields"


def test_a_form_body_is_a_json_415(probe):
    response = probe.generic("POST", "/api/matches/join/", b"invite_code=abc",
                             content_type="application/x-www-form-urlencoded")
    assert error_of(response, 415)["code"] == "unsupported_media_type"


def test_a_crash_is_a_json_500_that_tells_nothing(probe, monkeypatch):
    def crash(**_):
        raise RuntimeError("internal detail")

    monkeypatch.setattr(selectors, "user_stats", crash)
    body = error_of(probe.get("/api/users/owner/stats/"), 500)
    assert body["code"] == "server_error"
    assert "internal detail" not in json.dumps(body)


def test_signed_out_requests_are_json_too(api):
    assert error_of(api.get("/api/matches/"), 401)["code"] == "not_authenticated"


@pytest.mark.parametrize("path", ["/no-such-page/", "/admin/no-such-page/"])
def test_pages_outside_the_api_keep_their_html(client, path):
    response = client.get(path)
    assert response.status_code in (302, 404)
    assert not response["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("card", ["AS\n", "AS ", " AS", "AS\r\n", "ASX"])
def test_a_card_is_one_of_the_52_names_exactly(probe, card):
    match_id = create(probe, ["bot:easy"] * 3)["id"]
    response = probe.post(f"/api/matches/{match_id}/play/", {"card": card, "seq": 1},
                          format="json")
    assert "card" in error_of(response, 400)["fields"]
    assert Move.objects.filter(match_id=match_id).count() == 0


@pytest.mark.parametrize("key", ["short", "k" * 81, "key with spaces", "ключ-ключ-ключ"])
def test_an_idempotency_key_is_8_to_80_visible_ascii_characters(probe, key):
    match_id = create(probe, ["bot:easy"] * 3)["id"]
    response = probe.post(f"/api/matches/{match_id}/call/", {"call": 3, "seq": 1},
                          format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert error_of(response, 400)["code"] == "bad_idempotency_key"
    assert Move.objects.filter(match_id=match_id).count() == 0


@pytest.mark.parametrize(("path", "json_answer"), [("/api/auth/login/", True), ("/", False)])
def test_a_csrf_refusal_by_django_is_json_under_the_api_only(rf, path, json_answer):
    from django.conf import settings
    from django.middleware.csrf import CsrfViewMiddleware

    def guarded(request):
        raise AssertionError("the view ran without a CSRF token")

    request = rf.post(path, {}, secure=True)
    refused = CsrfViewMiddleware(guarded).process_view(request, guarded, (), {})
    assert settings.CSRF_FAILURE_VIEW == "core.api.csrf_failure"
    assert refused.status_code == 403
    if json_answer:
        assert error_of(refused, 403)["code"] == "csrf_failed"
    else:
        assert not refused["Content-Type"].startswith("application/json")
