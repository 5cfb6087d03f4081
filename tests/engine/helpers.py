"""Deals and drivers shared by the engine tests."""

import random

from games.engine import apply_action, deal_cards, legal_actions
from games.engine.cards import DECK


def make_deal(**fixed):
    """A deal where ``seat0=[...]`` etc. fix some cards; the rest fill up in deck order."""
    hands = [list(fixed.get(f"seat{s}", [])) for s in range(4)]
    used = {c for h in hands for c in h}
    rest = [c for c in DECK if c not in used]
    for hand in hands:
        while len(hand) < 13:
            hand.append(rest.pop())
    return hands


BY_SUIT = [[c for c in DECK if c[1] == suit] for suit in "SHCD"]  # seat 0 all spades, ...


def act(state, **action):
    return apply_action(state, action)


def call_all(state, calls):
    """Every seat calls, in calling order; ``calls`` is indexed by seat."""
    for k in range(1, 5):
        seat = (state.dealer + k) % 4
        state = act(state, type="call", seat=seat, call=calls[seat])
    return state


def play_lowest_until(state, stop):
    """Play the last listed legal card (the lowest of the first suit) until ``stop(state)``."""
    while not stop(state):
        seat = state.turn
        state = act(state, type="play", seat=seat, card=legal_actions(state, seat)["cards"][-1])
    return state


def play_random_step(state, rng: random.Random, redeal_chance=0.3):
    """One random legal action of any kind, as a player or the dealer would take it."""
    if state.phase == "dealing":
        return act(state, type="deal", hands=deal_cards(rng))
    for seat in range(4):
        if legal_actions(state, seat)["redeal"] and rng.random() < redeal_chance:
            return act(state, type="redeal", seat=seat)
    legal = legal_actions(state, state.turn)
    if legal["calls"]:
        return act(state, type="call", seat=state.turn, call=rng.choice(legal["calls"]))
    return act(state, type="play", seat=state.turn, card=rng.choice(legal["cards"]))
