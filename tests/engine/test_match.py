"""The match state machine: docs/RULES.md sections 2 to 6 through apply_action."""

import random

import pytest

from games.engine import (
    EngineError,
    Rules,
    apply_action,
    deal_cards,
    legal_actions,
    new_match,
    places,
    view_for,
)
from games.engine.cards import DECK

from .helpers import BY_SUIT, act, call_all, make_deal, play_lowest_until


def dealt(rules=None, dealer=0, hands=None):
    state = new_match(rules or Rules(), first_dealer=dealer)
    return act(state, type="deal", hands=hands or deal_cards(random.Random(7)))


def refused(state, **action):
    with pytest.raises(EngineError) as err:
        apply_action(state, action)
    return err.value


def test_a_new_match_waits_for_the_first_dealers_deal():
    state = new_match(Rules(), first_dealer=2)
    assert (state.phase, state.hand_number, state.dealer, state.turn) == ("dealing", 1, 2, None)
    assert state.scores == [0, 0, 0, 0]


def test_deal_cards_gives_four_hands_of_thirteen_distinct_cards_from_a_seed():
    hands = deal_cards(random.Random(1))
    assert [len(h) for h in hands] == [13] * 4
    assert sorted(c for h in hands for c in h) == sorted(DECK)
    assert hands == deal_cards(random.Random(1))


def test_bidding_starts_with_the_player_after_the_dealer_and_the_dealer_calls_last():
    state = dealt(dealer=3)
    assert (state.phase, state.turn) == ("bidding", 0)
    for seat in (0, 1, 2):
        state = act(state, type="call", seat=seat, call=2)
        assert state.phase == "bidding"
    state = act(state, type="call", seat=3, call=2)
    assert state.phase == "playing"


def test_the_player_after_the_dealer_leads_the_first_trick_and_the_winner_leads_next():
    state = call_all(dealt(dealer=1, hands=BY_SUIT), [3, 3, 3, 3])
    assert state.turn == 2
    state = play_lowest_until(state, lambda s: len(s.tricks) == 1)
    assert state.turn == state.tricks[0]["winner"]


def test_hands_are_sorted_spades_hearts_clubs_diamonds_high_to_low():
    state = dealt(hands=[BY_SUIT[3], BY_SUIT[2], BY_SUIT[1], BY_SUIT[0]])
    assert state.hands[3][:3] == ["AS", "KS", "QS"]
    given = ["2D", "AS", "TC", "KH", "3S"]
    mixed = dealt(hands=make_deal(seat0=given))
    assert [c for c in mixed.hands[0] if c in given] == ["AS", "3S", "KH", "TC", "2D"]


def test_every_call_is_visible_to_all_as_soon_as_it_is_made():
    state = act(dealt(dealer=0), type="call", seat=1, call=4)
    for seat in (None, 0, 1, 2, 3):
        assert view_for(state, seat)["calls"] == [None, 4, None, None]


def test_calls_outside_the_range_are_refused_with_bad_call():
    state = dealt(dealer=0)
    for call in (0, 9, -1, "3", 2.0, True):
        assert refused(state, type="call", seat=1, call=call).code == "bad_call"
    assert refused(dealt(Rules.preset("pagat")), type="call", seat=1, call=1).code == "bad_call"


def test_casual_preset_accepts_a_call_of_thirteen():
    assert act(dealt(Rules.preset("casual")), type="call", seat=1, call=13).calls[1] == 13


def test_acting_out_of_turn_is_refused_with_not_your_turn():
    state = dealt(dealer=0)
    err = refused(state, type="call", seat=2, call=3)
    assert err.code == "not_your_turn" and "seat 1" in err.detail
    playing = call_all(state, [2, 2, 2, 2])
    assert refused(playing, type="play", seat=3, card=playing.hands[3][0]).code == "not_your_turn"


