"""The admin's sign-in is throttled like the API's, from the same budget; the admin's account
forms refuse username twins."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_a_minute(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                   "auth": "3/min"},
    }


def guess(client: Client) -> int:
    return client.post("/admin/login/", {"username": "owner", "password": "guess"}).status_code


def test_admin_sign_in_attempts_beyond_the_rate_get_429(owner, three_a_minute):
    client = Client()
    codes = [guess(client) for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    refused = client.post("/admin/login/", {"username": "owner", "password": "guess"})
    assert int(refused["Retry-After"]) > 0
    assert "Too many sign-in attempts" in refused.content.decode()


def test_the_admin_page_itself_still_shows(owner, three_a_minute):
    client = Client()
    for _ in range(4):
        guess(client)
    assert client.get("/admin/login/").status_code == 200


def test_api_and_admin_guesses_share_one_budget(api, owner, three_a_minute):
    for _ in range(3):
        api.post("/api/auth/token/", {"username": "owner", "password": "x"}, format="json")
    assert guess(Client()) == 429


def test_a_right_password_within_the_rate_signs_in(owner, three_a_minute):
    owner.is_staff = True
    owner.save()
    response = Client().post("/admin/login/?next=/admin/",
                             {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/admin/"


@pytest.fixture
def staff_client(owner) -> Client:
    owner.is_staff = owner.is_superuser = True
    owner.save()
    client = Client()
    client.force_login(owner)
    return client


def test_the_admin_cannot_add_a_twin(staff_client, member):
    response = staff_client.post("/admin/auth/user/add/", {
        "username": "ＭＥＭＢＥＲ", "password1": PASSWORD, "password2": PASSWORD,
        "usable_password": "true"})
    assert response.status_code == 200
    assert "That username is taken." in response.content.decode()
    assert get_user_model().objects.count() == 2


def test_the_admin_cannot_rename_an_account_to_a_twin(staff_client, owner, member):
    response = staff_client.post(f"/admin/auth/user/{member.pk}/change/", {
        "username": "Owner", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
        "initial-date_joined_0": "2026-01-01", "initial-date_joined_1": "00:00:00",
        "is_active": "on"})
    assert response.status_code == 200
    assert "That username is taken." in response.content.decode()
    member.refresh_from_db()
    assert member.username == "member"


def test_the_admin_adds_an_account_in_normal_form(staff_client):
    response = staff_client.post("/admin/auth/user/add/", {
        "username": "Ｐｒｉｙａ", "password1": PASSWORD, "password2": PASSWORD,
        "usable_password": "true"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert get_user_model().objects.filter(username="Priya").exists()
