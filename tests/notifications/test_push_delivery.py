"""``push_to_user`` against a real (local) push service, decrypted as the browser would."""

from __future__ import annotations

import logging
import socket
import time

import pytest
from cryptography.exceptions import InvalidTag

from notifications.models import PushSubscription
from notifications.services.push import push_to_user, vapid_public_key
from tests.notifications.browser import Browser, vapid_claims
from tests.notifications.conftest import subscribe

pytestmark = pytest.mark.django_db


def notify(user, *, kind: str = "turn", match_id: int | None = 42) -> int:
    return push_to_user(
        user_id=user.pk,
        kind=kind,
        title="Your turn",
        body="Asha led the K♠. Play a card.",
        url=f"/matches/{match_id}/",
        match_id=match_id,
    )


def test_a_turn_push_arrives_encrypted_for_the_subscribed_browser(
    owner, owner_api, push_service, browser
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))

    assert notify(owner) == 1

    [message] = push_service.received_at("owner-phone")
    assert message.headers["content-encoding"] == "aes128gcm"
    assert "K♠".encode() not in message.body
    assert browser.decrypt_json(message.body) == {
        "title": "Your turn",
        "body": "Asha led the K♠. Play a card.",
        "url": "/matches/42/",
        "tag": "match-42",
        "match_id": 42,
        "kind": "turn",
    }
    assert message.headers["ttl"] == "43200"
    assert message.headers["topic"] == "match-42"
    assert message.headers["urgency"] == "high"
    assert PushSubscription.objects.get(user=owner).last_success_at is not None


def test_another_browser_cannot_read_the_push(owner, owner_api, push_service, browser):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    notify(owner)

    [message] = push_service.received
    with pytest.raises(InvalidTag):
        Browser().decrypt(message.body)


def test_the_push_is_signed_with_vapid_for_this_push_service(
    owner, owner_api, push_service, browser
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    notify(owner)

    [message] = push_service.received
    claims = vapid_claims(message.headers["authorization"], public_key=vapid_public_key())
    assert claims["aud"] == push_service.origin
    assert claims["sub"] == "mailto:admin@localhost"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600


@pytest.mark.parametrize("kind", ["deadline", "finished"])
def test_other_kinds_carry_their_kind_and_are_not_urgent(
    kind, owner, owner_api, push_service, browser
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))

    assert notify(owner, kind=kind, match_id=7) == 1

    [message] = push_service.received
    payload = browser.decrypt_json(message.body)
    assert (payload["kind"], payload["tag"], payload["match_id"]) == (kind, "match-7", 7)
    assert "urgency" not in message.headers


def test_ttl_comes_from_settings(settings, owner, owner_api, push_service, browser):
    settings.PUSH_TTL = 600
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    notify(owner)
    assert push_service.received[0].headers["ttl"] == "600"


@pytest.mark.parametrize("kind", ["turn", "deadline", "finished"])
def test_a_kind_switched_off_sends_nothing_of_that_kind(
    kind, owner, owner_api, push_service, browser
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    response = owner_api.patch("/api/me/settings/", {f"notify_{kind}": False}, format="json")
    assert response.status_code == 200

    assert notify(owner, kind=kind) == 0
    assert push_service.received == []

    other_kind = next(other for other in ("turn", "deadline", "finished") if other != kind)
    assert notify(owner, kind=other_kind) == 1


def test_every_browser_of_the_player_gets_its_own_copy_and_nobody_else_does(
    owner, owner_api, member_api, push_service
):
    phone, laptop, members_phone = Browser(), Browser(), Browser()
    subscribe(owner_api, phone, push_service.endpoint("owner-phone"))
    subscribe(owner_api, laptop, push_service.endpoint("owner-laptop"))
    subscribe(member_api, members_phone, push_service.endpoint("member-phone"))

    assert notify(owner) == 2

    [to_phone] = push_service.received_at("owner-phone")
    [to_laptop] = push_service.received_at("owner-laptop")
    assert phone.decrypt_json(to_phone.body)["tag"] == "match-42"
    assert laptop.decrypt_json(to_laptop.body)["tag"] == "match-42"
    assert push_service.received_at("member-phone") == []


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_no_longer_knows_is_deleted(
    status, owner, owner_api, push_service
):
    gone, alive = Browser(), Browser()
    subscribe(owner_api, gone, push_service.endpoint("old-phone"))
    subscribe(owner_api, alive, push_service.endpoint("new-phone"))
    push_service.answer("old-phone", status)

    assert notify(owner) == 1

    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        push_service.endpoint("new-phone")
    ]


def test_a_push_service_error_keeps_the_subscription_and_logs_no_content(
    owner, owner_api, push_service, browser, caplog
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    push_service.answer("owner-phone", 500)

    with caplog.at_level(logging.INFO, logger="notifications.services.push"):
        assert notify(owner) == 0

    subscription = PushSubscription.objects.get(user=owner)
    assert subscription.last_success_at is None
    assert "500" in caplog.text and "turn" in caplog.text and "42" in caplog.text
    assert "Your turn" not in caplog.text and "K♠" not in caplog.text


def test_an_unreachable_push_service_does_not_raise(owner, owner_api, browser):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    subscribe(owner_api, browser, f"http://127.0.0.1:{closed_port}/push/nobody-listens")

    assert notify(owner) == 0
    assert PushSubscription.objects.filter(user=owner).exists()


def test_a_player_without_subscriptions_gets_nothing(owner, push_service):
    assert notify(owner) == 0
    assert push_service.received == []


def test_a_push_about_no_particular_match_is_tagged_by_kind(
    owner, owner_api, push_service, browser
):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    notify(owner, kind="finished", match_id=None)

    [message] = push_service.received
    payload = browser.decrypt_json(message.body)
    assert (payload["tag"], payload["match_id"]) == ("callbreak-finished", None)


def test_an_unknown_kind_is_a_programming_error(owner):
    with pytest.raises(ValueError, match="kind"):
        notify(owner, kind="gossip")