def test_actions_in_the_wrong_phase_are_refused_with_wrong_phase():
    fresh = new_match(Rules(), first_dealer=0)
    assert refused(fresh, type="call", seat=1, call=3).code == "wrong_phase"
    assert refused(fresh, type="play", seat=1, card="AS").code == "wrong_phase"
    state = dealt()
    assert refused(state, type="deal", hands=deal_cards(random.Random(2))).code == "wrong_phase"
    assert refused(state, type="play", seat=1, card=state.hands[1][0]).code == "wrong_phase"


@pytest.mark.parametrize("action", [
    {}, {"type": "shuffle"}, {"type": "call", "seat": 7, "call": 3},
    {"type": "call", "seat": None, "call": 3}, {"type": "deal", "hands": [["AS"] * 13] * 4},
    {"type": "deal", "hands": "AS"}, {"type": "deal", "hands": [DECK[:13]] * 3},
])
def test_malformed_actions_are_refused_with_bad_action(action):
    assert refused(new_match(Rules(), first_dealer=0), **action).code == "bad_action"


def test_a_card_that_is_no_card_is_a_bad_action_and_one_not_held_is_not_in_hand():
    state = call_all(dealt(hands=BY_SUIT), [2, 2, 2, 2])
    assert refused(state, type="play", seat=1, card="1H").code == "bad_action"
    assert refused(state, type="play", seat=1, card="AS").code == "not_in_hand"


def test_an_illegal_card_is_refused_and_nothing_changes():
    state = call_all(dealt(hands=make_deal(seat1=["9H"], seat2=["KH", "4H"])), [2, 2, 2, 2])
    state = act(state, type="play", seat=1, card="9H")
    before = state.to_json()
    err = refused(state, type="play", seat=2, card="4H")
    assert err.code == "must_beat"
    assert state.to_json() == before


def test_apply_action_never_changes_its_input():
    state = dealt()
    before = state.to_json()
    after = act(state, type="call", seat=1, call=5)
    assert state.to_json() == before and after.calls[1] == 5


def test_a_scored_hand_adds_to_the_totals_and_the_deal_passes_to_the_next_seat():
    state = call_all(dealt(dealer=3, hands=BY_SUIT), [8, 1, 1, 1])
    state = play_lowest_until(state, lambda s: s.phase != "playing")
    # Seat 0 holds every spade and takes all 13 tricks.
    assert state.history[0]["tricks_won"] == [13, 0, 0, 0]
    assert state.scores == [85, -10, -10, -10]
    assert (state.phase, state.hand_number, state.dealer) == ("dealing", 2, 0)


@pytest.mark.parametrize("length", [1, 3])
def test_the_match_ends_after_the_chosen_number_of_hands(length):
    state = new_match(Rules(hands=length), first_dealer=0)
    for number in range(1, length + 1):
        assert state.hand_number == number
        state = call_all(act(state, type="deal", hands=BY_SUIT), [1, 1, 1, 1])
        state = play_lowest_until(state, lambda s: s.phase != "playing")
    assert state.phase == "finished" and len(state.history) == length
    assert state.winners == [0]


def test_equal_totals_share_a_place():
    assert places([32, 32, -40, 5]) == [1, 1, 4, 3]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert places([-10, -20, -10, -30]) == [1, 3, 1, 4]


def test_standard_has_no_redeals():
    state = dealt(hands=BY_SUIT)
    err = refused(state, type="redeal", seat=1)
    assert err.code == "no_redeal"
    assert not legal_actions(state, 1)["redeal"]


def test_no_trump_redeal_variant_player_without_spades_may_ask_and_same_dealer_deals():
    state = dealt(Rules(redeal_no_trump=True), dealer=2, hands=BY_SUIT)
    assert legal_actions(state, 1)["redeal"] and view_for(state, 1)["can_redeal"]
    assert not legal_actions(state, 0)["redeal"]
    assert refused(state, type="redeal", seat=0).code == "no_redeal"
    again = act(state, type="redeal", seat=1)
    assert (again.phase, again.dealer, again.hand_number) == ("dealing", 2, 1)
    assert again.redeals == [{"deal": state.deal, "reason": "no_trump", "seat": 1}]


