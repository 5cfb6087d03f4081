"""External bot seats: HTTP bots speaking the 2022 "Smart Bots" Callbreak protocol.

The seat's own view is translated into the protocol's bid and play requests (cards at this
boundary are written ``1S`` for the ace of spades). A late, unreachable, malformed or illegal
answer never stalls the match: the built-in bot plays instead and the move records one of the
fixed ``REASONS``, never the bot's own words or status (they would echo whatever the address
answered). Every request is checked and pinned by ``callbreak_site.outbound``: only hosts in
``EXTERNAL_BOT_HOSTS``, no redirects.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from django.conf import settings

from callbreak_site import outbound
from games.engine import MatchState, view_for
from games.engine.bots import decide
from games.models import Match, Move, Seat

FALLBACK_LEVEL = "normal"
TIMEOUT = "timeout"
UNREACHABLE = "unreachable"
NOT_ALLOWED = "not allowed"
BAD_ANSWER = "bad answer"
ILLEGAL_CALL = "illegal call"
ILLEGAL_CARD = "illegal card"
REASONS = (TIMEOUT, UNREACHABLE, NOT_ALLOWED, BAD_ANSWER, ILLEGAL_CALL, ILLEGAL_CARD)


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


def bot_destination(url: str) -> outbound.Destination:
    """The checked destination of a bot's base URL; ``outbound.Refused`` when it may not be
    asked (``EXTERNAL_BOT_HOSTS`` empty switches external seats off)."""
    if not settings.EXTERNAL_BOT_HOSTS:
        raise outbound.Refused("external_bots_off", "External bots are switched off here.")
    return outbound.destination_check(url, allowed=settings.EXTERNAL_BOT_HOSTS)


def bot_health_check(*, destination: outbound.Destination) -> bool:
    """``GET /hi`` answers 200 with JSON."""
    try:
        answer = outbound.send(destination, method="GET", path=_path(destination, "hi"),
                               timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
        json.loads(answer.body)
    except (outbound.Unreachable, ValueError):
        return False
    return answer.status == 200


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
            problem = BAD_ANSWER
        elif value not in view["legal"]:
            problem = ILLEGAL_CALL if bidding else ILLEGAL_CARD
        else:
            kind = "call" if bidding else "card"
            action = {"type": "call" if bidding else "play", "seat": seat.number, kind: value}
            return action, Move.MadeBy.EXTERNAL, ""
    rng = random.Random(secrets.randbits(64))
    action = decide(view, seat=seat.number, level=FALLBACK_LEVEL, rng=rng,
                    budget_ms=settings.BOT_BUDGET_MS)
    return action, Move.MadeBy.FALLBACK, f"external bot: {problem}; the built-in bot played"


def _ask(url: str, name: str, body: dict[str, Any]) -> tuple[Any, str | None]:
    """The bot's ``value`` for the request ``name``, or None and one of ``REASONS``."""
    try:
        destination = bot_destination(url)
        answer = outbound.send(destination, method="POST", path=_path(destination, name),
                               json=body, timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
    except outbound.Refused:
        return None, NOT_ALLOWED
    except outbound.Unreachable as failure:
        return None, TIMEOUT if failure.timed_out else UNREACHABLE
    if answer.status != 200:
        return None, BAD_ANSWER
    try:
        data = json.loads(answer.body)
    except ValueError:
        return None, BAD_ANSWER
    if not isinstance(data, dict) or "value" not in data:
        return None, BAD_ANSWER
    return data["value"], None


def _path(destination: outbound.Destination, name: str) -> str:
    """The protocol's ``/hi``, ``/bid`` or ``/play`` under the bot's own path."""
    return f"{destination.path.rstrip('/')}/{name}"
