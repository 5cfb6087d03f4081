"""Play obligations and trick winners: docs/RULES.md section 5."""

import pytest

from games.engine import EngineError, Rules, legal_plays, trick_winner
from games.engine.play import check_play

STRICT = Rules.preset("standard")
FREE = Rules(follow="free")
CASUAL = Rules(follow="casual")


def refusal(hand, trick, card, rules=STRICT, **kwargs):
    with pytest.raises(EngineError) as err:
        check_play(hand, trick, card, rules, **kwargs)
    return err.value


# Worked trick 1 of docs/RULES.md: H9 led, HK forced, S5 trumps, SQ over-trumps and wins.
def test_worked_trick_one_holder_of_king_must_beat_the_nine():
    assert legal_plays(["KH", "4H", "2C"], ["9H"], STRICT) == {"KH"}


def test_worked_trick_one_void_in_hearts_must_trump():
    assert legal_plays(["5S", "3D", "2C"], ["9H", "KH"], STRICT) == {"5S"}


def test_worked_trick_one_last_player_must_overtrump_with_queen():
    assert legal_plays(["QS", "3S", "7D"], ["9H", "KH", "5S"], STRICT) == {"QS"}


def test_worked_trick_one_queen_of_spades_wins():
    assert trick_winner(["9H", "KH", "5S", "QS"]) == 3


# Worked trick 2 of docs/RULES.md: H7 led, HA forced, S3 trumps, S6 over-trumps and wins.
def test_worked_trick_two_holder_of_ace_must_play_it():
    assert legal_plays(["AH", "2D"], ["7H"], STRICT) == {"AH"}


def test_worked_trick_two_void_player_trumps_and_next_must_overtrump():
    assert legal_plays(["3S", "KD"], ["7H", "AH"], STRICT) == {"3S"}
    assert legal_plays(["6S", "2S", "QC"], ["7H", "AH", "3S"], STRICT) == {"6S"}


def test_worked_trick_two_six_of_spades_wins_the_ace_was_not_enough():
    assert trick_winner(["7H", "AH", "3S", "6S"]) == 3


def test_must_follow_suit_when_holding_it():
    assert legal_plays(["2H", "AS", "KD"], ["9H"], STRICT) == {"2H"}


def test_holding_no_higher_card_any_card_of_the_led_suit_will_do():
    assert legal_plays(["2H", "5H", "AS"], ["9H"], STRICT) == {"2H", "5H"}


def test_strict_must_beat_the_highest_card_of_the_led_suit_not_just_the_lead():
    assert legal_plays(["TH", "AH", "3H"], ["9H", "KH"], STRICT) == {"AH"}


def test_any_higher_card_of_the_led_suit_is_enough():
    assert legal_plays(["TH", "AH", "3H"], ["9H"], STRICT) == {"TH", "AH"}


def test_after_a_trump_on_a_non_spade_lead_any_card_of_the_led_suit_will_do():
    assert legal_plays(["AH", "2H", "KS"], ["9H", "5S"], STRICT) == {"AH", "2H"}


def test_spades_led_play_a_higher_spade_if_you_have_one():
    assert legal_plays(["KS", "2S", "AH"], ["9S"], STRICT) == {"KS"}


def test_spades_led_without_a_higher_spade_any_spade():
    assert legal_plays(["4S", "2S", "AH"], ["9S"], STRICT) == {"4S", "2S"}


def test_void_in_led_suit_must_trump_with_any_spade():
    assert legal_plays(["2S", "KS", "AD"], ["9H"], STRICT) == {"2S", "KS"}


def test_void_in_led_suit_with_only_lower_spades_may_play_any_card():
    hand = ["2S", "AD", "3C"]
    assert legal_plays(hand, ["9H", "5S"], STRICT) == set(hand)


def test_void_in_led_suit_and_spades_may_play_any_card():
    hand = ["AD", "3C"]
    assert legal_plays(hand, ["9H"], STRICT) == set(hand)


def test_void_in_spades_on_a_spade_lead_may_play_any_card():
    hand = ["AD", "3C"]
    assert legal_plays(hand, ["9S", "KS"], STRICT) == set(hand)


def test_any_card_may_be_led_spades_included():
    hand = ["AS", "2H", "3C", "4D"]
    assert legal_plays(hand, [], STRICT) == set(hand)


def test_free_follow_any_card_of_the_led_suit_high_or_low():
    assert legal_plays(["KH", "4H", "AS"], ["9H"], FREE) == {"KH", "4H"}


def test_free_follow_still_owes_trumping_and_overtrumping_when_void():
    assert legal_plays(["2S", "AD"], ["9H"], FREE) == {"2S"}
    assert legal_plays(["QS", "3S", "7D"], ["9H", "KH", "5S"], FREE) == {"QS"}


def test_casual_follow_suit_if_you_can():
    assert legal_plays(["KH", "4H", "AS"], ["9H"], CASUAL) == {"KH", "4H"}


def test_casual_when_void_any_card_no_obligation_to_win():
    hand = ["2S", "AD", "3C"]
    assert legal_plays(hand, ["9H", "QS"], CASUAL) == set(hand)