def test_no_trump_redeal_variant_does_not_cover_a_weak_hand():
    weak = make_deal(seat1=["JS", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H",
                            "JC", "TC", "9C"])
    assert refused(dealt(Rules(redeal_no_trump=True), hands=weak), type="redeal",
                   seat=1).code == "no_redeal"


def test_weak_hand_redeal_variant_player_without_queen_king_or_ace_may_ask():
    weak = make_deal(seat1=["JS", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H",
                            "JC", "TC", "9C"])
    state = act(dealt(Rules(redeal_weak_hand=True), hands=weak), type="redeal", seat=1)
    assert state.redeals[0]["reason"] == "weak_hand"


def test_weak_hand_redeal_variant_includes_a_hand_without_spades():
    state = act(dealt(Rules(redeal_weak_hand=True), hands=BY_SUIT), type="redeal", seat=2)
    assert state.redeals[0]["reason"] == "no_trump"


def test_a_redeal_may_only_be_asked_for_before_the_first_call():
    state = act(dealt(Rules(redeal_no_trump=True), dealer=0, hands=BY_SUIT),
                type="call", seat=1, call=2)
    assert not legal_actions(state, 1)["redeal"]
    assert refused(state, type="redeal", seat=1).code == "no_redeal"


def test_minimum_total_ten_calls_adding_to_nine_throw_the_cards_in():
    state = call_all(dealt(Rules(min_total_10=True), dealer=1, hands=BY_SUIT), [3, 2, 2, 2])
    assert (state.phase, state.dealer, state.hand_number) == ("dealing", 1, 1)
    assert state.redeals[0]["reason"] == "min_total"
    assert state.redeals[0]["calls"] == [3, 2, 2, 2]
    assert state.calls == [None] * 4


def test_minimum_total_ten_calls_adding_to_ten_are_played():
    state = call_all(dealt(Rules(min_total_10=True), hands=BY_SUIT), [4, 2, 2, 2])
    assert state.phase == "playing"


def test_without_minimum_total_low_calls_are_played():
    assert call_all(dealt(hands=BY_SUIT), [1, 1, 1, 1]).phase == "playing"


def test_eight_wins_a_made_call_of_eight_ends_the_match_at_once():
    state = call_all(dealt(Rules(eight_wins=True, hands=5), hands=BY_SUIT), [8, 5, 5, 5])
    state = play_lowest_until(state, lambda s: s.phase != "playing")
    assert state.phase == "finished" and state.hand_number == 1
    assert state.winners == [0]


def test_eight_wins_needs_the_call_made_under_the_scoring_in_force():
    # Under exact scoring 13 tricks on a call of 8 is a missed call.
    rules = Rules(eight_wins=True, scoring="exact", hands=2)
    state = call_all(dealt(rules, hands=BY_SUIT), [8, 1, 1, 1])
    state = play_lowest_until(state, lambda s: s.phase != "playing")
    assert state.phase == "dealing"


def test_eight_wins_winner_is_first_even_with_a_lower_total():
    from games.engine.state import MatchState
    state = call_all(dealt(Rules(eight_wins=True, hands=5), hands=BY_SUIT), [8, 1, 1, 1])
    data = state.to_json()
    data["scores"] = [-500, 0, 0, 0]
    state = play_lowest_until(MatchState.from_json(data), lambda s: s.phase != "playing")
    assert state.winners == [0]
    assert view_for(state, None)["places"] == [1, 2, 2, 2]


def test_without_eight_wins_the_match_goes_on():
    state = call_all(dealt(Rules(hands=2), hands=BY_SUIT), [8, 1, 1, 1])
    assert play_lowest_until(state, lambda s: s.phase != "playing").phase == "dealing"


def test_spades_broken_variant_in_a_match_tracks_spades_played():
    rules = Rules(spades_broken=True)
    hands = make_deal(seat1=["AS", "2H"], seat2=["3H"], seat3=["4C"], seat0=["5C"])
    state = call_all(dealt(rules, dealer=0, hands=hands), [1, 1, 1, 1])
    assert "AS" not in legal_actions(state, 1)["cards"]
    assert refused(state, type="play", seat=1, card="AS").code == "spade_lead"


