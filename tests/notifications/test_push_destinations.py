"""A push goes to the push service the browser named and nowhere else: no redirects followed,
host names resolved and checked before connecting, https only in production."""

from __future__ import annotations

import logging
import os
import secrets
import socket

import pytest

from notifications.models import PushSubscription
from notifications.services.push import push_subscription_save, push_to_user
from tests.conftest import run_fresh
from tests.notifications.conftest import subscribe

pytestmark = pytest.mark.django_db


def notify(user) -> int:
    return push_to_user(user_id=user.pk, kind="turn", title="Your turn", body="Play a card.",
                        url="/m/42", match_id=42)


@pytest.fixture
def listener():
    """A bare loopback port that counts the connections made to it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    yield sock
    sock.close()


def connections_to(sock: socket.socket) -> int:
    count = 0
    while True:
        try:
            accepted, _ = sock.accept()
        except BlockingIOError:
            return count
        accepted.close()
        count += 1


@pytest.fixture
def resolving_to_loopback(monkeypatch):
    """``push.test`` resolves to 127.0.0.1, as a hostile or mistaken DNS answer might."""
    real = socket.getaddrinfo

    def lookup(host, port, *args, **kwargs):
        if host == "push.test":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)


def test_a_redirect_from_the_push_service_is_not_followed(owner, owner_api, push_service,
                                                         browser, caplog):
    subscribe(owner_api, browser, push_service.endpoint("owner-phone"))
    push_service.redirect("owner-phone", "/internal/api/v1/keys")

    with caplog.at_level(logging.WARNING, logger="notifications.services.push"):
        assert notify(owner) == 0

    assert [(m.method, m.path) for m in push_service.received] == [("POST", "/push/owner-phone")]
    assert "HTTP 302" in caplog.text
    assert PushSubscription.objects.filter(user=owner).exists()


def test_a_host_name_that_resolves_inside_is_not_connected_to(
        owner, owner_api, browser, settings, listener, resolving_to_loopback, caplog):
    port = listener.getsockname()[1]
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False
    subscribe(owner_api, browser, f"https://push.test:{port}/push/owner-phone")

    with caplog.at_level(logging.WARNING, logger="notifications.services.push"):
        assert notify(owner) == 0

    assert connections_to(listener) == 0
    assert "address_not_allowed" in caplog.text


def test_the_checked_address_is_the_one_connected_to(owner, browser, push_service,
                                                     settings, resolving_to_loopback):
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True
    port = push_service.origin.rsplit(":", 1)[1]
    keys = browser.subscription("unused")["keys"]
    push_subscription_save(user=owner, endpoint=f"http://push.test:{port}/push/owner-phone",
                           p256dh=keys["p256dh"], auth=keys["auth"])

    # With local push services allowed, the loopback address push.test resolves to is let
    # through, and the request carries the name it was sent for.
    assert notify(owner) == 1
    [message] = push_service.received
    assert message.headers["host"] == f"push.test:{port}"


def test_production_never_allows_plain_http_endpoints(tmp_path):
    probe = """
        import json
        import django
        from django.conf import settings
        django.setup()
        print(json.dumps(settings.PUSH_ALLOW_INSECURE_ENDPOINTS))
    """
    env = dict(os.environ, PRODUCTION="1", SECRET_KEY=secrets.token_urlsafe(60),
               VAR_DIR=str(tmp_path), ALLOWED_HOSTS="callbreak.example",
               PUSH_ALLOW_INSECURE_ENDPOINTS="1", DJANGO_SETTINGS_MODULE="callbreak_site.settings")
    assert run_fresh(probe, env) is False
    assert run_fresh(probe, dict(env, PRODUCTION="0", ALLOWED_HOSTS="localhost")) is True


@pytest.mark.parametrize("endpoint", [
    "https://push.example.net/send/abc#fragment",
    "https://user:pass@push.example.net/send/abc",
    "https://push.example.net/send/abc\r\nX-Injected: 1",
])
def test_an_endpoint_with_a_fragment_credentials_or_a_line_break_is_refused(owner_api, browser,
                                                                            endpoint):
    response = owner_api.post("/api/push/subscribe/", browser.subscription(endpoint),
                              format="json")
    assert response.status_code == 400
    assert "endpoint" in response.json()["fields"]
    assert not PushSubscription.objects.exists()
