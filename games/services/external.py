"""External bot seats: HTTP bots speaking the 2022 "Smart Bots" Callbreak protocol.

The seat's own view is translated into the protocol's bid and play requests by
``games.engine.protocol`` (the arena uses the same translation). A late, unreachable,
malformed or illegal answer never stalls the match: the built-in bot plays instead and the
move records one of the fixed ``games.engine.protocol.REASONS``, never the bot's own words or
status (they would echo whatever the address answered). Every request is checked and pinned
by ``core.outbound``: only hosts in ``EXTERNAL_BOT_HOSTS``, no redirects.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from core import outbound
from games.bot_http import ask_bot, bot_path
from games.engine import MatchState, Rules, view_for
from games.engine.bots import decide
from games.engine.protocol import NOT_ALLOWED, protocol_action, protocol_request
from games.models import Match, Move, Seat

FALLBACK_LEVEL = "normal"
# Rules the tournament's bots were written for: its standard rules, any number of hands, the
# table drawn either way round.
TOURNAMENT_RULES = Rules.preset("standard")


def external_rules_warnings(*, rules: Rules, seats: list[Seat]) -> list[dict[str, str]]:
    """Warnings for the creator of a match that seats external bots under rules other than
    the tournament's: such bots may ignore the extra ``rules`` field and misjudge the hand."""
    if not any(s.kind == Seat.Kind.EXTERNAL for s in seats):
        return []
    if rules.with_changes(hands=TOURNAMENT_RULES.hands,
                          clockwise=TOURNAMENT_RULES.clockwise) == TOURNAMENT_RULES:
        return []
    return [{"code": "external_bot_rules", "detail": _(
        "External bots were written for the standard rules. They are sent this match's "
        "rules but may ignore them, and play as if the rules were standard.")}]


def bot_destination(url: str) -> outbound.Destination:
    """The checked destination of a bot's base URL; ``outbound.Refused`` when it may not be
    asked (``EXTERNAL_BOT_HOSTS`` empty switches external seats off)."""
    if not settings.EXTERNAL_BOT_HOSTS:
        raise outbound.Refused("external_bots_off", "External bots are switched off here.")
    return outbound.destination_check(url, allowed=settings.EXTERNAL_BOT_HOSTS)


def bot_health_check(*, destination: outbound.Destination) -> bool:
    """``GET /hi`` answers 200 with JSON."""
    try:
        answer = outbound.send(destination, method="GET", path=bot_path(destination, "hi"),
                               timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
        json.loads(answer.body)
    except (outbound.Unreachable, ValueError):
        return False
    return answer.status == 200


def external_choice(*, match: Match, seat: Seat,
                    state: MatchState) -> tuple[dict[str, Any], str, str]:
    """Ask the seat's bot; fall back to the built-in bot with the reason on any failure."""
    view = view_for(state, seat.number)
    name = "bid" if view["phase"] == "bidding" else "play"
    body = protocol_request(view, seat.number,
                            deadline_seconds=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
    answer, problem = _ask(seat.external_url, name, body)
    if problem is None:
        action, problem = protocol_action(view, seat.number, answer)
        if action is not None:
            return action, Move.MadeBy.EXTERNAL, ""
    rng = random.Random(secrets.randbits(64))
    action = decide(view, seat=seat.number, level=FALLBACK_LEVEL, rng=rng,
                    budget_ms=settings.BOT_BUDGET_MS)
    return action, Move.MadeBy.FALLBACK, f"external bot: {problem}; the built-in bot played"


def _ask(url: str, name: str, body: dict[str, Any]) -> tuple[Any, str | None]:
    """The bot's ``value`` for the request ``name``, or None and a protocol ``REASONS`` entry."""
    try:
        destination = bot_destination(url)
    except outbound.Refused:
        return None, NOT_ALLOWED
    return ask_bot(destination, name, body, timeout=settings.EXTERNAL_BOT_TIMEOUT_SECONDS)
