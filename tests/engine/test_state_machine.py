"""A Hypothesis rule-based machine firing any action, legal or not, at a match."""

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games.engine import (
    EngineError,
    MatchState,
    apply_action,
    deal_cards,
    legal_actions,
    new_match,
    score_hand,
)
from games.engine.cards import DECK

from .test_match_properties import rule_sets

SEATS = st.integers(0, 3)


class MatchMachine(RuleBasedStateMachine):
    """Legal actions must be accepted, illegal ones refused with nothing changed."""

    @initialize(rules=rule_sets(), dealer=SEATS)
    def start(self, rules, dealer):
        self.state = new_match(rules, first_dealer=dealer)

    def attempt(self, action, legal):
        before = self.state.to_json()
        try:
            after = apply_action(self.state, action)
        except EngineError as err:
            assert not legal, f"legal action refused: {action} ({err.code})"
            assert err.code and err.detail
            assert self.state.to_json() == before
            return
        assert legal, f"illegal action accepted: {action}"
        assert self.state.to_json() == before
        self.state = after

    @rule(seed=st.integers(0, 2**32 - 1))
    def deal(self, seed):
        hands = deal_cards(random.Random(seed))
        self.attempt({"type": "deal", "hands": hands}, self.state.phase == "dealing")

    @rule(seat=SEATS, call=st.integers(0, 14))
    def call(self, seat, call):
        legal = call in legal_actions(self.state, seat)["calls"]
        self.attempt({"type": "call", "seat": seat, "call": call}, legal)

    @rule(seat=SEATS, pick=st.integers(0, 12))
    def play_a_legal_card(self, seat, pick):
        cards = legal_actions(self.state, seat)["cards"]
        if cards:
            self.attempt({"type": "play", "seat": seat, "card": cards[pick % len(cards)]}, True)

    @rule(seat=SEATS, card=st.sampled_from(DECK))
    def play_any_card(self, seat, card):
        legal = card in legal_actions(self.state, seat)["cards"]
        self.attempt({"type": "play", "seat": seat, "card": card}, legal)

    @rule(seat=SEATS)
    def ask_for_a_redeal(self, seat):
        legal = legal_actions(self.state, seat)["redeal"]
        self.attempt({"type": "redeal", "seat": seat}, legal)

    @invariant()
    def cards_are_conserved_in_the_hand_under_way(self):
        state = self.state
        if state.deal is None or state.phase == "finished":
            return
        held = [c for h in state.hands for c in h]
        played = [c for t in state.tricks for c in t["cards"]] + [c for _, c in state.trick]
        assert sorted(held + played) == sorted(c for h in state.deal for c in h)
        assert sorted(held + played) == sorted(DECK)
        assert sum(state.tricks_won) == len(state.tricks)

    @invariant()
    def totals_are_the_sum_of_the_hand_scores(self):
        state = self.state
        totals = [0, 0, 0, 0]
        for hand in state.history:
            for s in range(4):
                assert hand["scores"][s] == score_hand(hand["calls"][s], hand["tricks_won"][s],
                                                       state.rules)
                totals[s] += hand["scores"][s]
        assert state.scores == totals

    @invariant()
    def turn_matches_the_phase(self):
        state = self.state
        assert (state.turn is None) == (state.phase in ("dealing", "finished"))

    @invariant()
    def state_round_trips_through_json(self):
        assert MatchState.from_json(self.state.to_json()) == self.state


MatchMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=300,
                                          deadline=None)
TestMatchMachine = MatchMachine.TestCase
