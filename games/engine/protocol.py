"""The 2022 "Smart Bots" Callbreak HTTP protocol, at the boundary with this engine.

One seat's view becomes a bid or play request (``protocol_request``) and the bot's answer
becomes an action or one of the fixed ``REASONS`` (``protocol_action``). Both the live
external seats (``games.services.external``) and the arena use this module, so what a bot
sees in a test match is what it sees in a live one. docs/BOT_PROTOCOL.md describes the wire
format. Pure Python; no Django, no network.
"""

from __future__ import annotations

from typing import Any

TIMEOUT = "timeout"
UNREACHABLE = "unreachable"
NOT_ALLOWED = "not allowed"
BAD_ANSWER = "bad answer"
ILLEGAL_CALL = "illegal call"
ILLEGAL_CARD = "illegal card"
REASONS = (TIMEOUT, UNREACHABLE, NOT_ALLOWED, BAD_ANSWER, ILLEGAL_CALL, ILLEGAL_CARD)

# Kept back from the request's deadline in ``timeBudget``: a bot that spends all the time it
# is told it has must still answer before the host gives up (network, JSON, host overhead).
MIN_MARGIN_MS = 100
MARGIN_SHARE = 0.1


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


def time_budget_ms(deadline_seconds: float) -> int:
    """What ``timeBudget`` says for a request that will be given up after
    ``deadline_seconds``: the deadline less a safety margin (10 %, at least 100 ms)."""
    deadline = deadline_seconds * 1000
    return max(0, int(deadline - max(MIN_MARGIN_MS, MARGIN_SHARE * deadline)))


def total_points(tenths: int) -> int | float:
    """A running total as the tournament sent it: points, a whole number without a
    fraction (``3``), else one decimal (``3.2``, ``-4``)."""
    return tenths // 10 if tenths % 10 == 0 else round(tenths / 10, 1)


def protocol_request(view: dict[str, Any], seat: int, *, deadline_seconds: float) -> dict[str, Any]:
    """The bid or play request for ``seat``, built from that seat's view alone.

    ``cards`` keep the view's display order (spades, hearts, clubs, diamonds; high to low):
    naive tournament bots rely on it. ``rules`` is this project's extra: the match's rules
    (``Rules.to_dict``), which tournament bots ignore.
    """
    ids = [f"P{s}" for s in range(4)]
    body: dict[str, Any] = {
        "playerId": ids[seat],
        "playerIds": ids,
        "cards": [to_protocol(c) for c in view["hand"]],
        "timeBudget": time_budget_ms(deadline_seconds),
        "context": {
            "round": view["hand_number"],
            "players": {
                ids[s]: {"totalPoints": total_points(view["scores"][s]),
                         "bid": view["calls"][s] or 0, "won": view["tricks_won"][s]}
                for s in range(4)
            },
        },
        "rules": dict(view["rules"]),
    }
    if view["phase"] == "playing":
        body["played"] = [to_protocol(p["card"]) for p in view["trick"]]
        body["history"] = [
            [t["leader"], [to_protocol(p["card"]) for p in t["cards"]], t["winner"]]
            for t in view["tricks"]
        ]
    return body


def protocol_action(view: dict[str, Any], seat: int,
                    value: Any) -> tuple[dict[str, Any] | None, str | None]:
    """The action a bot's answered ``value`` stands for, or None and one of ``REASONS``."""
    bidding = view["phase"] == "bidding"
    if bidding:
        if isinstance(value, bool) or not isinstance(value, int):
            return None, BAD_ANSWER
        if value not in view["legal"]:
            return None, ILLEGAL_CALL
        return {"type": "call", "seat": seat, "call": value}, None
    card = from_protocol(value)
    if card not in view["legal"]:
        return None, ILLEGAL_CARD
    return {"type": "play", "seat": seat, "card": card}, None
