"""How a match ends: the play-off of a shared first place (tie_break) and open-ended matches
(hands null) finished by agreement or at the 50-hand cap, through apply_action and the record."""

import pytest

from games.engine import (
    OPEN_ENDED_MAX_HANDS,
    EngineError,
    MatchState,
    Rules,
    apply_action,
    match_record,
    new_match,
    replay_record,
    upgrade_record,
    view_for,
)
from games.engine.cards import DECK

from .helpers import act, call_all, play_lowest_until

SPADES, HEARTS, CLUBS, DIAMONDS = ([c for c in DECK if c[1] == suit] for suit in "SHCD")


def spades_to(seat):
    """A deal in which ``seat`` holds all thirteen spades, and so wins every trick."""
    others = [HEARTS, CLUBS, DIAMONDS]
    return [SPADES if s == seat else others.pop() for s in range(4)]


def play_hand(state, *, spades, calls, votes=(), agreed=False):
    """Deal a hand in which seat ``spades`` wins all 13 tricks, call ``calls`` (by seat),
    let ``votes`` agree to finish (and the table agree, if ``agreed``), and play it out."""
    state = call_all(act(state, type="deal", hands=spades_to(spades)), calls)
    for seat in votes:
        state = act(state, type="finish", seat=seat)
    if agreed:
        state = act(state, type="finish_agreed")
    return play_lowest_until(state, lambda s: s.phase != "playing")


def refused(state, **action):
    with pytest.raises(EngineError) as err:
        apply_action(state, action)
    return err.value


def tied_after_two(rules):
    """Seats 0 and 1 each win a hand with a call of 7 (7.6 each); seats 2 and 3 lose twice."""
    state = new_match(rules, first_dealer=3)
    state = play_hand(state, spades=0, calls=[7, 1, 1, 1])
    return play_hand(state, spades=1, calls=[1, 7, 1, 1])


# --- tie_break -----------------------------------------------------------------------------


def test_by_default_a_shared_first_place_is_shared():
    state = tied_after_two(Rules(hands=2))
    assert state.phase == "finished" and state.winners == [0, 1]
    assert state.scores == [66, 66, -20, -20]


def test_a_play_off_deals_one_more_hand_to_the_same_four_seats_when_first_place_is_shared():
    state = tied_after_two(Rules(hands=2, tie_break="play_off"))
    assert (state.phase, state.hand_number, state.play_off) == ("dealing", 3, 1)
    state = play_hand(state, spades=0, calls=[1, 1, 1, 1])
    assert state.phase == "finished" and state.winners == [0]
    assert [h["play_off"] for h in state.history] == [False, False, True]


def test_a_clear_first_place_needs_no_play_off():
    state = new_match(Rules(hands=1, tie_break="play_off"), first_dealer=0)
    state = play_hand(state, spades=2, calls=[1, 1, 3, 1])
    assert state.phase == "finished" and state.winners == [2] and state.play_off == 0


def test_a_tie_that_lasts_three_play_off_hands_is_shared_after_the_third():
    state = tied_after_two(Rules(hands=2, tie_break="play_off"))
    # Seats 2 and 3 take the play-off hands in turn with a call of 1: seats 0 and 1 lose
    # the same each time, and stay level at the top.
    for number, spades in enumerate((2, 3, 2), start=1):
        assert state.phase == "dealing" and state.play_off == number
        state = play_hand(state, spades=spades, calls=[1, 1, 1, 1])
    assert state.phase == "finished" and state.hand_number == 5
    assert state.winners == [0, 1] and state.scores[0] == state.scores[1]
    assert [h["play_off"] for h in state.history] == [False, False, True, True, True]


def test_eight_wins_by_a_tied_seat_in_a_play_off_hand_wins_the_match_alone():
    state = tied_after_two(Rules(hands=2, tie_break="play_off", eight_wins=True))
    state = play_hand(state, spades=1, calls=[1, 8, 1, 1])
    assert state.phase == "finished" and state.winners == [1]
    assert view_for(state, None)["places"][:2] == [2, 1]


def tied_low_after_two(rules):
    """Seats 0 and 1 share first place on 1.2 each, seats 2 and 3 share third on -2."""
    state = new_match(rules, first_dealer=3)
    state = play_hand(state, spades=0, calls=[1, 1, 1, 1])
    return play_hand(state, spades=1, calls=[1, 1, 1, 1])


