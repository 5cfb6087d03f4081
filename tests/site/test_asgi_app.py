"""The ASGI application answers HTTP and completes an authenticated websocket handshake."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator, WebsocketCommunicator
from knox.models import AuthToken

from callbreak_site.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")


def test_http_request_to_the_api_root_is_answered():
    async def run():
        communicator = HttpCommunicator(
            application, "GET", "/api/", headers=[(b"host", b"localhost")]
        )
        return await communicator.get_response()

    response = async_to_sync(run)()
    assert response["status"] == 200
    assert json.loads(response["body"])["name"] == "Call Break online"


def test_websocket_handshake_with_a_token_is_accepted(owner):
    token = AuthToken.objects.create(user=owner)[1]

    async def run():
        communicator = WebsocketCommunicator(
            application, "/ws/",
            headers=[(b"host", b"localhost"), ORIGIN,
                     (b"authorization", f"Token {token}".encode())],
        )
        connected, _ = await communicator.connect()
        hello = await communicator.receive_json_from(timeout=5) if connected else None
        await communicator.disconnect()
        return connected, hello

    connected, hello = async_to_sync(run)()
    assert connected is True
    assert hello == {"type": "hello", "username": "owner"}


def test_websocket_without_credentials_is_closed():
    async def run():
        communicator = WebsocketCommunicator(
            application, "/ws/", headers=[(b"host", b"localhost"), ORIGIN]
        )
        connected, code = await communicator.connect()
        await communicator.disconnect()
        return connected, code

    connected, code = async_to_sync(run)()
    assert connected is False
    assert code == 4401


def test_websocket_from_a_foreign_origin_is_refused(owner):
    token = AuthToken.objects.create(user=owner)[1]

    async def run():
        communicator = WebsocketCommunicator(
            application, "/ws/",
            headers=[(b"host", b"localhost"), (b"origin", b"https://evil.example"),
                     (b"authorization", f"Token {token}".encode())],
        )
        connected, _ = await communicator.connect()
        await communicator.disconnect()
        return connected

    assert async_to_sync(run)() is False
