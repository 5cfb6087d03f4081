"""Sockets outlive the credentials (finding): a socket opened with a token or a browser
session kept receiving a player's views, and delivered their reactions, after that token was
revoked or that session ended. Now each sign-out closes the sockets it ends with 4403, over a
real websocket to a live server."""

from __future__ import annotations

import json
from contextlib import ExitStack
from importlib import import_module

import httpx
import pytest
from django.conf import global_settings, settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from knox.models import AuthToken
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from accounts.models import SignedInSession
from core.realtime import credentials_key
from notifications.socket import CloseCode
from tests.conftest import PASSWORD, make_user, needs_services

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]
NEW_PASSWORD = "a-new-Passw0rd-for-2026"


@pytest.fixture(autouse=True)
def _servers_password_hashing(settings):
    """Passwords here are checked by the live server, which hashes as the site does."""
    settings.PASSWORD_HASHERS = global_settings.PASSWORD_HASHERS


@pytest.fixture
def sockets():
    """Opens signed-in sockets to a server, and closes whichever are left at the end."""
    with ExitStack() as stack:
        def open_socket(url: str, *, token: str | None = None,
                        session_key: str | None = None) -> ClientConnection:
            headers = {"Authorization": f"Token {token}"} if token else {
                "Cookie": f"{settings.SESSION_COOKIE_NAME}={session_key}"}
            ws = stack.enter_context(connect(url.replace("http", "ws") + "/ws/", origin=url,
                                             additional_headers=headers, open_timeout=10))
            assert json.loads(ws.recv(10))["type"] == "hello"
            return ws

        yield open_socket


def close_code(ws: ClientConnection, timeout: float = 10) -> int | None:
    """The code the server closes ``ws`` with, waiting up to ``timeout``; None if it stays
    open (a ping is answered)."""
    try:
        ws.send(json.dumps({"type": "ping"}))
        while True:
            if json.loads(ws.recv(timeout))["type"] == "pong":
                return None
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def closed_by_server(ws: ClientConnection, timeout: float = 10) -> int | None:
    """Wait (without sending) for the server to close ``ws``; its code, or None."""
    try:
        while True:
            ws.recv(timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    except TimeoutError:
        return None


def api(url: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=15, headers={"Authorization": f"Token {token}"})


def browser_session(user) -> str:
    """A browser session signed in as ``user``, as Django's login leaves one."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    SignedInSession.objects.create(user=user, session_key=session.session_key)
    return session.session_key


def test_a_password_change_closes_the_other_devices_sockets(live_server_url, sockets):
    """Sockets outlive the credentials: a password change revokes the other tokens, and their
    sockets close; the device that changed it keeps its own."""
    user = make_user("indra")
    first, second = AuthToken.objects.create(user=user)[1], AuthToken.objects.create(user=user)[1]
    kept, revoked = sockets(live_server_url, token=first), sockets(live_server_url,
                                                                           token=second)
    answer = api(live_server_url, first).post(
        "/api/auth/password/", json={"old_password": PASSWORD, "password": NEW_PASSWORD})
    assert answer.status_code == 200, answer.text
    assert closed_by_server(revoked) == CloseCode.SIGNED_OUT == 4403
    assert close_code(kept) is None


def test_signing_out_everywhere_closes_token_and_session_sockets(live_server_url, sockets):
    """Sockets outlive the credentials: after sign-out everywhere a react over the old socket
    was delivered; now every socket of the account closes."""
    user = make_user("kiran")
    token = AuthToken.objects.create(user=user)[1]
    by_token = sockets(live_server_url, token=token)
    by_session = sockets(live_server_url, session_key=browser_session(user))
    other = make_user("other")
    bystander = sockets(live_server_url, token=AuthToken.objects.create(user=other)[1])
    assert api(live_server_url, token).post("/api/auth/logout-everywhere/").status_code == 204
    assert closed_by_server(by_token) == 4403
    assert closed_by_server(by_session) == 4403
    assert close_code(bystander) is None


def test_revoking_one_token_closes_only_its_sockets(live_server_url, sockets):
    """Sockets outlive the credentials: signing one device out ends that device's socket."""
    user = make_user("jamuna")
    first, second = AuthToken.objects.create(user=user)[1], AuthToken.objects.create(user=user)[1]
    signed_out, staying = sockets(live_server_url, token=first), sockets(
        live_server_url, token=second)
    assert api(live_server_url, first).post("/api/auth/logout/").status_code == 204
    assert closed_by_server(signed_out) == 4403
    assert close_code(staying) is None


def test_a_password_reset_closes_every_socket(live_server_url, sockets):
    """Sockets outlive the credentials: a password set from a reset link ends every socket."""
    user = make_user("ganga")
    ws = sockets(live_server_url, token=AuthToken.objects.create(user=user)[1])
    answer = httpx.post(f"{live_server_url}/api/auth/password-reset/confirm/", json={
        "uid": urlsafe_base64_encode(force_bytes(user.pk)),
        "token": default_token_generator.make_token(user), "password": NEW_PASSWORD})
    assert answer.status_code == 200, answer.text
    assert closed_by_server(ws) == 4403


def test_deleting_the_account_closes_its_sockets(live_server_url, sockets):
    """Sockets outlive the credentials: a deleted account's sockets close."""
    user = make_user("yamuna")
    token = AuthToken.objects.create(user=user)[1]
    ws = sockets(live_server_url, token=token)
    answer = api(live_server_url, token).post("/api/auth/delete/", json={"password": PASSWORD})
    assert answer.status_code == 204, answer.text
    assert closed_by_server(ws) == 4403


def test_a_socket_checks_its_token_when_used_after_a_revocation(live_server_url, sockets):
    """Sockets outlive the credentials: should the close notice be lost, the socket checks
    its credential at the next message it gets once the account's credentials changed."""
    user = make_user("sindhu")
    token = AuthToken.objects.create(user=user)[1]
    ws = sockets(live_server_url, token=token)
    AuthToken.objects.filter(user=user).delete()  # no notice is sent from here
    assert close_code(ws, timeout=3) is None  # the count did not move: not checked yet
    cache.add(credentials_key(user.pk), 0)
    cache.incr(credentials_key(user.pk))
    assert close_code(ws) == 4403
