"""The push key, subscribe, unsubscribe and notification settings endpoints."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from notifications.models import NotificationSettings, PushSubscription
from notifications.services.push import MAX_SUBSCRIPTIONS_PER_USER
from tests.notifications.browser import Browser, b64url, unb64url
from tests.notifications.conftest import subscribe

pytestmark = pytest.mark.django_db

ENDPOINT = "https://push.example.net/send/abc123"


def test_the_public_key_is_an_uncompressed_p256_point_and_stays_the_same(owner_api, member_api):
    first = owner_api.get("/api/push/key/")
    assert first.status_code == 200
    key = first.json()["public_key"]
    assert "=" not in key
    point = unb64url(key)
    assert len(point) == 65 and point[0] == 0x04
    assert owner_api.get("/api/push/key/").json() == {"public_key": key}
    assert member_api.get("/api/push/key/").json() == {"public_key": key}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/push/key/"),
        ("post", "/api/push/subscribe/"),
        ("post", "/api/push/unsubscribe/"),
        ("get", "/api/me/settings/"),
        ("patch", "/api/me/settings/"),
    ],
)
def test_signed_out_visitors_are_refused(method, path):
    response = getattr(APIClient(), method)(path, {}, format="json")
    assert response.status_code in (401, 403)


def test_subscribing_stores_the_browser_keys(owner, owner_api, browser):
    response = owner_api.post(
        "/api/push/subscribe/",
        browser.subscription(ENDPOINT),
        format="json",
        HTTP_USER_AGENT="Mozilla/5.0 (Android 14; Mobile)",
    )

    assert response.status_code == 201
    assert response.json()["endpoint"] == ENDPOINT
    subscription = PushSubscription.objects.get()
    assert subscription.user == owner
    assert unb64url(subscription.p256dh) == browser.public_point
    assert unb64url(subscription.auth) == browser.auth_secret
    assert subscription.user_agent == "Mozilla/5.0 (Android 14; Mobile)"


def test_padded_keys_are_accepted_and_stored_unpadded(owner_api, browser):
    body = browser.subscription(ENDPOINT)
    body["keys"] = {key: value + "=" * (-len(value) % 4) for key, value in body["keys"].items()}
    assert owner_api.post("/api/push/subscribe/", body, format="json").status_code == 201
    subscription = PushSubscription.objects.get()
    assert "=" not in subscription.p256dh + subscription.auth


def test_subscribing_the_same_endpoint_again_replaces_the_keys(owner_api):
    subscribe(owner_api, Browser(), ENDPOINT)
    renewed = Browser()
    subscribe(owner_api, renewed, ENDPOINT)

    subscription = PushSubscription.objects.get()
    assert unb64url(subscription.p256dh) == renewed.public_point


def test_an_endpoint_subscribed_by_the_next_player_on_that_browser_moves_to_them(
    owner_api, member, member_api, browser
):
    subscribe(owner_api, browser, ENDPOINT)
    subscribe(member_api, browser, ENDPOINT)
    assert PushSubscription.objects.get().user == member


def test_only_the_newest_subscriptions_of_a_player_are_kept(owner, owner_api):
    for number in range(MAX_SUBSCRIPTIONS_PER_USER + 2):
        subscribe(owner_api, Browser(), f"{ENDPOINT}/{number}")

    kept = set(PushSubscription.objects.filter(user=owner).values_list("endpoint", flat=True))
    assert kept == {f"{ENDPOINT}/{number}" for number in range(2, MAX_SUBSCRIPTIONS_PER_USER + 2)}


def _valid_keys() -> dict:
    return Browser().subscription(ENDPOINT)["keys"]


POINT_NOT_ON_CURVE = b64url(b"\x04" + b"\x01" * 64)
COMPRESSED_LENGTH_POINT = b64url(b"\x02" + b"\x01" * 64)


@pytest.mark.parametrize(
    ("change", "field_path"),
    [
        ({"endpoint": None}, ["endpoint"]),
        ({"endpoint": "not a url"}, ["endpoint"]),
        ({"endpoint": "http://push.example.net/send/abc"}, ["endpoint"]),
        ({"endpoint": "ftp://push.example.net/send/abc"}, ["endpoint"]),
        ({"endpoint": "https://10.0.0.5/send/abc"}, ["endpoint"]),
        ({"endpoint": "https://169.254.169.254/latest"}, ["endpoint"]),
        ({"endpoint": "http://127.0.0.2:9/push/x"}, ["endpoint"]),
        ({"endpoint": "https://push.example.net/" + "x" * 500}, ["endpoint"]),
        ({"keys": None}, ["keys"]),
        ({"keys": {"auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, ["keys", "p256dh"]),
        ({"keys": {**_valid_keys(), "p256dh": b64url(b"\x04" + b"\x01" * 31)}}, ["keys", "p256dh"]),
        ({"keys": {**_valid_keys(), "p256dh": "BAD+KEY/" * 11}}, ["keys", "p256dh"]),
        ({"keys": {**_valid_keys(), "p256dh": POINT_NOT_ON_CURVE}}, ["keys", "p256dh"]),
        ({"keys": {**_valid_keys(), "p256dh": COMPRESSED_LENGTH_POINT}}, ["keys", "p256dh"]),
        ({"keys": {**_valid_keys(), "auth": b64url(b"\x00" * 15)}}, ["keys", "auth"]),
        ({"keys": {**_valid_keys(), "auth": b64url(b"\x00" * 17)}}, ["keys", "auth"]),
        ({"keys": {**_valid_keys(), "auth": "!!!!!!!!!!!!!!!!!!!!!!"}}, ["keys", "auth"]),
    ],
    ids=[
        "endpoint-missing",
        "endpoint-not-a-url",
        "endpoint-plain-http",
        "endpoint-ftp",
        "endpoint-private-address",
        "endpoint-link-local-address",
        "endpoint-other-loopback",
        "endpoint-too-long",
        "keys-missing",
        "p256dh-missing",
        "p256dh-too-short",
        "p256dh-not-base64url",
        "p256dh-not-on-the-curve",
        "p256dh-not-uncompressed",
        "auth-too-short",
        "auth-too-long",
        "auth-not-base64url",
    ],
)
def test_a_malformed_subscription_is_refused_with_the_field_at_fault(
    change, field_path, owner_api, browser
):
    body = {**browser.subscription(ENDPOINT), **change}
    body = {key: value for key, value in body.items() if value is not None}

    response = owner_api.post("/api/push/subscribe/", body, format="json")

    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "invalid"
    assert error["detail"]
    fields = error["fields"]
    for name in field_path:
        fields = fields[name]
    assert fields
    assert not PushSubscription.objects.exists()


def test_a_local_push_service_needs_the_insecure_endpoints_setting(settings, owner_api, browser):
    endpoint = "http://127.0.0.1:8901/push/local"
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False
    refused = owner_api.post("/api/push/subscribe/", browser.subscription(endpoint), format="json")
    assert refused.status_code == 400
    assert "endpoint" in refused.json()["fields"]

    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True
    subscribe(owner_api, browser, endpoint)
    subscribe(owner_api, Browser(), "http://localhost:8901/push/local")


def test_unsubscribing_forgets_the_subscription(owner_api, browser):
    subscribe(owner_api, browser, ENDPOINT)

    response = owner_api.post("/api/push/unsubscribe/", {"endpoint": ENDPOINT}, format="json")

    assert response.status_code == 204
    assert not PushSubscription.objects.exists()
    again = owner_api.post("/api/push/unsubscribe/", {"endpoint": ENDPOINT}, format="json")
    assert again.status_code == 204


def test_another_player_cannot_unsubscribe_mine(owner, owner_api, outsider_api, browser):
    subscribe(owner_api, browser, ENDPOINT)

    response = outsider_api.post("/api/push/unsubscribe/", {"endpoint": ENDPOINT}, format="json")

    assert response.status_code == 204
    assert PushSubscription.objects.get().user == owner


def test_unsubscribing_needs_an_endpoint(owner_api):
    response = owner_api.post("/api/push/unsubscribe/", {}, format="json")
    assert response.status_code == 400
    assert "endpoint" in response.json()["fields"]


def test_notification_settings_start_all_on(owner, owner_api):
    response = owner_api.get("/api/me/settings/")
    assert response.status_code == 200
    assert response.json() == {
        "notify_turn": True,
        "notify_deadline": True,
        "notify_finished": True,
    }
    assert NotificationSettings.objects.filter(user=owner).exists()


def test_patching_one_switch_leaves_the_others(owner_api, member_api):
    response = owner_api.patch("/api/me/settings/", {"notify_deadline": False}, format="json")
    assert response.status_code == 200
    expected = {"notify_turn": True, "notify_deadline": False, "notify_finished": True}
    assert response.json() == expected
    assert owner_api.get("/api/me/settings/").json() == expected
    assert member_api.get("/api/me/settings/").json()["notify_deadline"] is True


def test_a_switch_must_be_true_or_false(owner_api):
    response = owner_api.patch("/api/me/settings/", {"notify_turn": "sometimes"}, format="json")
    assert response.status_code == 400
    assert "notify_turn" in response.json()["fields"]
    assert owner_api.get("/api/me/settings/").json()["notify_turn"] is True


def test_an_endpoint_longer_than_its_bound_is_refused_even_when_trimming_would_fit_it(
        owner_api, browser):
    subscribe(owner_api, browser, ENDPOINT)
    # The schema bounds what is sent (500 characters); blanks around it count.
    response = owner_api.post("/api/push/unsubscribe/", {"endpoint": "\r" + "a" * 500},
                              format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid", response.json()
    assert "500" in str(response.json())
    assert PushSubscription.objects.count() == 1
