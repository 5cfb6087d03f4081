"""Push fixtures: a VAPID key of the test's own, a local push service and browsers."""

from __future__ import annotations

import pytest

from tests.notifications.browser import Browser
from tests.notifications.push_service import LocalPushService


@pytest.fixture(autouse=True)
def _own_vapid_key(settings, tmp_path):
    """Each test signs with a key generated in its own directory, never the developer's."""
    settings.VAR_DIR = tmp_path
    settings.VAPID_PRIVATE_KEY = ""
    settings.VAPID_SUBJECT = "mailto:admin@localhost"
    settings.PUSH_TTL = 12 * 3600
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = True


@pytest.fixture
def push_service():
    service = LocalPushService()
    service.start()
    yield service
    service.stop()


@pytest.fixture
def browser() -> Browser:
    return Browser()


def subscribe(client, browser: Browser, endpoint: str) -> None:
    response = client.post("/api/push/subscribe/", browser.subscription(endpoint), format="json")
    assert response.status_code == 201, response.json()
