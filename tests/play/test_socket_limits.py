"""The socket's bounds: only the site's own origin, small shallow text frames, a message rate
per connection and a number of open sockets per user; each breach closes with its code."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from callbreak_site.asgi import application
from notifications.socket import CloseCode, json_depth
from notifications.socket_slots import socket_slot_take
from tests.conftest import needs_services, socket_with, token_of

pytestmark = pytest.mark.django_db(transaction=True)


def run(make_coroutine):
    """Run the coroutine that ``make_coroutine()`` returns in an event loop of its own."""
    async def main():
        return await make_coroutine()

    return async_to_sync(main)()


def socket_from(origin: str | None, token: str, host: str = "localhost:8000",
                scheme: str = "ws") -> WebsocketCommunicator:
    headers = [(b"host", host.encode()), (b"authorization", f"Token {token}".encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    communicator = WebsocketCommunicator(application, "/ws/", headers=headers)
    communicator.scope["scheme"] = scheme
    return communicator


async def opened(communicator: WebsocketCommunicator) -> bool:
    connected, _ = await communicator.connect(timeout=5)
    if connected:
        hello = await communicator.receive_output(timeout=5)
        connected = hello["type"] == "websocket.send"
    await communicator.disconnect()
    return connected


@pytest.mark.parametrize(("origin", "host", "scheme", "accepted"), [
    ("http://localhost:8000", "localhost:8000", "ws", True),
    ("http://localhost:9999", "localhost:8000", "ws", False),
    ("http://localhost", "localhost:8000", "ws", False),
    ("https://localhost:8000", "localhost:8000", "ws", False),
    ("https://localhost", "localhost", "wss", True),
    ("http://localhost", "localhost", "wss", False),
    ("http://127.0.0.1:8000", "localhost:8000", "ws", False),
    ("http://localhost.evil.example:8000", "localhost:8000", "ws", False),
    ("http://evil.example:8000", "evil.example:8000", "ws", False),
    ("null", "localhost:8000", "ws", False),
    ("http://localhost:8000/path", "localhost:8000", "ws", False),
    (None, "localhost:8000", "ws", False),
])
def test_only_the_sites_own_origin_may_open_a_socket(owner, origin, host, scheme, accepted):
    token = token_of(owner)
    assert run(lambda: opened(socket_from(origin, token, host, scheme))) is accepted


def test_a_trusted_origin_is_compared_exactly(owner, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://app.example"]
    token = token_of(owner)
    assert run(lambda: opened(socket_from("https://app.example", token))) is True
    assert run(lambda: opened(socket_from("https://app.example:444", token))) is False
    assert run(lambda: opened(socket_from("http://app.example", token))) is False


async def close_code_after(token: str, frames: list[dict]) -> tuple[int, list[dict]]:
    """Send ``frames`` (``{"text": ...}`` or ``{"bytes": ...}``) and collect what comes back
    until the server closes; the close code, and the messages before it."""
    communicator = socket_with(token)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    await communicator.receive_json_from(timeout=5)  # hello
    for frame in frames:
        await communicator.send_to(text_data=frame.get("text"), bytes_data=frame.get("bytes"))
    answers = []
    while True:
        output = await communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            await communicator.disconnect()
            return output.get("code"), answers
        answers.append(json.loads(output["text"]))


@pytest.fixture
def token(owner) -> str:
    return token_of(owner)


@pytest.mark.parametrize(("frame", "code", "reason"), [
    ({"text": json.dumps({"type": "ping", "pad": "x" * 4100})}, CloseCode.FRAME_TOO_BIG,
     "frame over 4 KB"),
    ({"bytes": b'{"type": "ping"}'}, CloseCode.BINARY_FRAME, "binary frame"),
    ({"text": '{"type": "ping", "x": [[[[[[1]]]]]]}'}, CloseCode.BAD_NESTING,
     "JSON nested too deeply"),
    ({"text": "[" * 3000 + "]" * 3000}, CloseCode.FRAME_TOO_BIG, "frame over 4 KB"),
    ({"text": "[" * 2000 + "]" * 2000}, CloseCode.BAD_NESTING, "JSON nested too deeply"),
], ids=["too-big", "binary", "deep", "deep-and-big", "very-deep"])
def test_a_frame_out_of_bounds_closes_the_socket_with_its_code_and_one_log_line(
        token, caplog, frame, code, reason):
    with caplog.at_level(logging.WARNING, logger="notifications.socket"):
        closed_with, answers = run(lambda: close_code_after(token, [frame]))
    assert closed_with == code
    assert answers == []
    [record] = [r for r in caplog.records if r.name == "notifications.socket"]
    assert reason in record.getMessage() and str(code) in record.getMessage()
    assert record.exc_info is None
    assert not [r for r in caplog.records if r.exc_info]


def test_a_frame_within_bounds_is_answered_and_the_socket_stays_open(token):
    shallow = json.dumps({"type": "ping", "pad": "x" * 3900, "x": [[{"a": 1}]]})

    async def scenario():
        communicator = socket_with(token)
        await communicator.connect(timeout=5)
        await communicator.receive_json_from(timeout=5)  # hello
        answers = []
        for text in (shallow, "not json", '{"type": "ping"}'):
            await communicator.send_to(text_data=text)
            answers.append((await communicator.receive_json_from(timeout=5))["type"])
        await communicator.disconnect()
        return answers

    assert run(scenario) == ["pong", "error", "pong"]


def test_a_socket_that_sends_too_fast_is_closed(token, settings):
    settings.WEBSOCKET_MESSAGE_BURST = 10
    settings.WEBSOCKET_MESSAGES_PER_MINUTE = 60
    pings = [{"text": '{"type": "ping"}'}] * 200
    closed_with, answers = run(lambda: close_code_after(token, pings))
    assert closed_with == CloseCode.TOO_FAST
    assert 10 <= len(answers) <= 12
    assert {a["type"] for a in answers} == {"pong"}


def test_the_budget_refills_at_the_steady_rate(token, settings):
    settings.WEBSOCKET_MESSAGE_BURST = 2
    settings.WEBSOCKET_MESSAGES_PER_MINUTE = 600  # one every 0.1 s

    async def paced():
        communicator = socket_with(token)
        await communicator.connect(timeout=5)
        await communicator.receive_json_from(timeout=5)
        for _ in range(10):
            await communicator.send_json_to({"type": "ping"})
            assert (await communicator.receive_json_from(timeout=5))["type"] == "pong"
            await asyncio.sleep(0.15)
        await communicator.disconnect()

    run(paced)


def test_a_user_may_hold_only_so_many_sockets_and_a_closed_one_frees_its_place(
        token, settings):
    settings.WEBSOCKET_MAX_PER_USER = 3

    async def scenario():
        sockets = [socket_with(token) for _ in range(3)]
        for communicator in sockets:
            assert (await communicator.connect(timeout=5))[0]
            assert (await communicator.receive_json_from(timeout=5))["type"] == "hello"
        extra = socket_with(token)
        assert (await extra.connect(timeout=5))[0]
        refused = await extra.receive_output(timeout=5)
        await extra.disconnect()
        await sockets[0].disconnect()
        again = socket_with(token)
        await again.connect(timeout=5)
        hello = await again.receive_json_from(timeout=5)
        for communicator in [*sockets[1:], again]:
            await communicator.disconnect()
        return refused, hello

    refused, hello = run(scenario)
    assert refused == {"type": "websocket.close", "code": CloseCode.TOO_MANY_SOCKETS}
    assert hello["type"] == "hello"


def test_places_held_by_a_server_that_died_lapse_by_themselves(owner, token, settings):
    settings.WEBSOCKET_MAX_PER_USER = 2
    settings.PRESENCE_TTL_SECONDS = 1

    async def scenario():
        for number in range(2):  # what a crashed server leaves behind: places nobody frees
            assert await socket_slot_take(user_id=owner.id, holder=f"gone-{number}")
        blocked = socket_with(token)
        await blocked.connect(timeout=5)
        refused = await blocked.receive_output(timeout=5)
        await blocked.disconnect()
        await asyncio.sleep(1.5)
        later = socket_with(token)
        await later.connect(timeout=5)
        hello = await later.receive_json_from(timeout=5)
        await later.disconnect()
        return refused, hello

    refused, hello = run(scenario)
    assert refused["code"] == CloseCode.TOO_MANY_SOCKETS
    assert hello["type"] == "hello"


def test_json_depth_counts_brackets_outside_strings_only():
    assert json_depth('{"type": "ping"}') == 1
    assert json_depth('{"a": "[[[[[[{{{{"}') == 1
    assert json_depth('{"a": "\\"[[[[[["}') == 1
    assert json_depth('[[{"a": [1]}]]') == 4


@needs_services
def test_a_real_server_refuses_another_port_of_its_own_host(live_server_url, owner):
    url = live_server_url.replace("http", "ws") + "/ws/"
    headers = {"Authorization": f"Token {token_of(owner)}"}
    other_port = live_server_url.rsplit(":", 1)[0] + ":9999"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=other_port, additional_headers=headers, open_timeout=10)
    assert refused.value.response.status_code == 403
    with connect(url, origin=live_server_url, additional_headers=headers,
                 open_timeout=10) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"


@needs_services
def test_a_real_client_sees_the_close_code(live_server_url, owner):
    url = live_server_url.replace("http", "ws") + "/ws/"
    with connect(url, origin=live_server_url, open_timeout=10,
                 additional_headers={"Authorization": f"Token {token_of(owner)}"}) as ws:
        assert json.loads(ws.recv(10))["type"] == "hello"
        ws.send(b"\x00\x01")
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(10)
    assert closed.value.rcvd.code == CloseCode.BINARY_FRAME
