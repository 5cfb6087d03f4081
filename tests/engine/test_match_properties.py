"""Property tests over whole random matches under random rule combinations."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    PLAY_OFF_MAX_HANDS,
    EngineError,
    MatchState,
    Rules,
    legal_actions,
    legal_plays,
    match_record,
    new_match,
    replay_record,
    score_hand,
    trick_winner,
    view_for,
)
from games.engine.cards import DECK
from games.engine.record import RECORD_VERSION

from .helpers import play_random_step


@st.composite
def rule_sets(draw):
    low = draw(st.integers(1, 4))
    high = draw(st.integers(max(low, 3), 13))
    return Rules(
        follow=draw(st.sampled_from(["strict", "free", "casual"])),
        hands=draw(st.integers(1, 3)),
        tie_break=draw(st.sampled_from(["share", "play_off"])),
        min_call=low,
        max_call=high,
        scoring=draw(st.sampled_from(["standard", "bonus13", "exact"])),
        redeal_no_trump=draw(st.booleans()),
        redeal_weak_hand=draw(st.booleans()),
        min_total_10=draw(st.booleans()),
        eight_wins=draw(st.booleans()),
        no_spade_first_lead=draw(st.booleans()),
        spades_broken=draw(st.booleans()),
        clockwise=draw(st.booleans()),
    )


def random_match(rules, rng, on_state=None):
    state = new_match(rules, first_dealer=rng.randrange(4))
    for _ in range(5000):
        if state.phase == "finished":
            return state
        state = play_random_step(state, rng)
        if on_state:
            on_state(state)
    raise AssertionError("the match did not finish")


def check_views_hide_other_hands(state):
    for seat in (None, 0, 1, 2, 3):
        view = view_for(state, seat)
        if not state.tricks and state.history:
            # Until this hand's first trick is complete, the hand before's last one: cards of
            # another deal, all played face up, which may share names with this deal's.
            before = state.history[-1]["tricks"][-1]
            assert [c["card"] for c in view["last_trick"]["cards"]] == before["cards"]
            assert view["last_trick"]["winner"] == before["winner"]
            view = {**view, "last_trick": None}
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in state.hands[other])


def check_legal_cards(state):
    if state.phase == "playing":
        seat = state.turn
        legal = legal_plays(state.hands[seat], [c for _, c in state.trick], state.rules,
                            first_trick=not state.tricks, spades_broken=state.spades_broken)
        assert legal and legal <= set(state.hands[seat])
        assert set(legal_actions(state, seat)["cards"]) == legal


@settings(max_examples=40, deadline=None)
@given(rule_sets(), st.randoms(use_true_random=False))
def test_random_legal_matches_always_finish_with_consistent_hands_and_scores(rules, rng):
    def on_state(state):
        check_legal_cards(state)
        check_views_hide_other_hands(state)

    state = random_match(rules, rng, on_state)
    assert state.phase == "finished" and state.winners
    totals = [0, 0, 0, 0]
    for hand in state.history:
        assert len(hand["tricks"]) == 13
        played = [c for t in hand["tricks"] for c in t["cards"]]
        assert len(set(played)) == 52 and sorted(played) == sorted(DECK)
        assert sorted(c for h in hand["deal"] for c in h) == sorted(DECK)
        assert sum(hand["tricks_won"]) == 13
        assert hand["scores"] == [score_hand(hand["calls"][s], hand["tricks_won"][s], rules)
                                  for s in range(4)]
        totals = [a + b for a, b in zip(totals, hand["scores"], strict=True)]
        assert hand["totals"] == totals
        for thrown in hand["redeals"]:
            assert thrown["reason"] in ("no_trump", "weak_hand", "min_total")
    assert state.scores == totals
    regular = [h for h in state.history if not h["play_off"]]
    assert len(regular) == rules.hands or rules.eight_wins
    assert len(state.history) - len(regular) <= PLAY_OFF_MAX_HANDS
    if len(state.winners) > 1 and rules.tie_break == "play_off":
        assert len(state.history) - len(regular) == PLAY_OFF_MAX_HANDS


def state_after(rules, rng, steps: int):
    """A match played at random for ``steps`` actions (or to its end)."""
    state = new_match(rules, first_dealer=rng.randrange(4))
    for _ in range(steps):
        if state.phase == "finished":
            break
        state = play_random_step(state, rng)
    return state


@settings(max_examples=30, deadline=None)
@given(rule_sets(), st.randoms(use_true_random=False), st.integers(0, 400))
def test_record_replays_to_the_same_state_at_any_moment(rules, rng, stop):
    state = state_after(rules, rng, stop)
    record = json.loads(json.dumps(match_record(state)))
    assert replay_record(record) == state


@settings(max_examples=30, deadline=None)
@given(rule_sets(), st.randoms(use_true_random=False), st.integers(0, 400))
def test_state_survives_a_json_round_trip(rules, rng, stop):
    state = state_after(rules, rng, stop)
    assert MatchState.from_json(json.loads(json.dumps(state.to_json()))) == state


def finished_record(seed=3):
    import random
    return match_record(random_match(Rules(hands=2), random.Random(seed)))


def test_a_finished_record_names_winners_places_and_every_card():
    record = finished_record()
    assert record["version"] == RECORD_VERSION and record["finished"] and record["current"] is None
    assert len(record["hands"]) == 2 and record["winners"]
    assert all(record["places"][w] == 1 for w in record["winners"])
    assert replay_record(record).phase == "finished"


def test_each_recorded_trick_names_the_seat_of_every_card_in_play_order():
    record = finished_record()
    for hand in record["hands"]:
        for trick in hand["tricks"]:
            seats = [played["seat"] for played in trick["cards"]]
            assert seats == [(trick["leader"] + k) % 4 for k in range(4)]
            winning = trick_winner([played["card"] for played in trick["cards"]])
            assert trick["cards"][winning]["seat"] == trick["winner"]


@pytest.mark.parametrize("tamper", [
    lambda r: r["hands"][0]["tricks"][0]["cards"].reverse(),
    lambda r: r["hands"][0]["scores"].__setitem__(0, 999),
    lambda r: r["hands"][1]["tricks"][3].__setitem__("winner", 9),
    lambda r: r["totals"].__setitem__(2, 1),
    lambda r: r["places"].reverse(),
    lambda r: r.__setitem__("version", RECORD_VERSION + 1),
    lambda r: r["hands"][0].pop("deal"),
    lambda r: r["hands"][0]["calls"].__setitem__(1, 0),
])
def test_an_inconsistent_record_is_refused_on_replay(tamper):
    record = finished_record()
    tamper(record)
    with pytest.raises(EngineError) as err:
        replay_record(record)
    assert err.value.code == "bad_record"
