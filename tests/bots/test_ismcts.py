"""The sparring bot ``ismcts`` plays only what the seat's view allows, under every rule
variant, and a seed fixes its decision: its work is counted in iterations, not time."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import apply_action, view_for
from games.engine.bots import ARENA_LEVELS, BOT_LEVELS, decide
from games.engine.bots.ismcts import ismcts_decide
from games.engine.bots.table import Table

from .positions import random_position, reshuffle_others

FEW = 40


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_ismcts_always_chooses_a_legal_card_or_call_under_random_rules(seed):
    state = random_position(seed)
    view = view_for(state, state.turn)
    # No safety net here, unlike ``decide``: an exception or an illegal choice is a bug.
    assert ismcts_decide(Table.from_view(view, state.turn), random.Random(seed), FEW) in (
        view["legal"])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_same_seed_gives_the_same_decision_and_hidden_cards_change_nothing(seed):
    state = random_position(seed)
    seat = state.turn
    other = reshuffle_others(state, seat, random.Random(seed))
    first = ismcts_decide(Table.from_view(view_for(state, seat), seat), random.Random(seed), FEW)
    again = ismcts_decide(Table.from_view(view_for(state, seat), seat), random.Random(seed), FEW)
    hidden = ismcts_decide(Table.from_view(view_for(other, seat), seat), random.Random(seed),
                           FEW)
    assert first == again == hidden


def test_the_arena_level_at_its_full_budget_gives_actions_the_engine_accepts():
    for seed in range(4):
        state = random_position(seed)
        seat = state.turn
        view = view_for(state, seat)
        action = decide(view, seat=seat, level="ismcts", rng=random.Random(seed))
        assert action == decide(view, seat=seat, level="ismcts", rng=random.Random(seed))
        apply_action(state, action)


def test_ismcts_is_an_arena_level_never_offered_to_players():
    assert "ismcts" in ARENA_LEVELS and "ismcts" not in BOT_LEVELS
