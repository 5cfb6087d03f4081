"""Positions for the bot tests: matches played with random legal actions under any rules."""

from __future__ import annotations

import random

from games.engine import MatchState, Rules, apply_action, deal_cards, new_match, view_for

FOLLOWS = ("strict", "free", "casual")
SCORINGS = ("standard", "bonus13", "exact")


def random_rules(rng: random.Random) -> Rules:
    """Any combination of the play, call and scoring variants of docs/RULES.md."""
    low = rng.randint(1, 3)
    return Rules(follow=rng.choice(FOLLOWS), scoring=rng.choice(SCORINGS), hands=2,
                 min_call=low, max_call=rng.randint(max(low, 8), 13),
                 spades_broken=rng.random() < 0.3, no_spade_first_lead=rng.random() < 0.3)


def random_position(seed: int, rules: Rules | None = None) -> MatchState:
    """A state where some seat must call or play, reached by random legal actions."""
    rng = random.Random(seed)
    state = new_match(rules or random_rules(rng), first_dealer=rng.randrange(4))
    steps = rng.randrange(4 + 52 * 2)
    while True:
        if state.phase == "dealing":
            state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
            continue
        if state.phase == "finished":
            return random_position(seed + 1_000_000, rules)
        if steps <= 0:
            return state
        steps -= 1
        seat = state.turn
        legal = view_for(state, seat)["legal"]
        choice = rng.choice(legal)
        if state.phase == "bidding":
            state = apply_action(state, {"type": "call", "seat": seat, "call": choice})
        else:
            state = apply_action(state, {"type": "play", "seat": seat, "card": choice})


def reshuffle_others(state: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The same position with the other seats' unplayed cards dealt out again."""
    others = [p for p in range(4) if p != seat]
    pool = [c for p in others for c in state.hands[p]]
    rng.shuffle(pool)
    data = state.to_json()
    start = 0
    for p in others:
        size = len(state.hands[p])
        data["hands"][p] = sorted(pool[start:start + size])
        start += size
    return MatchState.from_json(data)
