"""The protocol translation both ways: what a request says, and a bot that reads it back."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import decide
from games.engine.protocol import (
    BAD_ANSWER,
    ILLEGAL_CALL,
    ILLEGAL_CARD,
    protocol_action,
    protocol_request,
    time_budget_ms,
    to_protocol,
    total_points,
)

ROOT = Path(__file__).resolve().parents[2]


def smartbot():
    spec = importlib.util.spec_from_file_location(
        "smartbot", ROOT / "examples" / "smartbot" / "smartbot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def states(rules: Rules, seed: int):
    """Every state of a match the normal bots play, with the seat to act."""
    rng = random.Random(seed)
    state = new_match(rules, first_dealer=seed % 4)
    while state.phase != "finished":
        if state.phase == "dealing":
            state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
            continue
        yield state
        view = view_for(state, state.turn)
        state = apply_action(state, decide(view, seat=state.turn, level="normal", rng=rng))


def test_time_budget_is_the_deadline_less_a_safety_margin():
    assert time_budget_ms(2.0) == 1800
    assert time_budget_ms(0.5) == 400
    assert all(time_budget_ms(t) < 1000 * t for t in (0.2, 1, 2, 10))


def test_total_points_are_written_as_the_tournament_wrote_them():
    assert [total_points(t) for t in (0, 30, 32, -40, -7, 131)] == [0, 3, 3.2, -4, -0.7, 13.1]
    assert isinstance(total_points(30), int)


@pytest.mark.parametrize("preset", ["standard", "pagat"])
def test_a_request_carries_the_rules_the_cards_in_display_order_and_the_budget(preset):
    rules = Rules.preset(preset).with_changes(hands=2)
    for state in states(rules, 3):
        view = view_for(state, state.turn)
        body = protocol_request(view, state.turn, deadline_seconds=1.5)
        assert body["rules"] == rules.to_dict()
        assert body["cards"] == [to_protocol(c) for c in view["hand"]]
        assert body["timeBudget"] == 1350
        totals = [body["context"]["players"][f"P{s}"]["totalPoints"] for s in range(4)]
        assert [round(10 * t) for t in totals] == view["scores"]


def test_answers_become_actions_or_a_fixed_reason():
    state = next(states(Rules.preset("standard"), 1))
    view = view_for(state, state.turn)
    assert protocol_action(view, state.turn, 3)[0] == {"type": "call", "seat": state.turn,
                                                        "call": 3}
    assert protocol_action(view, state.turn, True) == (None, BAD_ANSWER)
    assert protocol_action(view, state.turn, "3") == (None, BAD_ANSWER)
    assert protocol_action(view, state.turn, 9) == (None, ILLEGAL_CALL)
    playing = next(s for s in states(Rules.preset("standard"), 1) if s.phase == "playing")
    view = view_for(playing, playing.turn)
    card = view["legal"][0]
    assert protocol_action(view, playing.turn, to_protocol(card))[0]["card"] == card
    held_back = next(c for c in ("AS", "2C", "7D") if c not in view["legal"])
    assert protocol_action(view, playing.turn, to_protocol(held_back)) == (None, ILLEGAL_CARD)


@pytest.mark.parametrize("preset,seed", [("standard", 5), ("standard", 6), ("casual", 7)])
def test_smartbot_reads_back_the_view_and_plays_exactly_the_normal_bot(preset, seed):
    bot = smartbot()
    rules = Rules.preset(preset).with_changes(hands=2)
    decisions = 0
    for state in states(rules, seed):
        seat = state.turn
        view = view_for(state, seat)
        bidding = state.phase == "bidding"
        body = protocol_request(view, seat, deadline_seconds=2)
        read = bot.view_of(body, bidding=bidding)
        assert sorted(read["legal"], key=str) == sorted(view["legal"], key=str)
        expected = decide(view, seat=seat, level="normal", rng=random.Random(0))
        answer = bot.choose(body, bidding=bidding)
        assert protocol_action(view, seat, answer)[0] == expected
        decisions += 1
    assert decisions > 50
