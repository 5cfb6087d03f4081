"""Client addresses you can trust: every anonymous rate limit counts the address the request
came from, and a forwarded address only from a configured proxy (FORWARDED_ALLOW_IPS)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator

from callbreak_site.asgi import application, router, trusting_proxies
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

WRONG = {"username": "owner", "password": "wrong"}


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def _forwarded(n: int) -> list[str]:
    return [f"203.0.113.{n}", f"spoofed{n}, 127.0.0.1", f"198.51.100.{n}, 203.0.113.{n}"]


def test_rotating_x_forwarded_for_after_a_429_on_sign_in_still_gets_429(api, owner, settings):
    """Finding: every anonymous rate limit is keyed on a header the client writes. After
    /api/auth/token/ answers 429, the same request with X-Forwarded-For: 203.0.113.N (or the
    proxy-appended "spoofed, 127.0.0.1") went through, then 200 with the right password."""
    _rates(settings, auth="5/min", sign_in_account="1000/min")
    codes = [api.post("/api/auth/token/", WRONG, format="json").status_code for _ in range(5)]
    assert codes == [400] * 5
    rotated = [api.post("/api/auth/token/", WRONG, format="json",
                        HTTP_X_FORWARDED_FOR=forwarded).status_code
               for n in range(1, 9) for forwarded in _forwarded(n)]
    assert rotated == [429] * len(rotated)
    right = api.post("/api/auth/token/", {"username": "owner", "password": PASSWORD},
                     format="json", HTTP_X_FORWARDED_FOR="203.0.113.200")
    assert right.status_code == 429


def test_rotating_x_forwarded_for_after_a_429_on_guest_start_still_gets_429(api, settings):
    """Finding: /api/auth/guest/ past its rate went through with a rotated X-Forwarded-For."""
    _rates(settings, guest="3/hour")
    codes = [api.post("/api/auth/guest/").status_code for _ in range(3)]
    assert codes == [201] * 3
    rotated = []
    for n in range(1, 6):
        for forwarded in _forwarded(n):
            api.logout()
            rotated.append(api.post("/api/auth/guest/",
                                    HTTP_X_FORWARDED_FOR=forwarded).status_code)
    assert rotated == [429] * len(rotated)


def test_sign_in_tries_at_one_username_are_bounded_across_addresses(api, owner, settings):
    """Finding: per-address limits alone give an attacker with many addresses unbounded
    guesses; sign-in tries per username stand beside them."""
    _rates(settings, auth="1000/min", sign_in_account="4/hour")
    codes = [api.post("/api/auth/token/", WRONG, format="json",
                      REMOTE_ADDR=f"192.0.2.{n}").status_code for n in range(1, 9)]
    assert codes == [400] * 4 + [429] * 4
    # Case and width give no fresh tries; the right password waits too.
    assert api.post("/api/auth/token/", {"username": "ＯＷＮＥＲ", "password": PASSWORD},
                    format="json", REMOTE_ADDR="192.0.2.99").status_code == 429
    # Another account is not locked by it.
    other = api.post("/api/auth/token/", {"username": "member", "password": "wrong"},
                     format="json", REMOTE_ADDR="192.0.2.1")
    assert other.status_code == 400


def _token_tries(app, client: str, forwarded: str | None) -> int:
    headers = [(b"host", b"localhost"), (b"content-type", b"application/json")]
    if forwarded is not None:
        headers.append((b"x-forwarded-for", forwarded.encode()))

    async def run():
        communicator = HttpCommunicator(app, "POST", "/api/auth/token/",
                                        body=json.dumps(WRONG).encode(), headers=headers)
        communicator.scope["client"] = (client, 40000)
        return await communicator.get_response()

    return async_to_sync(run)()["status"]


def test_with_no_proxy_configured_the_asgi_application_ignores_x_forwarded_for(owner,
                                                                              settings):
    """Finding: X-Forwarded-For is believed from anyone. With FORWARDED_ALLOW_IPS empty (the
    default) the application counts the connecting address only."""
    assert settings.FORWARDED_ALLOW_IPS == []
    _rates(settings, auth="3/min", sign_in_account="1000/min")
    assert [_token_tries(application, "127.0.0.1", None) for _ in range(3)] == [400] * 3
    rotated = [_token_tries(application, "127.0.0.1", forwarded)
               for n in range(1, 5) for forwarded in _forwarded(n)]
    assert rotated == [429] * len(rotated)


def test_behind_a_trusted_proxy_the_client_it_names_is_counted(owner, settings):
    """Trusted proxies: uvicorn's reading of X-Forwarded-For and the throttles agree. The
    proxy's appended address is the client; what the client wrote before it is not."""
    app = trusting_proxies(router, ["10.0.0.1"])
    _rates(settings, auth="3/min", sign_in_account="1000/min")
    tries = [_token_tries(app, "10.0.0.1", f"spoofed{n}, 198.51.100.7") for n in range(5)]
    assert tries == [400] * 3 + [429] * 2
    assert _token_tries(app, "10.0.0.1", "198.51.100.8") == 400
    # A client that is not the proxy cannot name someone else.
    assert _token_tries(app, "198.51.100.7", "198.51.100.9") == 429
