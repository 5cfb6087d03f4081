"""One protocol request to an outside bot over checked outbound HTTP, shared by the live
external seats and the arena: the bot's ``value``, or None and one of the fixed reasons."""

from __future__ import annotations

import json
from typing import Any

from core import outbound
from games.engine.protocol import BAD_ANSWER, TIMEOUT, UNREACHABLE


def ask_bot(destination: outbound.Destination, name: str, body: dict[str, Any], *,
            timeout: float) -> tuple[Any, str | None]:
    """POST ``body`` to the protocol's ``/bid`` or ``/play`` (``name``) under the bot's path."""
    try:
        answer = outbound.send(destination, method="POST", path=bot_path(destination, name),
                               json=body, timeout=timeout)
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


def bot_path(destination: outbound.Destination, name: str) -> str:
    """The protocol's ``/hi``, ``/bid`` or ``/play`` under the bot's own path."""
    return f"{destination.path.rstrip('/')}/{name}"
