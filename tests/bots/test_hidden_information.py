"""Bots decide from their seat's view only: hidden cards elsewhere change nothing."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import view_for
from games.engine.bots import choose
from games.engine.bots.hard import hard_decide
from games.engine.bots.table import Table

from .positions import random_position, reshuffle_others


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_states_differing_only_in_hidden_cards_give_the_same_decisions(seed):
    state = random_position(seed)
    seat = state.turn
    other = reshuffle_others(state, seat, random.Random(seed))
    view = view_for(state, seat)
    assert view_for(other, seat) == view
    for level in ("easy", "normal"):
        first = choose(Table.from_view(view, seat), level, random.Random(seed))
        again = choose(Table.from_view(view_for(other, seat), seat), level, random.Random(seed))
        assert first == again
    # The hard bot is compared at a fixed amount of search, not a fixed time.
    first = hard_decide(Table.from_view(view, seat), random.Random(seed), 10_000,
                        max_rollouts=60)
    again = hard_decide(Table.from_view(view_for(other, seat), seat), random.Random(seed),
                        10_000, max_rollouts=60)
    assert first == again
