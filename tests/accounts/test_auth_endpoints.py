"""Register, token, login, logout and me — and every bad input they must refuse cleanly."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def register(api: APIClient, **body):
    return api.post("/api/auth/register/", body, format="json")


def test_register_answers_the_username_and_no_token(api):
    response = register(api, username="aasha", password=PASSWORD)
    assert response.status_code == 201
    assert response.json() == {"username": "aasha"}
    assert not AuthToken.objects.filter(user__username="aasha").exists()


def test_register_starts_a_browser_session(api):
    register(api, username="bikram", password=PASSWORD)
    assert api.get("/api/auth/me/").json()["username"] == "bikram"


def test_duplicate_username_is_refused_case_insensitively(api):
    assert register(api, username="Chandra", password=PASSWORD).status_code == 201
    response = APIClient().post(
        "/api/auth/register/", {"username": "chandra", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "username" in body["fields"]
    assert get_user_model().objects.filter(username__iexact="chandra").count() == 1


@pytest.mark.parametrize(
    "password", ["short", "password123", "12345678901", "deepak123", " " * 12, " \t \u3000" * 4],
    ids=["too-short", "common", "numeric", "like-username", "only-spaces", "only-white-space"],
)
def test_weak_passwords_are_refused_with_a_reason(api, password):
    response = register(api, username="deepak", password=password)
    assert response.status_code == 400
    assert "password" in response.json()["fields"]
    assert response.json()["fields"]["password"]
    assert not get_user_model().objects.filter(username="deepak").exists()


def test_every_field_is_refused_in_one_answer(api):
    register(api, username="farida", password=PASSWORD)
    before = get_user_model().objects.count()
    response = register(api, username="Farida", password="farida123", email="not an address")
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert set(fields) == {"username", "password", "email"}
    assert all(fields[name] for name in fields)
    assert get_user_model().objects.count() == before


def test_a_password_like_the_email_is_refused(api):
    response = register(api, username="hemant7", password="harinarayan",
                        email="harinarayan@example.com")
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"password"}


@pytest.mark.parametrize("body", [{}, {"username": "esha"}, {"password": PASSWORD}])
def test_missing_fields_are_named(api, body):
    response = api.post("/api/auth/register/", body, format="json")
    assert response.status_code == 400
    for field in {"username", "password"} - set(body):
        assert field in response.json()["fields"]


def test_reserved_and_malformed_usernames_are_refused(api):
    for name in ["bot_hard", "open", "has space", "x" * 31]:
        assert register(api, username=name, password=PASSWORD).status_code == 400


def test_token_endpoint_returns_a_working_token_for_this_device(api, owner):
    response = api.post(
        "/api/auth/token/", {"username": "owner", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == "owner"
    assert AuthToken.objects.filter(user=owner).count() == 1
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert client.get("/api/auth/me/").json()["username"] == "owner"


def test_wrong_password_and_unknown_user_get_the_same_answer(api, owner):
    wrong = api.post("/api/auth/token/", {"username": "owner", "password": "nope"}, format="json")
    unknown = api.post(
        "/api/auth/token/", {"username": "nobody", "password": PASSWORD}, format="json"
    )
    assert wrong.status_code == unknown.status_code == 400
    assert wrong.json() == unknown.json()
    assert "token" not in wrong.json()


def test_session_login_then_me_then_logout(api, owner):
    response = api.post(
        "/api/auth/login/", {"username": "owner", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert api.get("/api/auth/me/").json()["username"] == "owner"
    assert api.post("/api/auth/logout/").status_code == 204
    assert api.get("/api/auth/me/").status_code in (401, 403)


def test_token_logout_revokes_the_token(owner_api, owner):
    assert owner_api.post("/api/auth/logout/").status_code == 204
    assert not AuthToken.objects.filter(user=owner).exists()
    assert owner_api.get("/api/auth/me/").status_code == 401


def test_me_needs_authentication(api):
    response = api.get("/api/auth/me/")
    assert response.status_code in (401, 403)
    assert "code" in response.json()


def test_session_writes_need_a_csrf_token(owner):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.post("/api/auth/logout/").status_code == 403


def test_login_attempts_are_throttled(api, owner, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                   "auth": "3/min"},
    }
    codes = [
        api.post("/api/auth/token/", {"username": "owner", "password": "x"}, format="json")
        .status_code
        for _ in range(5)
    ]
    assert codes[:3] == [400, 400, 400]
    assert codes[3:] == [429, 429]


def test_admin_is_enabled(api):
    response = api.get("/admin/login/")
    assert response.status_code == 200
