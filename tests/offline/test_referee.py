"""The referee the browser's worker runs (games/offline_referee.py), here on CPython: it draws
the API's view shape, refuses what the engine refuses (its code and facts, nothing changed),
and its saved document restores the match exactly."""

from __future__ import annotations

import json
import uuid

import pytest

from games import offline_referee as referee
from games.engine import EngineError
from games.view_shape import MatchView
from tests.offline.helpers import play_offline_match
from tests.shapes import assert_shape


def new_saved(levels=("easy", "normal", "hard")):
    return referee.match_start(match_id=str(uuid.uuid4()), rules={"preset": "standard"},
                               levels=list(levels), player="me", created_at="2025-01-01")


def until_my_card(saved):
    while True:
        after = referee.bot_turn(saved)
        if after is not None:
            saved = after
            continue
        view = referee.match_view(saved)
        if view["status"] == "playing":
            return saved
        saved = referee.match_act(saved, {"type": "call", "call": 2}, seq=saved["seq"])


def test_the_view_has_the_shape_of_the_apis_match_view():
    view = referee.match_view(new_saved())
    assert_shape(view, MatchView)
    assert view["hands"] == 5 and view["my_seat"] == 0 and len(view["hand"]) == 13
    assert [s["kind"] for s in view["seats"]] == ["human", "bot:easy", "bot:normal", "bot:hard"]
    assert view["deadline"] is None


def test_a_match_is_five_hands_under_a_preset_against_easy_normal_or_hard_bots():
    saved = play_offline_match(("hard", "normal", "easy"), preset="pagat")
    view = referee.match_view(saved)
    assert view["status"] == "finished" and len(view["hand_results"]) >= 5
    assert view["places"] is not None
    with pytest.raises(EngineError) as refused:
        new_saved(("expert", "easy", "easy"))
    assert refused.value.code == "bad_level"


def test_an_illegal_card_is_refused_with_the_engines_code_and_facts_and_changes_nothing():
    saved = until_my_card(new_saved(("easy", "easy", "easy")))
    view = referee.match_view(saved)
    while view["turn"] != 0:  # pragma: no cover - until_my_card stops on the player's turn
        saved = referee.bot_turn(saved)
        view = referee.match_view(saved)
    illegal = [c for c in view["hand"] if c not in view["legal"]]
    not_mine = next(c for c in ("AS", "KS", "QS", "2D", "3D") if c not in view["hand"])
    for card in illegal + [not_mine]:
        with pytest.raises(EngineError) as refused:
            referee.match_act(saved, {"type": "play", "card": card}, seq=saved["seq"])
        assert refused.value.code in ("must_follow", "must_beat", "must_overtrump",
                                      "must_trump", "spade_lead", "not_in_hand")
        assert refused.value.params
    assert referee.match_view(saved) == view


def test_an_action_on_an_old_view_is_refused_as_stale():
    saved = until_my_card(new_saved())
    card = referee.match_view(saved)["legal"][0]
    with pytest.raises(EngineError) as refused:
        referee.match_act(saved, {"type": "play", "card": card}, seq=saved["seq"] - 1)
    assert refused.value.code == "stale"


def test_a_saved_match_written_as_json_and_read_back_goes_on_exactly_where_it_was():
    saved = until_my_card(new_saved())
    restored = json.loads(json.dumps(saved))
    assert referee.match_view(restored) == referee.match_view(saved)
    card = referee.match_view(saved)["legal"][0]
    one = referee.match_act(saved, {"type": "play", "card": card}, seq=saved["seq"])
    two = referee.match_act(restored, {"type": "play", "card": card}, seq=restored["seq"])
    assert referee.match_view(one) == referee.match_view(two)


def test_the_bots_play_until_it_is_the_players_turn_and_the_upload_waits_for_the_end():
    saved = new_saved()
    while (after := referee.bot_turn(saved)) is not None:
        saved = after
    assert referee.match_view(saved)["turn"] == 0
    with pytest.raises(EngineError) as refused:
        referee.match_upload(saved)
    assert refused.value.code == "not_finished"
