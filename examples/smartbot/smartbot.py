"""smartbot: an outside Call Break bot speaking the 2022 "Smart Bots" HTTP protocol.

It plays the project's ``normal`` policy: each request is turned back into the seat's view
(everything the seat may know) and handed to ``games.engine.bots.decide``. A bot author can
keep the HTTP and translation parts and replace ``choose`` with their own thinking.

    python examples/smartbot/smartbot.py --port 9101

Run it from a checkout with the project installed (it imports ``games.engine``; no Django).
It keeps no state between requests, yet the host still gives it one seat per process: a
tournament bot that keeps its game in memory needs one process per seat.
"""

from __future__ import annotations

import argparse
import json
import random
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from games.engine import Rules, legal_plays
from games.engine.bots import decide
from games.engine.protocol import from_protocol

LEVEL = "normal"


def view_of(body: dict[str, Any], *, bidding: bool) -> dict[str, Any]:
    """The seat's view (as ``games.engine.view_for`` writes it) rebuilt from a request."""
    ids = body["playerIds"]
    seat = ids.index(body["playerId"])
    rules = Rules.from_dict(body.get("rules") or {"preset": "standard"})
    players = [body["context"]["players"].get(p, {}) for p in ids]
    hand = [from_protocol(c) for c in body["cards"]]
    calls = [p.get("bid") or None for p in players]
    tricks = [_trick(start, cards, winner) for start, cards, winner in body.get("history", [])]
    played = [from_protocol(c) for c in body.get("played", [])]
    leader = (seat - len(played)) % 4
    # The first caller and the first leader both sit left of the dealer.
    if bidding:
        dealer = (seat - sum(c is not None for c in calls) - 1) % 4
    else:
        dealer = ((tricks[0]["leader"] if tricks else leader) - 1) % 4
    done = len(tricks)
    sizes = [13 - done - (1 if (s - leader) % 4 < len(played) else 0) for s in range(4)]
    sizes[seat] = len(hand)
    if bidding:
        legal: list[Any] = list(range(rules.min_call, rules.max_call + 1))
    else:
        broken = any(c[1] == "S" for t in tricks for c in _cards(t)) or any(
            c[1] == "S" for c in played)
        legal = sorted(legal_plays(hand, played, rules, first_trick=not tricks,
                                   spades_broken=broken))
    return {
        "seat": seat, "phase": "bidding" if bidding else "playing",
        "hand_number": body["context"].get("round", 1), "hands": rules.hands,
        "dealer": dealer, "turn": seat, "hand_sizes": sizes, "calls": calls,
        "tricks_won": [p.get("won", 0) for p in players],
        "trick": [{"seat": (leader + k) % 4, "card": c} for k, c in enumerate(played)],
        "tricks": tricks, "scores": [round(10 * p.get("totalPoints", 0)) for p in players],
        "rules": rules.to_dict(), "hand": hand, "legal": legal,
    }


def _trick(start: int, cards: list[str], winner: int) -> dict[str, Any]:
    return {"leader": start, "winner": winner,
            "cards": [{"seat": (start + k) % 4, "card": from_protocol(c)}
                      for k, c in enumerate(cards)]}


def _cards(trick: dict[str, Any]) -> list[str]:
    return [p["card"] for p in trick["cards"]]


def choose(body: dict[str, Any], *, bidding: bool) -> int | str:
    """The call (an int) or the card (in the protocol's notation) for a request."""
    view = view_of(body, bidding=bidding)
    action = decide(view, seat=view["seat"], level=LEVEL, rng=random.Random())
    if bidding:
        return action["call"]
    card = action["card"]
    return ("1" + card[1]) if card[0] == "A" else card


class Handler(BaseHTTPRequestHandler):
    """``GET /hi``, ``POST /bid`` and ``POST /play``; anything else is a 404."""

    def do_GET(self) -> None:  # noqa: N802 - the standard library's name
        if self.path.rstrip("/") == "/hi":
            self._answer(200, {"value": "hello from smartbot"})
        else:
            self._answer(404, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802
        name = self.path.rstrip("/")
        if name not in ("/bid", "/play"):
            self._answer(404, {"error": "not found"})
            return
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            value = choose(body, bidding=name == "/bid")
        except (ValueError, KeyError, TypeError, IndexError):
            self._answer(400, {"error": "malformed request"})
            return
        self._answer(200, {"value": value})

    def _answer(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        return  # one line per card would drown the terminal


def main() -> None:
    parser = argparse.ArgumentParser(description="A Smart Bots protocol Call Break bot.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9101)
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print(f"smartbot ({LEVEL}) on http://{args.host}:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
