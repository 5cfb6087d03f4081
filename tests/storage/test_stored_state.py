"""The stored form of a match (``games.stored_state``): the match row and the finished hands'
rows give back the very state that was stored, and the row a move rewrites holds the hand
under way only, whatever the number of hands before it."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, apply_action, legal_actions, new_match
from games.stored_state import state_from, stored_form
from tests.engine.helpers import play_random_step
from tests.engine.test_match_properties import rule_sets

# The most a match row's state holds: a hand with its deal, 12 tricks and one in progress,
# the running totals; and each deal thrown in during the hand (until it is scored).
ROW_LIMIT = 650
THROWN_IN_DEAL = 160


def played_out(rules: Rules, rng: random.Random, finish_chance: float = 0.0):
    """Every state of a random match, from its first deal to its end; in an open-ended
    match each seat may agree to finish along the way."""
    state = new_match(rules, first_dealer=rng.randrange(4))
    states = []
    while state.phase != "finished":
        if (rules.hands is None and state.phase in ("bidding", "playing")
                and not state.finish_agreed and not state.play_off
                and rng.random() < finish_chance):
            seat = rng.randrange(4)
            if seat not in state.finish_votes:
                state = apply_action(state, {"type": "finish", "seat": seat})
            elif rng.random() < 0.5:
                state = apply_action(state, {"type": "finish_agreed"})
        else:
            state = play_random_step(state, rng)
        states.append(state)
    return states


def assert_stored_faithfully(states, rules: Rules) -> None:
    for state in states:
        row = stored_form(state)
        assert state_from(row, rules.to_dict(), state.history) == state
        assert len(row) <= ROW_LIMIT + THROWN_IN_DEAL * len(state.redeals), (len(row), row)


@settings(max_examples=10, deadline=None)
@given(rule_sets(), st.randoms(use_true_random=False))
def test_the_rows_give_back_every_state_of_a_random_match(rules, rng):
    assert_stored_faithfully(played_out(rules, rng), rules)


@settings(max_examples=5, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_rows_give_back_an_open_ended_match_with_its_agreements(rng):
    rules = Rules(hands=None, tie_break="play_off")
    assert_stored_faithfully(played_out(rules, rng, finish_chance=0.02), rules)


def test_the_match_row_carries_no_finished_hand_nor_the_rules():
    """What a move rewrites does not grow with the hands played: a finished hand is stored
    once, in a row of its own."""
    rules = Rules(hands=5)
    states = played_out(rules, random.Random(7))
    for state in states:
        row = json.loads(stored_form(state))
        assert not {"history", "rules", "hands"} & set(row)
        assert all(len(cards) == 26 for cards in row["deal"] or [])
    first_hand = max(len(stored_form(s)) for s in states if s.hand_number == 1)
    last_hand = max(len(stored_form(s)) for s in states if s.hand_number == 5)
    assert abs(last_hand - first_hand) < 20, (first_hand, last_hand)


def test_the_current_hand_reads_back_with_what_each_seat_still_holds():
    rng = random.Random(3)
    state = new_match(Rules(), first_dealer=0)
    while not (state.phase == "playing" and len(state.tricks) == 4 and len(state.trick) == 2):
        state = play_random_step(state, rng, redeal_chance=0)
    back = state_from(stored_form(state), Rules().to_dict(), [])
    assert back.hands == state.hands and sum(map(len, back.hands)) == 52 - 18
    assert back.trick == state.trick and legal_actions(back, back.turn) == legal_actions(
        state, state.turn)
