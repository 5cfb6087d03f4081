"""API tokens: one per device, each expiring and each revocable on its own; signing out here
leaves the other devices signed in, signing out everywhere ends them all."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from accounts.services.devices import MAX_TOKENS_PER_USER
from callbreak_site.asgi import application
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

CREDENTIALS = {"username": "owner", "password": PASSWORD}


def signed_in_with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def new_device(api: APIClient) -> APIClient:
    response = api.post("/api/auth/token/", CREDENTIALS, format="json")
    assert response.status_code == 200, response.content
    return signed_in_with_token(response.json()["token"])


def browser(owner) -> APIClient:
    client = APIClient()
    assert client.post("/api/auth/login/", CREDENTIALS, format="json").status_code == 200
    return client


def me(client: APIClient) -> int:
    return client.get("/api/auth/me/").status_code


def test_each_sign_in_is_a_token_of_its_own(api, owner):
    tokens = [api.post("/api/auth/token/", CREDENTIALS, format="json").json()["token"]
              for _ in range(2)]
    assert tokens[0] != tokens[1]
    assert AuthToken.objects.filter(user=owner).count() == 2
    assert [me(signed_in_with_token(token)) for token in tokens] == [200, 200]


def test_the_oldest_tokens_beyond_the_cap_are_revoked(api, owner, settings):
    # More sign-ins of one account than its hourly limit of tries allows.
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "sign_in_account": None}}
    first = new_device(api)
    for _ in range(MAX_TOKENS_PER_USER - 1):
        new_device(api)
    assert me(first) == 200
    newest = new_device(api)
    assert AuthToken.objects.filter(user=owner).count() == MAX_TOKENS_PER_USER
    assert me(first) == 401
    assert me(newest) == 200


def test_only_a_hash_of_the_token_is_stored(api, owner):
    token = api.post("/api/auth/token/", CREDENTIALS, format="json").json()["token"]
    stored = AuthToken.objects.get(user=owner)
    assert token not in (stored.digest, stored.token_key)


def test_a_token_expires_after_the_configured_time(api, owner, settings):
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_TTL": timedelta(hours=2)}
    before = timezone.now()
    body = api.post("/api/auth/token/", CREDENTIALS, format="json").json()
    expiry = AuthToken.objects.get(user=owner).expiry
    assert before + timedelta(hours=2) <= expiry <= timezone.now() + timedelta(hours=2)
    assert body["expiry"] is not None

    device = signed_in_with_token(body["token"])
    assert me(device) == 200
    AuthToken.objects.filter(user=owner).update(expiry=timezone.now() - timedelta(seconds=1))
    refused = device.get("/api/auth/me/")
    assert (refused.status_code, refused.json()["code"]) == (401, "authentication_failed")


def test_tokens_expire_by_default(settings):
    assert timedelta(0) < settings.REST_KNOX["TOKEN_TTL"] <= timedelta(days=90)


def test_token_logout_signs_out_this_device_only(api, owner):
    phone, laptop = new_device(api), new_device(api)
    session = browser(owner)
    assert phone.post("/api/auth/logout/").status_code == 204
    assert me(phone) == 401
    assert me(laptop) == 200
    assert me(session) == 200


def test_browser_logout_leaves_the_tokens_valid(api, owner):
    device = new_device(api)
    session = browser(owner)
    assert session.post("/api/auth/logout/").status_code == 204
    assert me(session) in (401, 403)
    assert me(device) == 200


def test_sign_out_everywhere_revokes_every_token_and_session(api, owner, member):
    phone, laptop = new_device(api), new_device(api)
    home, work = browser(owner), browser(owner)
    someone_else = APIClient()
    assert someone_else.post("/api/auth/login/", {"username": "member", "password": PASSWORD},
                             format="json").status_code == 200
    other_device = signed_in_with_token(AuthToken.objects.create(user=member)[1])

    assert phone.post("/api/auth/logout-everywhere/").status_code == 204
    assert [me(c) for c in (phone, laptop)] == [401, 401]
    assert me(home) in (401, 403) and me(work) in (401, 403)
    assert not AuthToken.objects.filter(user=owner).exists()
    assert me(someone_else) == me(other_device) == 200


def test_sign_out_everywhere_from_a_browser(api, owner):
    device = new_device(api)
    home = browser(owner)
    assert home.post("/api/auth/logout-everywhere/").status_code == 204
    assert me(home) in (401, 403)
    assert me(device) == 401


def test_sign_out_everywhere_needs_a_sign_in(api):
    response = api.post("/api/auth/logout-everywhere/")
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"


def test_unknown_and_inactive_tokens_are_refused_with_a_reason(owner):
    for bad in ["0" * 64, "\u00e9" * 64]:
        unknown = signed_in_with_token(bad).get("/api/auth/me/")
        assert (unknown.status_code, unknown.json()["detail"]) == (401, "Invalid token.")
    token = AuthToken.objects.create(user=owner)[1]
    owner.is_active = False
    owner.save()
    inactive = signed_in_with_token(token).get("/api/auth/me/")
    assert (inactive.status_code, inactive.json()["detail"]) == (401, "User inactive or deleted.")


@pytest.mark.django_db(transaction=True)
def test_a_revoked_token_opens_no_socket(owner):
    instance, token = AuthToken.objects.create(user=owner)
    instance.delete()

    async def run():
        communicator = WebsocketCommunicator(application, "/ws/", headers=[
            (b"host", b"localhost"), (b"origin", b"http://localhost"),
            (b"authorization", f"Token {token}".encode())])
        connected, code = await communicator.connect()
        await communicator.disconnect()
        return connected, code

    assert async_to_sync(run)() == (False, 4401)
