"""The expert bot plays only what the seat's view allows, hidden cards change nothing it
does, its tree search draws deals that explain the table, and its clock is kept."""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, view_for
from games.engine.bots import choose, decide
from games.engine.bots.expert import expert_decide
from games.engine.bots.ismcts import _uniform_deals, _weighted_deals, ismcts_card
from games.engine.bots.sampling import DealWeights
from games.engine.bots.table import Table

from .positions import random_position, reshuffle_others

FEW_ROLLOUTS = 20


def _playing_position(seed: int, rules: Rules | None = None):
    """A random position where the seat to move plays a card (not a call)."""
    while True:
        state = random_position(seed, rules)
        if view_for(state, state.turn)["phase"] == "playing":
            return state
        seed += 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_expert_always_chooses_a_legal_card_or_call_under_random_rules(seed):
    state = random_position(seed)
    view = view_for(state, state.turn)
    # ``choose`` has no safety net: an exception or an illegal choice is a bug.
    assert choose(Table.from_view(view, state.turn), "expert", random.Random(seed),
                  budget_ms=5) in view["legal"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_fixed_work_gives_the_same_card_and_hidden_cards_change_nothing(seed):
    state = _playing_position(seed)
    seat = state.turn
    other = reshuffle_others(state, seat, random.Random(seed))

    def card(s):
        table = Table.from_view(view_for(s, seat), seat)
        return expert_decide(table, random.Random(seed), 5, max_rollouts=FEW_ROLLOUTS)

    first = card(state)
    assert first in view_for(state, seat)["legal"]
    assert card(state) == first == card(other)


def test_the_weighted_deals_explain_the_calls_and_plays_better_than_uniform_ones():
    better = 0
    positions = [_playing_position(seed) for seed in range(12)]
    for number, state in enumerate(positions):
        table = Table.from_view(view_for(state, state.turn), state.turn)
        weigh = DealWeights(table)
        rng = random.Random(number)
        weighted, uniform = _weighted_deals(table, rng, 128), _uniform_deals(table, rng)
        fit_weighted = sum(weigh(next(weighted)) for _ in range(256))
        fit_uniform = sum(weigh(next(uniform)) for _ in range(256))
        better += fit_weighted > 1.5 * fit_uniform
    # Two uniform draws of this size differ by more than half in about one position of 12.
    assert better >= 10


def test_the_think_time_bounds_the_search_on_the_server():
    state = _playing_position(5)
    seat = state.turn
    view = view_for(state, seat)
    table = Table.from_view(view, seat)
    started = time.perf_counter()
    # The deadline already passed: one iteration, then the card.
    assert ismcts_card(table, random.Random(1), 10**6, pool=64,
                       deadline=time.perf_counter()) in view["legal"]
    assert time.perf_counter() - started < 5
    action = decide(view, seat=seat, level="expert", rng=random.Random(1), budget_ms=50)
    assert action["card"] in view["legal"]


def test_the_tree_search_plays_out_greedily_where_the_scoring_pays_for_every_trick():
    def cards(rules: Rules, greedy: bool) -> list[str]:
        chosen = []
        for seed in range(10):
            state = _playing_position(seed, rules)
            table = Table.from_view(view_for(state, state.turn), state.turn)
            chosen.append(ismcts_card(table, random.Random(seed), 300, greedy=greedy))
        return chosen

    # Under exact scoring the greedy search is the plain one; under the standard scoring
    # the playouts below the tree change some card the search settles on.
    exact = Rules(scoring="exact")
    assert cards(exact, greedy=True) == cards(exact, greedy=False)
    assert cards(Rules(), greedy=True) != cards(Rules(), greedy=False)
