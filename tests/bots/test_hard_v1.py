"""hard-v1 is the hard bot of 2026-12-04, frozen: it replays that day's decisions on fixed
positions, whatever has happened to ``hard`` since, and players never meet it."""

from __future__ import annotations

import json
import random

from games.engine import view_for
from games.engine.bots import ARENA_LEVELS, BOT_LEVELS, decide
from games.engine.bots.callmodel import WEIGHTS
from games.engine.bots.hard_v1 import V1_CALLS, hard_v1_decide

from .frozen_positions import RECORDED, ROLLOUTS, positions, record


def test_hard_v1_replays_the_decisions_recorded_from_the_hard_bot_of_2026_12_04():
    recorded = json.loads(RECORDED.read_text())
    assert len(recorded) == len(positions()) == 320
    replayed = record(hard_v1_decide)
    differ = [n for n, (a, b) in enumerate(zip(recorded, replayed, strict=True)) if a != b]
    assert not differ, f"{len(differ)} decisions changed, first at position {differ[0]}"


def test_the_arena_level_hard_v1_decides_as_recorded_at_a_fixed_rollout_budget():
    recorded = json.loads(RECORDED.read_text())
    for number, state in list(enumerate(positions()))[::16]:
        action = decide(view_for(state, state.turn), seat=state.turn, level="hard-v1",
                        rng=random.Random(number), rollouts=ROLLOUTS)
        assert action.get("call", action.get("card")) == recorded[number]


def test_hard_v1_calls_from_its_own_copy_of_the_call_model():
    assert V1_CALLS.weights != WEIGHTS
    assert V1_CALLS.weights.exists() and V1_CALLS.edge == 0.4


def test_hard_v1_is_an_arena_level_never_offered_to_players():
    assert "hard-v1" in ARENA_LEVELS
    assert "hard-v1" not in BOT_LEVELS