def test_a_play_off_orders_only_the_tied_seats_and_the_others_keep_their_places():
    """A seat outside the tie that passes them all in the play-off hand stays where the
    regular end placed it: the play-off decides the order among the tied seats only."""
    state = tied_low_after_two(Rules(hands=2, tie_break="play_off"))
    assert state.scores == [12, 12, -20, -20] and state.play_off == 1
    state = play_hand(state, spades=2, calls=[1, 2, 8, 1])
    assert state.scores == [2, -8, 65, -30]
    assert state.phase == "finished" and state.winners == [0]
    assert view_for(state, None)["places"] == [1, 2, 3, 3]
    assert match_record(state)["places"] == [1, 2, 3, 3]


def test_eight_wins_by_a_seat_outside_the_tie_wins_nothing_in_a_play_off_hand():
    state = tied_low_after_two(Rules(hands=2, tie_break="play_off", eight_wins=True))
    state = play_hand(state, spades=2, calls=[1, 1, 8, 1])
    # The tied seats are still level, so the play-off goes on, and seat 2 is not first.
    assert state.phase == "dealing" and state.play_off == 2
    assert view_for(state, None)["places"] == [1, 1, 3, 3]


def test_an_eight_wins_champion_is_never_played_off():
    state = new_match(Rules(hands=3, tie_break="play_off", eight_wins=True), first_dealer=3)
    state = play_hand(state, spades=0, calls=[8, 1, 1, 1])
    assert state.phase == "finished" and state.winners == [0] and state.hand_number == 1


# --- open-ended matches ----------------------------------------------------------------------


OPEN = Rules(hands=None)


def test_an_open_ended_match_goes_on_until_the_table_agrees_then_ends_after_that_hand():
    state = new_match(OPEN, first_dealer=3)
    state = play_hand(state, spades=0, calls=[3, 1, 1, 1], votes=[0])
    assert (state.phase, state.hand_number, state.finish_votes) == ("dealing", 2, [])
    state = play_hand(state, spades=1, calls=[1, 3, 1, 1], votes=[2, 0], agreed=True)
    assert state.phase == "finished" and state.hand_number == 2
    assert [(h["finish_votes"], h["finish_agreed"]) for h in state.history] == [
        ([0], False), ([0, 2], True)]


def test_the_votes_and_the_agreement_are_in_every_seats_view():
    state = call_all(act(new_match(OPEN, first_dealer=0), type="deal", hands=spades_to(1)),
                     [1, 1, 1, 1])
    state = act(act(state, type="finish", seat=3), type="finish_agreed")
    for seat in (None, 0, 1, 2, 3):
        view = view_for(state, seat)
        assert view["hands"] is None
        assert (view["finish_votes"], view["finish_agreed"]) == ([3], True)


def test_agreeing_to_finish_is_refused_on_a_fixed_length_match():
    state = call_all(act(new_match(Rules(hands=5), first_dealer=0), type="deal",
                         hands=spades_to(1)), [1, 1, 1, 1])
    assert refused(state, type="finish", seat=0).code == "fixed_length"
    assert refused(state, type="finish_agreed").code == "fixed_length"


def test_a_seat_agrees_once_and_the_table_only_after_someone_has():
    state = act(new_match(OPEN, first_dealer=0), type="deal", hands=spades_to(1))
    assert refused(state, type="finish_agreed").code == "no_agreement"
    state = act(state, type="finish", seat=1)
    assert refused(state, type="finish", seat=1).code == "already_agreed"
    state = act(state, type="finish_agreed")
    assert refused(state, type="finish", seat=2).code == "already_finishing"
    assert refused(state, type="finish", seat=4).code == "bad_action"


def test_an_open_ended_match_ends_after_fifty_hands_whatever_the_votes():
    state = new_match(OPEN, first_dealer=0)
    for number in range(1, OPEN_ENDED_MAX_HANDS + 1):
        assert state.phase == "dealing" and state.hand_number == number
        state = play_hand(state, spades=number % 4, calls=[2, 2, 2, 2])
    assert state.phase == "finished" and state.hand_number == OPEN_ENDED_MAX_HANDS


