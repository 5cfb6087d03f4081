"""Every bot level always answers with a legal action, under every rule variant."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import apply_action, view_for
from games.engine.bots import BOT_LEVELS, choose, decide
from games.engine.bots.table import Table

from .positions import random_position


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), level=st.sampled_from(("easy", "normal")))
def test_heuristic_bots_always_choose_a_legal_action(seed, level):
    state = random_position(seed)
    view = view_for(state, state.turn)
    table = Table.from_view(view, state.turn)
    # ``choose`` has no safety net, so an exception here is a real bug.
    assert choose(table, level, random.Random(seed)) in view["legal"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_hard_bot_always_chooses_a_legal_action(seed):
    state = random_position(seed)
    view = view_for(state, state.turn)
    table = Table.from_view(view, state.turn)
    assert choose(table, "hard", random.Random(seed), budget_ms=5) in view["legal"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9), level=st.sampled_from(BOT_LEVELS))
def test_decide_returns_an_action_the_engine_accepts(seed, level):
    state = random_position(seed)
    seat = state.turn
    action = decide(view_for(state, seat), seat=seat, level=level, rng=random.Random(seed),
                    budget_ms=5)
    assert action["seat"] == seat
    assert action["type"] == ("call" if state.phase == "bidding" else "play")
    apply_action(state, action)


def test_decide_still_answers_legally_on_a_view_no_deal_can_explain():
    # Seats 2 and 3 showed they hold no hearts and seat 1 is said to hold no cards at all,
    # yet hearts are unseen: no deal fits, the search cannot sample, the bot must still play.
    view = {
        "phase": "playing", "seat": 0, "turn": 0, "dealer": 0, "hand_number": 1,
        "rules": {"follow": "strict"}, "hand": ["AS", "KS", "AC"], "legal": ["AS", "KS", "AC"],
        "calls": [3, 3, 3, 3], "tricks_won": [0, 0, 0, 0], "hand_sizes": [3, 0, 12, 12],
        "tricks": [],
        "trick": [{"seat": 1, "card": "9H"}, {"seat": 2, "card": "4C"}, {"seat": 3, "card": "5C"}],
        "scores": [0, 0, 0, 0],
    }
    for level in BOT_LEVELS:
        action = decide(view, seat=0, level=level, rng=random.Random(1), budget_ms=5)
        assert action["card"] in view["legal"]
