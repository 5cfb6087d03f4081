"""Bots for Call Break: ``decide`` picks a legal action for a seat from its view alone.

Four levels: ``easy`` (rough calls, plausible cards with mistakes), ``normal`` (counted
calls, card tracking and cheap wins), ``hard`` (search over deals consistent with everything
public and weighted by what the calls and cards reveal, the last tricks searched exactly,
calls from the learned call model) and ``expert`` (the hard bot's calls, its cards by
tree search over the same weighted deals; offered with turns of an hour or more).
``ARENA_LEVELS`` adds levels the arena plays that are never offered to players:
``hard-v1``, the hard bot frozen as a baseline, and ``ismcts``, a sparring bot of another
design (information-set tree search).
``evaluate_options`` exposes the hard bot's search for post-match analysis, and
``explain_options`` with ``reason_for`` say why it prefers one option to another
(``reasons``). Pure Python; no Django.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import EngineError
from .easy import easy_decide
from .expert import expert_decide
from .hard import hard_decide, search
from .hard_v1 import hard_v1_decide
from .ismcts import ismcts_decide
from .normal import normal_decide
from .reasons import REASONS, explain_options, figures_json, reason_for, rounded
from .table import Table

__all__ = ["ARENA_LEVELS", "BOT_LEVELS", "EXPERT_BUDGET_MS", "LEVEL_MIN_TURN_SECONDS",
           "REASONS", "choose", "decide", "evaluate_options", "explain_options",
           "figures_json", "reason_for", "rounded", "suggested_call"]

# Weakest first.
BOT_LEVELS = ("easy", "normal", "hard", "expert")
# The arena's levels: the players' ones and those kept for measuring them.
ARENA_LEVELS = (*BOT_LEVELS, "hard-v1", "ismcts")
# A level that thinks for long is offered only where the turn time leaves room for it.
LEVEL_MIN_TURN_SECONDS: dict[str, int] = {"expert": 3600}
HARD_BUDGET_MS = 150
EXPERT_BUDGET_MS = 1500
# The time bound of a search bounded by rollouts: none that matters.
NO_DEADLINE_MS = 10_000_000


def decide(view: dict[str, Any], *, seat: int, level: str, rng: random.Random,
           budget_ms: int | None = None, rollouts: int | None = None) -> dict[str, Any]:
    """The action the bot of ``level`` takes for ``seat``, from that seat's view only.

    Returns ``{"type": "call", "seat": seat, "call": n}`` while bidding and
    ``{"type": "play", "seat": seat, "card": "KH"}`` while playing, always one of
    ``view["legal"]``. ``budget_ms`` bounds the thinking time of the searching levels
    (default 150 ms for ``hard``, 1500 ms for ``expert``); ``rollouts`` bounds the hard
    searches' work instead, whatever the time, and frees the expert's fixed iterations from
    the clock, so the decision depends on the view and ``rng`` alone. ``level`` is one of
    ``ARENA_LEVELS``.
    Raises EngineError("bad_level") for an unknown level and EngineError("no_action") when
    the view offers the seat nothing to do.
    """
    if level not in ARENA_LEVELS:
        raise EngineError("bad_level", f"Bot levels are {', '.join(ARENA_LEVELS)}.")
    legal = list(view.get("legal") or [])
    phase = view.get("phase")
    if not legal or phase not in ("bidding", "playing"):
        raise EngineError("no_action", "This seat has nothing to decide right now.")
    choice = _robust_choice(view, seat, level, rng, budget_ms, rollouts)
    if choice not in legal:
        choice = legal[0]
    if phase == "bidding":
        return {"type": "call", "seat": seat, "call": choice}
    return {"type": "play", "seat": seat, "card": choice}


def suggested_call(view: dict[str, Any], *, seat: int) -> int | None:
    """The normal bot's call for ``seat``'s own hand, as a hint to the player; None unless
    ``seat`` is to call. Only ``seat``'s own view goes in, so the hint tells nothing about
    the other hands."""
    if view.get("phase") != "bidding" or view.get("turn") != seat or not view.get("legal"):
        return None
    return decide(view, seat=seat, level="normal", rng=random.Random(0))["call"]


def _robust_choice(view: dict[str, Any], seat: int, level: str, rng: random.Random,
                   budget_ms: int | None, rollouts: int | None) -> int | str:
    """``choose``, falling back to the normal bot and then to the first legal action: a bot
    seat must never stall a match, even on a view no rule should produce."""
    try:
        table = Table.from_view(view, seat)
    except Exception:
        return view["legal"][0]
    for attempt in (level, "normal"):
        try:
            return choose(table, attempt, rng, budget_ms, rollouts)
        except Exception:
            continue
    return view["legal"][0]


def choose(table: Table, level: str, rng: random.Random, budget_ms: int | None = None,
           rollouts: int | None = None) -> int | str:
    """The call (int) or card (str) of the bot of ``level``; ``decide`` without its guards."""
    if level == "easy":
        return easy_decide(table, rng)
    if level == "normal":
        return normal_decide(table, rng)
    if level == "ismcts":
        # Its work is a fixed number of iterations, never a time.
        return ismcts_decide(table, rng)
    if rollouts is not None:
        budget_ms = NO_DEADLINE_MS
    elif budget_ms is None:
        budget_ms = EXPERT_BUDGET_MS if level == "expert" else HARD_BUDGET_MS
    if level == "hard-v1":
        return hard_v1_decide(table, rng, budget_ms, rollouts)
    if level == "expert":
        return expert_decide(table, rng, budget_ms, rollouts)
    return hard_decide(table, rng, budget_ms, rollouts)


def evaluate_options(view: dict[str, Any], *, seat: int, rng: random.Random,
                     budget_ms: int = 500) -> list[tuple[int | str, float]]:
    """Every legal option of ``seat`` (a card, or a call) with its expected score in tenths
    according to the hard bot's search, best first.

    Equivalent cards (no unseen card between them) share one value. The values are the
    seat's own expected score for the hand, whatever the hard bot's match tactics.
    """
    legal = list(view.get("legal") or [])
    if not legal or view.get("phase") not in ("bidding", "playing"):
        raise EngineError("no_action", "This seat has nothing to decide right now.")
    table = Table.from_view(view, seat)
    searched = search(table, legal, rng, budget_ms=budget_ms, spread=2)
    rated = [(action, searched.result.values[option])
             for option, actions in searched.groups.items() for action in actions]
    return sorted(rated, key=lambda pair: -pair[1])
