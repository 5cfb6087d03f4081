"""One arena match: bots of given levels play a whole match through the engine."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import decide


@dataclass
class MatchResult:
    """What the arena keeps of one match, per seat of the match."""

    levels: list[str]
    totals: list[int]
    win_shares: list[float]
    calls_made: list[int] = field(default_factory=lambda: [0] * 4)
    hands: int = 0
    decision_ms: list[list[float]] = field(default_factory=lambda: [[], [], [], []])


def play_match(levels: list[str], rules: Rules, seed: int, budget_ms: int | None) -> MatchResult:
    """Play one match with ``levels[s]`` at seat ``s``; everything random comes from ``seed``."""
    deal_rng = random.Random(f"deal-{seed}")
    bot_rngs = [random.Random(f"bot-{seed}-{s}") for s in range(4)]
    state = new_match(rules, first_dealer=deal_rng.randrange(4))
    times: list[list[float]] = [[], [], [], []]
    made = [0] * 4
    hands = 0
    while state.phase != "finished":
        if state.phase == "dealing":
            state = apply_action(state, {"type": "deal", "hands": deal_cards(deal_rng)})
            continue
        seat = state.turn
        view = view_for(state, seat)
        start = time.perf_counter()
        action = decide(view, seat=seat, level=levels[seat], rng=bot_rngs[seat],
                        budget_ms=budget_ms)
        times[seat].append((time.perf_counter() - start) * 1000)
        before = len(state.history)
        state = apply_action(state, action)
        if len(state.history) > before:
            hands += 1
            for s, score in enumerate(state.history[-1]["scores"]):
                made[s] += score > 0
    winners = state.winners
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(4)]
    return MatchResult(levels=list(levels), totals=list(state.scores), win_shares=shares,
                       calls_made=made, hands=hands, decision_ms=times)