def test_no_spade_first_lead_variant_in_a_match():
    hands = make_deal(seat1=["AS", "2H"])
    state = call_all(dealt(Rules(no_spade_first_lead=True), dealer=0, hands=hands), [1] * 4)
    assert "AS" not in legal_actions(state, 1)["cards"]


def test_clockwise_changes_nothing_in_the_order_of_play():
    a = call_all(dealt(Rules(clockwise=True), hands=BY_SUIT), [2, 2, 2, 2])
    b = call_all(dealt(Rules(), hands=BY_SUIT), [2, 2, 2, 2])
    assert (a.turn, a.hands) == (b.turn, b.hands)


def test_legal_actions_lists_calls_or_cards_only_for_the_seat_to_act():
    state = dealt(dealer=0)
    assert legal_actions(state, 1) == {"calls": list(range(1, 9)), "cards": [], "redeal": False}
    assert legal_actions(state, 2) == {"calls": [], "cards": [], "redeal": False}
    playing = call_all(state, [2, 2, 2, 2])
    assert legal_actions(playing, 1)["cards"] == playing.hands[1]
    assert legal_actions(playing, 0)["cards"] == []


def test_a_view_shows_only_the_own_hand_and_the_public_view_none():
    state = call_all(dealt(dealer=0), [2, 2, 2, 2])
    state = act(state, type="play", seat=1, card=legal_actions(state, 1)["cards"][0])
    public = view_for(state, None)
    assert "hand" not in public and public["legal"] == []
    for seat in range(4):
        view = view_for(state, seat)
        assert view["hand"] == state.hands[seat]
        text = repr(view)
        for other in range(4):
            if other != seat:
                assert not any(f"'{c}'" in text for c in state.hands[other])
    assert view_for(state, 2)["legal"] == legal_actions(state, 2)["cards"]
    assert public["trick"] == [{"seat": 1, "card": state.trick[0][1]}]


def test_the_view_keeps_the_last_trick_of_the_previous_hand_until_a_trick_of_the_next():
    state = call_all(dealt(Rules(hands=2), hands=BY_SUIT), [1, 1, 1, 1])
    state = play_lowest_until(state, lambda s: s.phase != "playing")
    view = view_for(state, 0)
    last = view["last_trick"]
    assert last["winner"] == 0 and view["tricks"] == []
    # Each seat played its suit from the lowest up: the aces fell last.
    assert last["cards"] == [{"seat": s, "card": f"A{suit}"} for s, suit in enumerate("SHCD")]
    assert view["hand_results"][0]["scores"] == [22, -10, -10, -10]
    assert "deal" not in view["hand_results"][0]
    # The next hand is dealt, called and under way: that trick stays the last one until the
    # new hand's first trick is complete (the table shows it going to its winner meanwhile).
    state = act(state, type="deal", hands=deal_cards(random.Random(3)))
    for seat in range(4):
        assert view_for(state, seat)["last_trick"] == last
    state = call_all(state, [2, 2, 2, 2])
    state = play_lowest_until(state, lambda s: len(s.trick) == 3)
    assert view_for(state, None)["last_trick"] == last
    state = play_lowest_until(state, lambda s: len(s.tricks) == 1)
    assert view_for(state, None)["last_trick"] == view_for(state, None)["tricks"][0] != last


@pytest.mark.parametrize("seat", [4, -1, True, "0"])
def test_a_view_for_a_seat_that_does_not_exist_is_refused(seat):
    with pytest.raises(EngineError):
        view_for(dealt(), seat)


def test_a_finished_match_offers_no_actions():
    state = new_match(Rules(hands=1), first_dealer=0)
    state = call_all(act(state, type="deal", hands=BY_SUIT), [1, 1, 1, 1])
    state = play_lowest_until(state, lambda s: s.phase != "playing")
    assert state.phase == "finished"
    assert all(legal_actions(state, s) == {"calls": [], "cards": [], "redeal": False}
               for s in range(4))
    assert refused(state, type="deal", hands=BY_SUIT).code == "wrong_phase"
