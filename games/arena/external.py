"""Outside bots in the arena: seats given by URL, asked over the same protocol code as the
live external seats (``games.engine.protocol``), through ``core.outbound``.

Arena URLs must be loopback addresses: the arena runs bots on this machine. Like a live
seat, a late, malformed or illegal answer is replaced by the normal bot, and counted.
"""

from __future__ import annotations

import random
from typing import Any

from core import outbound
from games.bot_http import ask_bot
from games.engine.bots import decide
from games.engine.protocol import NOT_ALLOWED, protocol_action, protocol_request

LOOPBACK = ("127.0.0.0/8", "::1", "localhost")
FALLBACK_LEVEL = "normal"


def is_url(seat: str) -> bool:
    """Whether an arena seat names an outside bot rather than a level."""
    return seat.startswith(("http://", "https://"))


def check_url(url: str) -> outbound.Destination:
    """The checked loopback destination of an arena bot; ``outbound.Refused`` otherwise."""
    return outbound.destination_check(url, allowed=LOOPBACK)


def external_decide(url: str, view: dict[str, Any], seat: int, *, timeout: float,
                    rng: random.Random) -> tuple[dict[str, Any], str | None]:
    """The bot's action for ``seat``, or the normal bot's and the reason it stood in."""
    name = "bid" if view["phase"] == "bidding" else "play"
    body = protocol_request(view, seat, deadline_seconds=timeout)
    try:
        answer, problem = ask_bot(check_url(url), name, body, timeout=timeout)
    except outbound.Refused:
        answer, problem = None, NOT_ALLOWED
    if problem is None:
        action, problem = protocol_action(view, seat, answer)
        if action is not None:
            return action, None
    return decide(view, seat=seat, level=FALLBACK_LEVEL, rng=rng), problem
