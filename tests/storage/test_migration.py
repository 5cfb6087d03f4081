"""Migration 0015 moves every stored state forward with nothing lost: a database as it was
before, with matches waiting, in play (a version 1 state among them) and finished, migrates
forward to rows that give back the very same states, and back again."""

from __future__ import annotations

import json
import random

import pytest

from games.engine import MatchState, Rules, new_match
from games.models import FinishedHand, Match
from games.stored_state import state_of_match
from tests.conftest import needs_services
from tests.engine.helpers import play_random_step
from tests.migrating import latest, migrate

pytestmark = [pytest.mark.django_db(transaction=True), needs_services]

BEFORE = [("games", "0014_public_and_casual_matches")]
AFTER = [("games", "0015_finished_hands_out_of_the_match_row")]




def played(rules: Rules, seed: int, until) -> MatchState:
    rng = random.Random(seed)
    state = new_match(rules, first_dealer=seed % 4)
    while not until(state):
        state = play_random_step(state, rng)
    return state


def as_version_1(state: MatchState) -> dict:
    """How a state was stored before open-ended matches and play-offs."""
    data = state.to_json()
    for name in ("finish_votes", "finish_agreed", "play_off"):
        del data[name]
    data["rules"] = {k: v for k, v in data["rules"].items() if k != "tie_break"}
    data["history"] = [{k: v for k, v in h.items()
                        if k not in ("play_off", "finish_votes", "finish_agreed")}
                       for h in data["history"]]
    return {**data, "version": 1}


def test_every_state_moves_forward_into_the_rows_and_back_unchanged():
    three = Rules(hands=3, redeal_no_trump=True)
    stored = {
        "mid_third_hand": played(three, 1, lambda s: s.hand_number == 3 and len(s.tricks) == 5
                                 and len(s.trick) == 2).to_json(),
        "finished": played(Rules(hands=2), 2, lambda s: s.phase == "finished").to_json(),
        "calling": played(Rules(), 3, lambda s: s.phase == "bidding").to_json(),
        "version_1": as_version_1(played(Rules(hands=2), 4, lambda s: s.hand_number == 2
                                         and len(s.tricks) == 1)),
        "waiting": None,
    }
    expected = {name: None if data is None else MatchState.from_json(data)
                for name, data in stored.items()}
    assert len(expected["mid_third_hand"].history) == 2
    assert expected["finished"].phase == "finished"

    old = migrate(BEFORE)
    ids = {}
    for name, data in stored.items():
        # The match row's rules as a new match stores them: a preset and its overrides.
        rules = {"preset": "standard", "hands": (data or {"rules": {"hands": 5}})["rules"]["hands"]}
        ids[name] = old.get_model("games", "Match").objects.create(
            rules=rules, hands_to_play=rules["hands"], turn_seconds=60, state=data,
            status="waiting" if data is None else "playing").pk

    migrate(latest())
    for name, state in expected.items():
        match = Match.objects.get(pk=ids[name])
        assert state_of_match(match) == state, name
        hands = FinishedHand.objects.filter(match=match).count()
        assert hands == (len(state.history) if state else 0), name
        if state is not None:
            assert "history" not in json.loads(match.state)
            assert Rules.from_dict(match.rules) == state.rules

    back = migrate(BEFORE)
    for name, state in expected.items():
        data = back.get_model("games", "Match").objects.get(pk=ids[name]).state
        assert (MatchState.from_json(data) if data else None) == state, name
    migrate(latest())
