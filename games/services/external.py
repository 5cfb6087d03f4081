"""External bot seats: HTTP bots speaking the 2022 "Smart Bots" Callbreak protocol.

The seat's own view is translated into the protocol's bid and play requests (cards at this
boundary are written ``1S`` for the ace of spades). A late, unreachable, malformed or illegal
answer never stalls the match: the built-in bot plays instead and the move records why.
Requests go only to the URL the match creator named, on an allowed host, without redirects.
"""

from __future__ import annotations

import random
import secrets
from typing import Any
from urllib.parse import urlparse

import httpx
from django.conf import settings

from games.engine import MatchState, view_for
from games.engine.bots import decide
from games.models import Match, Move, Seat

FALLBACK_LEVEL = "normal"


def to_protocol(card: str) -> str:
    """``AS`` → ``1S``: the protocol writes the ace as 1."""
    return ("1" + card[1]) if card[0] == "A" else card


def from_protocol(card: Any) -> str | None:
    """``1S`` → ``AS``; None for anything that is not a card code."""
    if not isinstance(card, str) or len(card) != 2:
        return None
    card = card.upper()
    rank = "A" if card[0] == "1" else card[0]
    if rank not in "23456789TJQKA" or card[1] not in "SHCD":
        return None
    return rank + card[1]


def host_allowed(url: str) -> bool:
    host = (urlparse(url).hostname or "").lower()
    allowed = settings.EXTERNAL_BOT_HOSTS
    return bool(host) and ("*" in allowed or host in allowed)


def bot_health_check(*, url: str) -> bool:
    """``GET /hi`` answers 200 with JSON."""
    if not host_allowed(url):
        return False
    try:
        response = httpx.get(f"{url}/hi", timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS,
                             follow_redirects=False)
        response.json()
    except (httpx.HTTPError, ValueError):
        return False
    return response.status_code == 200


def protocol_request(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """The bid or play request for ``seat``, built from that seat's view alone."""
    ids = [f"P{s}" for s in range(4)]
    body: dict[str, Any] = {
        "playerId": ids[seat],
        "playerIds": ids,
        "cards": [to_protocol(c) for c in view["hand"]],
        "context": {
            "round": view["hand_number"],
            "players": {
                ids[s]: {"totalPoints": view["scores"][s] / 10, "bid": view["calls"][s] or 0,
                         "won": view["tricks_won"][s]}
                for s in range(4)
            },
        },
    }
    if view["phase"] == "playing":
        body["timeBudget"] = int(settings.EXTERNAL_BOT_TIMEOUT_SECONDS * 1000)
        body["played"] = [to_protocol(p["card"]) for p in view["trick"]]
        body["history"] = [
            [t["leader"], [to_protocol(p["card"]) for p in t["cards"]], t["winner"]]
            for t in view["tricks"]
        ]
    return body


def external_choice(*, match: Match, seat: Seat,
                    state: MatchState) -> tuple[dict[str, Any], str, str]:
    """Ask the seat's bot; fall back to the built-in bot with the reason on any failure."""
    view = view_for(state, seat.number)
    bidding = view["phase"] == "bidding"
    answer, problem = _ask(seat.external_url, "bid" if bidding else "play",
                           protocol_request(view, seat.number))
    if problem is None:
        value = answer if bidding else from_protocol(answer)
        if bidding and (isinstance(value, bool) or not isinstance(value, int)):
            problem = f"answered {answer!r}, not a call"
        elif value not in view["legal"]:
            problem = f"answered {answer!r}, which is not a legal {'call' if bidding else 'card'}"
        else:
            kind = "call" if bidding else "card"
            action = {"type": "call" if bidding else "play", "seat": seat.number, kind: value}
            return action, Move.MadeBy.EXTERNAL, ""
    rng = random.Random(secrets.randbits(64))
    action = decide(view, seat=seat.number, level=FALLBACK_LEVEL, rng=rng,
                    budget_ms=settings.BOT_BUDGET_MS)
    return action, Move.MadeBy.FALLBACK, f"external bot {problem}; built-in bot played"


def _ask(url: str, path: str, body: dict[str, Any]) -> tuple[Any, str | None]:
    if not host_allowed(url):
        return None, "is on a host that is not allowed"
    try:
        response = httpx.post(f"{url}/{path}", json=body, follow_redirects=False,
                              timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
    except httpx.TimeoutException:
        return None, "did not answer in time"
    except httpx.HTTPError:
        return None, "could not be reached"
    if response.status_code != 200:
        return None, f"answered HTTP {response.status_code}"
    try:
        data = response.json()
    except ValueError:
        return None, "answered malformed JSON"
    if not isinstance(data, dict) or "value" not in data:
        return None, "answered without a value"
    return data["value"], None