def test_an_agreed_finish_with_first_place_shared_is_played_off():
    state = tied_after_two(Rules(hands=None, tie_break="play_off"))
    assert state.phase == "dealing" and state.play_off == 0  # nobody agreed: it goes on
    state = play_hand(state, spades=2, calls=[1, 1, 1, 1], votes=[0], agreed=True)
    assert (state.phase, state.play_off) == ("dealing", 1)
    assert refused(act(state, type="deal", hands=spades_to(0)), type="finish",
                   seat=1).code == "already_finishing"
    state = play_hand(state, spades=0, calls=[1, 1, 1, 1])
    assert state.phase == "finished" and state.winners == [0]


def test_the_fiftieth_hand_of_an_open_ended_match_is_never_played_off():
    state = new_match(Rules(hands=None, tie_break="play_off"), first_dealer=0)
    # Spades to seats 0 and 1 in turn: each even hand leaves them level, the 50th too.
    for number in range(1, OPEN_ENDED_MAX_HANDS + 1):
        state = play_hand(state, spades=(number - 1) % 2, calls=[3, 3, 1, 1])
    assert state.phase == "finished" and state.hand_number == OPEN_ENDED_MAX_HANDS
    assert state.scores[0] == state.scores[1] and state.winners == [0, 1]


# --- the record ----------------------------------------------------------------------------


def test_the_record_holds_both_options_and_replays_play_off_hands_and_votes():
    state = tied_after_two(Rules(hands=None, tie_break="play_off"))
    state = play_hand(state, spades=2, calls=[1, 1, 1, 1], votes=[1, 0], agreed=True)
    state = play_hand(state, spades=1, calls=[1, 1, 1, 1])
    record = match_record(state)
    assert record["rules"]["hands"] is None and record["rules"]["tie_break"] == "play_off"
    assert [h["play_off"] for h in record["hands"]] == [False, False, False, True]
    assert record["hands"][2]["finish_votes"] == [0, 1] and record["hands"][2]["finish_agreed"]
    assert replay_record(record) == state


def test_a_hand_under_way_replays_with_its_votes():
    state = call_all(act(new_match(OPEN, first_dealer=0), type="deal", hands=spades_to(1)),
                     [1, 1, 1, 1])
    state = act(state, type="finish", seat=2)
    record = match_record(state)
    assert record["current"]["finish_votes"] == [2]
    assert replay_record(record) == state


def test_a_tampered_vote_is_refused_on_replay():
    state = new_match(OPEN, first_dealer=3)
    state = play_hand(state, spades=0, calls=[3, 1, 1, 1], votes=[0], agreed=True)
    record = match_record(state)
    record["hands"][0]["finish_agreed"] = False
    with pytest.raises(EngineError) as err:
        replay_record(record)
    assert err.value.code == "bad_record"


def as_version_2(record):
    """``record`` as the previous format wrote it: no hand marks, no tie_break rule."""
    old = {**record, "version": 2, "rules": dict(record["rules"])}
    del old["rules"]["tie_break"]
    old["hands"] = [{k: v for k, v in h.items()
                     if k not in ("play_off", "finish_votes", "finish_agreed")}
                    for h in record["hands"]]
    return old


def test_a_version_2_record_is_upgraded_and_replays():
    state = tied_after_two(Rules(hands=2))
    record = match_record(state)
    old = as_version_2(record)
    upgraded = upgrade_record(old)
    assert upgraded["version"] == 3 and upgraded["hands"] == record["hands"]
    assert "play_off" not in old["hands"][0]  # the old record itself is left as it was
    assert replay_record(old) == state


def test_a_version_1_saved_state_is_read_as_a_regular_hand_with_no_votes():
    state = tied_after_two(Rules(hands=3))
    data = state.to_json()
    data["version"] = 1
    for key in ("finish_votes", "finish_agreed", "play_off"):
        del data[key]
    data["history"] = [{k: v for k, v in h.items()
                        if k not in ("play_off", "finish_votes", "finish_agreed")}
                       for h in data["history"]]
    assert MatchState.from_json(data) == state


@pytest.mark.parametrize("data", [{"tie_break": "coin"}, {"tie_break": None},
                                  {"hands": 0}, {"hands": 21}, {"hands": "none"}])
def test_a_bad_tie_break_or_hands_count_is_refused(data):
    with pytest.raises(EngineError) as err:
        Rules.from_dict(data)
    assert err.value.code == "bad_rules"
