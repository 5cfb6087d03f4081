"""An optional email, confirmed by a mailed link; a password reset by email (Django's own
tokens), sent only to a confirmed address; a password change. Every answer is the same whether
or not an account or an address exists."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.models import Account
from tests.conftest import PASSWORD, make_user, token_of

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "another-Long-phrase-42"


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def confirm_email(client: APIClient, address: str) -> None:
    assert client.post("/api/auth/email/", {"email": address}, format="json").status_code == 202
    token = link_in(mail.outbox[-1]).rsplit("/confirm-email/", 1)[1]
    response = APIClient().post("/api/auth/email/confirm/", {"token": token}, format="json")
    assert response.status_code == 200, response.content


def ask_reset(address: str):
    return APIClient().post("/api/auth/password-reset/", {"email": address}, format="json")


def test_a_new_email_is_confirmed_by_the_mailed_link(owner, owner_api):
    response = owner_api.post("/api/auth/email/", {"email": "owner@example.com"}, format="json")
    assert response.status_code == 202
    assert "owner@example.com" in response.json()["detail"]
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["owner@example.com"]
    assert "/confirm-email/" in link_in(mail.outbox[0])
    assert owner_api.get("/api/auth/me/").json()["email_confirmed"] is False

    token = link_in(mail.outbox[0]).rsplit("/confirm-email/", 1)[1]
    assert APIClient().post("/api/auth/email/confirm/", {"token": token},
                            format="json").status_code == 200
    me = owner_api.get("/api/auth/me/").json()
    assert me["email"] == "owner@example.com" and me["email_confirmed"] is True


def test_a_changed_email_is_unconfirmed_and_an_old_link_no_longer_works(owner, owner_api):
    confirm_email(owner_api, "owner@example.com")
    old_token = link_in(mail.outbox[-1]).rsplit("/confirm-email/", 1)[1]
    owner_api.post("/api/auth/email/", {"email": "new@example.com"}, format="json")
    assert owner_api.get("/api/auth/me/").json()["email_confirmed"] is False
    response = APIClient().post("/api/auth/email/confirm/", {"token": old_token}, format="json")
    assert response.status_code == 400
    assert "token" in response.json()["fields"]
    assert Account.objects.get(user=owner).confirmed_email == "owner@example.com"


@pytest.mark.parametrize("token", ["nonsense", "eyJ1c2VyIjoxfQ:1abc:forged"])
def test_a_forged_confirmation_link_is_refused(owner, token):
    response = APIClient().post("/api/auth/email/confirm/", {"token": token}, format="json")
    assert response.status_code == 400
    assert Account.objects.get(user=owner).confirmed_email == ""


def test_a_bad_email_is_refused_and_nothing_is_sent(owner_api):
    response = owner_api.post("/api/auth/email/", {"email": "not an address"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert mail.outbox == []


def test_password_reset_by_email_end_to_end(owner, owner_api):
    confirm_email(owner_api, "owner@example.com")
    device = token_of(owner)
    mail.outbox.clear()

    response = ask_reset("OWNER@example.com")
    assert response.status_code == 202
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["owner@example.com"]
    uid, token = re.search(r"/reset-password/([^/\s]+)/([^/\s]+)",
                           mail.outbox[0].body).groups()

    done = APIClient().post("/api/auth/password-reset/confirm/",
                            {"uid": uid, "token": token, "password": NEW_PASSWORD},
                            format="json")
    assert done.status_code == 200, done.content
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD) and not owner.check_password(PASSWORD)
    # Every device signed in before the reset is signed out.
    assert not AuthToken.objects.filter(user=owner).exists()
    assert client_for_token(device).get("/api/auth/me/").status_code == 401
    # A link works once.
    again = APIClient().post("/api/auth/password-reset/confirm/",
                             {"uid": uid, "token": token, "password": "third-Long-phrase-9"},
                             format="json")
    assert again.status_code == 400


def client_for_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_a_reset_answer_never_tells_whether_the_address_is_known(owner, owner_api):
    confirm_email(owner_api, "owner@example.com")
    make_user("unconfirmed").__class__.objects.filter(username="unconfirmed").update(
        email="plain@example.com")
    mail.outbox.clear()
    answers = [ask_reset(a) for a in ["owner@example.com", "nobody@example.com",
                                      "plain@example.com"]]
    assert {a.status_code for a in answers} == {202}
    assert len({a.content for a in answers}) == 1
    # Only the confirmed address gets a mail.
    assert [m.to for m in mail.outbox] == [["owner@example.com"]]


def test_a_reset_with_a_bad_link_or_a_weak_password_changes_nothing(owner, owner_api):
    confirm_email(owner_api, "owner@example.com")
    ask_reset("owner@example.com")
    uid, token = re.search(r"/reset-password/([^/\s]+)/([^/\s]+)",
                           mail.outbox[-1].body).groups()
    for body in [{"uid": uid, "token": "1-forged", "password": NEW_PASSWORD},
                 {"uid": "nope", "token": token, "password": NEW_PASSWORD},
                 {"uid": uid, "token": token, "password": "123"}]:
        response = APIClient().post("/api/auth/password-reset/confirm/", body, format="json")
        assert response.status_code == 400
        assert response.json()["code"] == "invalid"
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)


def test_password_resets_are_throttled(settings, owner):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "account": "3/hour"}}
    assert [ask_reset("x@example.com").status_code for _ in range(4)] == [202, 202, 202, 429]


def test_a_password_change_signs_the_other_devices_out(owner):
    this_device, other_device = token_of(owner), token_of(owner)
    client = client_for_token(this_device)
    wrong = client.post("/api/auth/password/", {"old_password": "guess",
                                                "password": NEW_PASSWORD}, format="json")
    assert wrong.status_code == 400 and "old_password" in wrong.json()["fields"]
    weak = client.post("/api/auth/password/", {"old_password": PASSWORD, "password": "owner"},
                       format="json")
    assert weak.status_code == 400 and "password" in weak.json()["fields"]
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)

    done = client.post("/api/auth/password/", {"old_password": PASSWORD,
                                               "password": NEW_PASSWORD}, format="json")
    assert done.status_code == 200
    owner.refresh_from_db()
    assert owner.check_password(NEW_PASSWORD)
    assert client.get("/api/auth/me/").status_code == 200
    assert client_for_token(other_device).get("/api/auth/me/").status_code == 401


def test_a_browser_session_survives_its_own_password_change(owner):
    client = APIClient()
    client.login(username="owner", password=PASSWORD)
    assert client.post("/api/auth/password/", {"old_password": PASSWORD,
                                               "password": NEW_PASSWORD},
                       format="json").status_code == 200
    assert client.get("/api/auth/me/").status_code == 200


def test_email_at_sign_up_is_unconfirmed_until_its_link_is_opened():
    client = APIClient()
    client.post("/api/auth/register/", {"username": "sagar", "password": PASSWORD,
                                        "email": "s@example.com"}, format="json")
    assert client.get("/api/auth/me/").json()["email_confirmed"] is False
    assert mail.outbox[0].to == ["s@example.com"] and "/confirm-email/" in mail.outbox[0].body
