"""Rules, presets, toggles and scoring: docs/RULES.md sections 2, 3, 4, 6 and 7."""

import json
from dataclasses import fields

import pytest

from games.engine import EngineError, Rules, score_hand


def test_standard_preset_is_strict_five_hands_calls_one_to_eight_no_redeals():
    rules = Rules.preset("standard")
    assert rules == Rules()
    assert (rules.follow, rules.hands, rules.min_call, rules.max_call, rules.scoring) == (
        "strict", 5, 1, 8, "standard")
    assert not any([rules.redeal_no_trump, rules.redeal_weak_hand, rules.min_total_10,
                    rules.eight_wins, rules.no_spade_first_lead, rules.spades_broken])


def test_pagat_preset_is_free_follow_calls_two_to_twelve_exact_scoring():
    rules = Rules.preset("pagat")
    assert (rules.follow, rules.hands, rules.min_call, rules.max_call, rules.scoring) == (
        "free", 5, 2, 12, "exact")
    assert not rules.redeal_no_trump and not rules.redeal_weak_hand


def test_casual_preset_is_casual_follow_calls_one_to_thirteen_standard_scoring():
    rules = Rules.preset("casual")
    assert (rules.follow, rules.hands, rules.min_call, rules.max_call, rules.scoring) == (
        "casual", 5, 1, 13, "standard")


def test_unknown_preset_is_refused():
    with pytest.raises(EngineError) as err:
        Rules.preset("bridge")
    assert err.value.code == "bad_rules"


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        Rules().hands = 3  # type: ignore[misc]


@pytest.mark.parametrize("preset", ["standard", "pagat", "casual"])
def test_rules_round_trip_through_json(preset):
    rules = Rules.preset(preset).with_changes(hands=10, eight_wins=True, clockwise=True)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_every_toggle_is_a_field_that_can_be_set_on_its_own():
    toggles = {"redeal_no_trump", "redeal_weak_hand", "min_total_10", "eight_wins",
               "no_spade_first_lead", "spades_broken", "clockwise"}
    assert toggles <= {f.name for f in fields(Rules)}
    for toggle in toggles:
        rules = Rules.from_dict({toggle: True})
        assert getattr(rules, toggle) is True
        assert rules.with_changes(**{toggle: False}) == Rules()


def test_from_dict_starts_from_the_named_preset_and_applies_overrides():
    rules = Rules.from_dict({"preset": "pagat", "hands": 3, "spades_broken": True})
    assert rules == Rules.preset("pagat").with_changes(hands=3, spades_broken=True)


@pytest.mark.parametrize("valid, invalid", [
    ({"hands": 1}, {"hands": True}), ({"eight_wins": True}, {"eight_wins": 1}),
    ({"hands": 5}, {"hands": 5.0}), ({"follow": "free"}, {"follow": ["free"]}),
])
def test_rules_read_before_never_vouch_for_a_value_of_another_type(valid, invalid):
    # Equal dicts give the same (immutable) rules; 1 == True must not make a bad one pass.
    assert Rules.from_dict(dict(valid)) == Rules.from_dict(dict(valid))
    with pytest.raises(EngineError) as err:
        Rules.from_dict(invalid)
    assert err.value.code == "bad_rules"


def test_to_dict_gives_every_field_and_a_fresh_dict_each_time():
    rules = Rules.preset("pagat")
    first = rules.to_dict()
    assert first == {f.name: getattr(rules, f.name) for f in fields(Rules)}
    first["hands"] = 99
    assert rules.to_dict()["hands"] == rules.hands


@pytest.mark.parametrize("hands", [1, 3, 5, 10, 20])
def test_a_match_may_last_one_to_twenty_hands(hands):
    assert Rules(hands=hands).hands == hands


@pytest.mark.parametrize("data", [
    {"hands": 0}, {"hands": 21}, {"hands": True}, {"hands": "5"},
    {"min_call": 9, "max_call": 8}, {"min_call": 0}, {"max_call": 14},
    {"follow": "loose"}, {"scoring": "golf"}, {"eight_wins": 1},
    {"min_total_10": True, "max_call": 2},
    {"trumps": "hearts"}, {"preset": "bridge"},
])
def test_impossible_or_unknown_rules_raise_bad_rules(data):
    with pytest.raises(EngineError) as err:
        Rules.from_dict(data)
    assert err.value.code == "bad_rules"
    assert err.value.detail
    assert isinstance(err.value, ValueError)


def test_calls_range_variants_maximum_thirteen_and_minimum_two():
    assert Rules(max_call=13).max_call == 13
    assert Rules(min_call=2, max_call=12).min_call == 2


# Worked scoring examples of docs/RULES.md section 6, standard scoring.
@pytest.mark.parametrize("call, tricks, tenths", [
    (3, 5, 32), (4, 3, -40), (2, 2, 20), (4, 5, 41), (5, 3, -50),
])
def test_standard_scoring_worked_examples(call, tricks, tenths):
    assert score_hand(call, tricks, Rules.preset("standard")) == tenths


def test_standard_made_call_scores_call_plus_a_tenth_per_extra_trick():
    assert score_hand(8, 13, Rules()) == 85
    assert score_hand(1, 13, Rules()) == 22


def test_standard_scoring_gives_no_bonus_for_eight_or_more():
    assert score_hand(8, 9, Rules()) == 81


def test_bonus13_made_call_of_eight_or_more_scores_thirteen_plus_extra_tricks():
    rules = Rules(scoring="bonus13", max_call=13)
    assert score_hand(8, 8, rules) == 130
    assert score_hand(9, 11, rules) == 132
    assert score_hand(8, 7, rules) == -80
    assert score_hand(7, 8, rules) == 71


# Worked scoring examples of docs/RULES.md section 6, exact variant.
@pytest.mark.parametrize("tricks, tenths", [
    (0, -40), (3, -40), (4, 40), (5, 40), (6, -40), (13, -40),
])
def test_exact_scoring_call_four_made_with_four_or_five_tricks_only(tricks, tenths):
    assert score_hand(4, tricks, Rules(scoring="exact")) == tenths


@pytest.mark.parametrize("tricks, tenths", [(8, -90), (9, 130), (10, 130), (11, -90)])
def test_exact_scoring_call_nine_scores_thirteen_with_nine_or_ten_tricks(tricks, tenths):
    assert score_hand(9, tricks, Rules.preset("pagat")) == tenths


def test_exact_scoring_call_eight_made_scores_thirteen():
    assert score_hand(8, 8, Rules(scoring="exact")) == 130


@pytest.mark.parametrize("call, tricks", [(-1, 3), (3, 14), (2.5, 3), (True, 3)])
def test_score_hand_refuses_impossible_numbers(call, tricks):
    with pytest.raises(EngineError):
        score_hand(call, tricks, Rules())
