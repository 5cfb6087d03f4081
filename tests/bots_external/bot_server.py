"""A Smart Bots protocol bot server of the tests' own, with ways to misbehave."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from games.engine import Rules, legal_plays

STRICT = Rules.preset("standard")


def ours(card: str) -> str:
    return "A" + card[1] if card[0] == "1" else card


def theirs(card: str) -> str:
    return "1" + card[1] if card[0] == "A" else card


class BotServer:
    """Modes: ``good`` (legal, plays the lowest legal card), ``slow``, ``garbage``,
    ``illegal`` (names a card it does not hold), ``down`` (HTTP 500), ``secret`` (answers
    text of an internal service), ``created`` (HTTP 201). The bot lives under ``prefix``;
    ``hits`` records every request that reached the server, whatever its path."""

    SECRET = "internal-api-key-4f1d"

    def __init__(self, mode: str = "good", prefix: str = "") -> None:
        self.mode = mode
        self.prefix = prefix
        self.requests: list[tuple[str, dict]] = []
        self.hits: list[tuple[str, str, str]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        # Stopping waits for the serving loop's next look: a twentieth of a second, not half.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,),
                                        daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}"

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    def start(self) -> BotServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def answer(self, path: str, body: dict) -> tuple[int, bytes]:
        if not path.startswith(self.prefix + "/"):
            return 404, b"{}"
        path = path[len(self.prefix):]
        if path == "/hi":
            return 200, b'{"value": "hello"}'
        self.requests.append((path, body))
        if self.mode == "down":
            return 500, b"{}"
        if self.mode == "secret":
            return 200, json.dumps({"value": self.SECRET}).encode()
        if self.mode == "created":
            return 201, json.dumps({"value": 2}).encode()
        if self.mode == "garbage":
            return 200, b"{not json"
        if self.mode == "slow":
            time.sleep(3)
        if path == "/bid":
            return 200, json.dumps({"value": 2}).encode()
        hand = [ours(c) for c in body["cards"]]
        if self.mode == "illegal":
            return 200, json.dumps({"value": "1S" if "AS" not in hand else "2C"}).encode()
        first = not body["history"]
        legal = legal_plays(hand, [ours(c) for c in body["played"]], STRICT, first_trick=first)
        return 200, json.dumps({"value": theirs(sorted(legal)[0])}).encode()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self, status: int, payload: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_GET(self) -> None:  # noqa: N802
                server.hits.append(("GET", self.path, self.headers.get("Host", "")))
                self._reply(*server.answer(self.path, {}))

            def do_POST(self) -> None:  # noqa: N802
                server.hits.append(("POST", self.path, self.headers.get("Host", "")))
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                self._reply(*server.answer(self.path, body))

            def log_message(self, *args: object) -> None:
                return

        return Handler
