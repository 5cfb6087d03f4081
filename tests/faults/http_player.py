"""A player talking to a real server over HTTP and its websocket."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from knox.models import AuthToken
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


class HttpPlayer:
    """The calls of ``APIClient`` that ``tests.api.helpers`` uses, sent over the network."""

    def __init__(self, base_url: str, user) -> None:
        self.base_url = base_url
        self.token = AuthToken.objects.create(user=user)[1]
        self.http = httpx.Client(base_url=base_url, timeout=15,
                                 headers={"Authorization": f"Token {self.token}"})

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def post(self, path: str, data: Any = None, format: str = "json",  # noqa: A002
             **_: Any) -> httpx.Response:
        return self.http.post(path, json=data)

    @contextmanager
    def socket(self) -> Iterator[ClientConnection]:
        with connect(self.base_url.replace("http", "ws") + "/ws/", origin=self.base_url,
                     additional_headers={"Authorization": f"Token {self.token}"},
                     open_timeout=10) as ws:
            assert json.loads(ws.recv(10))["type"] == "hello"
            yield ws


@contextmanager
def steady_socket(player: HttpPlayer, attempts: int = 5) -> Iterator[ClientConnection]:
    """A socket that answers a ping, reconnecting (as the app does, with backoff) while the
    server drops it — e.g. once per stale broker connection after a Redis restart."""
    for attempt in range(attempts):
        stack = ExitStack()
        try:
            ws = stack.enter_context(player.socket())
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(10))["type"] == "pong"
        except ConnectionClosed:
            stack.close()
            time.sleep(0.2 * 2 ** attempt)
            continue
        with stack:
            yield ws
        return
    raise AssertionError(f"no socket stayed open in {attempts} attempts")


def views_until(ws: ClientConnection, match_id: int, seq: int, timeout: float = 30) -> dict:
    """Read the socket until it carries this match's view at ``seq`` or later."""
    while True:
        message = json.loads(ws.recv(timeout))
        if message["type"] == "match.view" and message["match"]["id"] == match_id \
                and message["match"]["seq"] >= seq:
            return message["match"]