def test_no_spade_lead_on_the_first_trick_variant():
    rules = Rules(no_spade_first_lead=True)
    hand = ["AS", "2H", "3C"]
    assert legal_plays(hand, [], rules, first_trick=True) == {"2H", "3C"}
    assert legal_plays(hand, [], rules, first_trick=False) == set(hand)
    assert legal_plays(hand, [], STRICT, first_trick=True) == set(hand)


def test_no_spade_first_lead_allows_a_spade_when_the_leader_holds_only_spades():
    rules = Rules(no_spade_first_lead=True)
    assert legal_plays(["AS", "2S"], [], rules, first_trick=True) == {"AS", "2S"}


def test_spades_broken_variant_forbids_leading_spades_until_one_was_played():
    rules = Rules(spades_broken=True)
    hand = ["AS", "2H", "3C"]
    assert legal_plays(hand, [], rules, spades_broken=False) == {"2H", "3C"}
    assert legal_plays(hand, [], rules, spades_broken=True) == set(hand)
    assert legal_plays(hand, [], STRICT, spades_broken=False) == set(hand)


def test_spades_broken_variant_allows_a_spade_lead_when_holding_only_spades():
    assert legal_plays(["AS"], [], Rules(spades_broken=True), spades_broken=False) == {"AS"}


def test_lead_variants_do_not_restrict_following_with_spades():
    rules = Rules(spades_broken=True, no_spade_first_lead=True)
    assert legal_plays(["2S", "AD"], ["9H"], rules, first_trick=True,
                       spades_broken=False) == {"2S"}


@pytest.mark.parametrize("trick, winner", [
    (["9H"], 0), (["9H", "KH"], 1), (["9H", "AD", "2C", "3H"], 0),
    (["2S", "AH", "AD", "AC"], 0), (["TD", "2S", "3S", "AD"], 2),
    (["KC", "AC", "4S", "2S"], 2),
])
def test_highest_spade_wins_else_highest_card_of_the_led_suit(trick, winner):
    assert trick_winner(trick) == winner


def test_off_suit_cards_never_win():
    assert trick_winner(["2D", "AH", "AC", "KH"]) == 0


# Refused cards: a stable code and a sentence a player understands.
def test_refusing_a_lower_card_when_holding_a_higher_one_says_must_beat():
    err = refusal(["KH", "4H"], ["9H"], "4H")
    assert err.code == "must_beat"
    assert err.detail == "You hold K♥, which beats the 9♥ — you must play it."


def test_must_beat_with_several_higher_cards_names_them_all():
    err = refusal(["KH", "AH", "4H"], ["9H"], "4H")
    assert err.code == "must_beat"
    assert err.detail == "You hold K♥ and A♥, which beat the 9♥ — you must play one of them."


def test_refusing_another_suit_while_holding_the_led_suit_says_must_follow():
    err = refusal(["KH", "4S"], ["9H"], "4S")
    assert err.code == "must_follow"
    assert "follow suit" in err.detail and "Hearts" in err.detail


def test_refusing_a_discard_while_holding_spades_says_must_trump():
    err = refusal(["4S", "3D"], ["9H"], "3D")
    assert err.code == "must_trump"
    assert err.detail == "You have no hearts, so you must play a spade."


def test_refusing_a_lower_spade_when_a_higher_one_beats_the_trump_says_must_overtrump():
    err = refusal(["QS", "3S"], ["9H", "KH", "5S"], "3S")
    assert err.code == "must_overtrump"
    assert err.detail == "You have no hearts. You hold Q♠, which beats the 5♠ — you must play it."


def test_refusing_a_spade_lead_on_the_first_trick_says_spade_lead():
    err = refusal(["AS", "2H"], [], "AS", Rules(no_spade_first_lead=True), first_trick=True)
    assert err.code == "spade_lead"
    assert "first trick" in err.detail


def test_refusing_a_spade_lead_before_spades_are_broken_says_spade_lead():
    err = refusal(["AS", "2H"], [], "AS", Rules(spades_broken=True), spades_broken=False)
    assert err.code == "spade_lead"
    assert "broken" in err.detail


def test_refusing_a_card_not_held_says_not_in_hand():
    err = refusal(["AS", "2H"], [], "7C")
    assert err.code == "not_in_hand"
    assert err.detail == "You do not hold 7♣."


def test_free_follow_does_not_refuse_a_low_card_of_the_led_suit():
    check_play(["KH", "4H"], ["9H"], "4H", FREE)


def test_casual_does_not_refuse_a_discard_when_void():
    check_play(["4S", "3D"], ["9H"], "3D", CASUAL)


@pytest.mark.parametrize("hand, trick", [
    (["AS", "AS"], []), (["XX"], []), (["AS"], ["AS"]), (["AS"], ["2H", "3H", "4H", "5H"]),
])
def test_malformed_hands_and_tricks_are_refused(hand, trick):
    with pytest.raises(EngineError):
        legal_plays(hand, trick, STRICT)


@pytest.mark.parametrize("trick", [[], ["2H", "3H", "4H", "5H", "6H"], ["2H", "2H"]])
def test_trick_winner_needs_one_to_four_distinct_cards(trick):
    with pytest.raises(EngineError):
        trick_winner(trick)
