"""A push service on 127.0.0.1 that records what it receives and answers as told."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]  # names in lower case
    body: bytes
    method: str = "POST"


class LocalPushService:
    """Accepts every message with 201 unless ``answer`` chose another status for a path, or
    ``redirect`` sends it elsewhere. Every request is recorded, whatever its method."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self._statuses: dict[str, int] = {}
        self._redirects: dict[str, str] = {}
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        # Stopping waits for the serving loop's next look: a twentieth of a second, not half.
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,),
                                        daemon=True)

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def answer(self, name: str, status: int) -> None:
        self._statuses[f"/push/{name}"] = status

    def redirect(self, name: str, to_path: str) -> None:
        self._redirects[f"/push/{name}"] = to_path

    def received_at(self, name: str) -> list[Received]:
        return [message for message in self.received if message.path == f"/push/{name}"]

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.do_POST()

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {name.lower(): value for name, value in self.headers.items()}
                service.received.append(Received(self.path, headers, body, self.command))
                status = service._statuses.get(self.path, 201)
                redirect = service._redirects.get(self.path)
                if redirect is not None:
                    status = 302
                self.send_response(status)
                if redirect is not None:
                    self.send_header("Location", f"{service.origin}{redirect}")
                elif status == 201:
                    self.send_header("Location", f"{service.origin}/message/{len(body)}")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:
                return

        return Handler
