"""Fixed-seed positions and the decisions a bot takes on them, at a fixed amount of search.

``tests/bots/data/hard_v1_decisions.json`` holds what the hard bot decided on these positions
on 2026-12-04, before ``hard-v1`` was split from it (written by ``record(hard_decide)`` on
that day's code). It is the definition of ``hard-v1``: never regenerate it from today's
``hard``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from games.engine import MatchState, apply_action, deal_cards, new_match, view_for
from games.engine.bots.table import Table

from .positions import random_position, random_rules

RECORDED = Path(__file__).with_name("data") / "hard_v1_decisions.json"
# Search bounded by rollouts, not time, so the decisions do not depend on the machine.
ROLLOUTS = 120
NO_DEADLINE_MS = 10_000_000
PLAYING = 240
BIDDING = 80


def _bidding_position(seed: int) -> MatchState:
    """A freshly dealt hand of any rules with 0 to 3 calls already made (random ones); a
    one-hand match half the time, so its calls are the searched calls of a last hand."""
    rng = random.Random(f"bidding-{seed}")
    rules = random_rules(rng).with_changes(hands=rng.choice((1, 2)))
    state = new_match(rules, first_dealer=rng.randrange(4))
    state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
    for _ in range(seed % 4):
        seat = state.turn
        call = rng.choice(view_for(state, seat)["legal"])
        state = apply_action(state, {"type": "call", "seat": seat, "call": call})
    return state


def positions() -> list[MatchState]:
    """The positions, in a fixed order: random cards under random rules, then calls."""
    return ([random_position(7_000 + s) for s in range(PLAYING)]
            + [_bidding_position(s) for s in range(BIDDING)])


def record(decide: Callable[..., int | str]) -> list[int | str]:
    """``decide(table, rng, budget_ms, max_rollouts=...)`` on every position, each with its
    own seeded generator."""
    out = []
    for number, state in enumerate(positions()):
        table = Table.from_view(view_for(state, state.turn), state.turn)
        out.append(decide(table, random.Random(number), NO_DEADLINE_MS, max_rollouts=ROLLOUTS))
    return out
