"""The learned call model: shipped weights load, training is reproducible, and its calls
score better than the counted calls on deals it never saw."""

from __future__ import annotations

import json
import math
import random

import pytest

from games.arena.train_calls import compare_calls, main
from games.engine import Rules
from games.engine.bots.callmodel import (
    TRICKS,
    WEIGHTS,
    CallModel,
    call_distributions,
    expected_scores,
    shipped_model,
)
from games.engine.bots.hard_v1 import V1_CALLS
from games.engine.cards import mask_of


def test_the_shipped_weights_are_a_few_kilobytes_and_name_how_they_were_trained():
    assert WEIGHTS.stat().st_size < 16_000
    meta = shipped_model().meta
    # Refitted on the hard bot's own play, from the weights hard-v1 keeps, which were
    # trained on the normal bots' play.
    assert {"seed", "hands", "epochs", "hidden", "field", "learner", "rollouts"} <= set(meta)
    assert meta["hands"] >= 3_000 and meta["edge"] == 0.0 and meta["learner"] == "hard-v1"
    assert meta["from"] == V1_CALLS.weights.name and meta["from_meta"] == V1_CALLS.model().meta
    assert meta["from_meta"]["hands"] >= 10_000
    assert meta["validation_log_loss"] < meta["start_log_loss"]


def test_every_legal_call_gets_a_distribution_over_0_to_13_tricks():
    hand = mask_of(["AS", "KS", "QS", "JS", "AH", "KH", "AC", "KC", "AD", "2D", "3D", "4D",
                    "5D"])
    weak = mask_of(["2S", "3H", "4H", "5H", "6H", "2C", "3C", "4C", "5C", "6C", "7D", "8D",
                    "9D"])
    rules = Rules.preset("standard")
    for mask in (hand, weak):
        dists = call_distributions(shipped_model(), mask, 0, [], rules)
        assert sorted(dists) == list(range(1, 9))
        assert all(len(d) == TRICKS and math.isclose(sum(d), 1.0) for d in dists.values())
    strong = expected_scores(shipped_model(), hand, 0, [], rules)
    poor = expected_scores(shipped_model(), weak, 0, [], rules)
    assert max(strong, key=strong.get) > max(poor, key=poor.get)


def test_training_is_reproducible_from_its_seed(tmp_path):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        main(["--seed", "5", "--hands", "150", "--epochs", "1", "--out", str(path)])
    first, second = (json.loads(p.read_text()) for p in paths)
    assert first == second
    assert first["meta"]["seed"] == 5 and first["meta"]["hands"] == 150
    CallModel.from_json(first).distribution([0.0] * len(first["hidden"][0]))


def test_the_model_trained_on_normal_play_calls_better_than_the_count_on_held_out_deals():
    # hard-v1's weights, which the shipped ones start from. Deals drawn from their own seed,
    # never the training stream; each is played twice by the normal bots, one seat calling
    # by the model once and by the count once.
    gain, half_width, changed = compare_calls(V1_CALLS.model(), deals=800, seed=99)
    assert changed > 100
    assert gain - half_width > 0, (gain, half_width)


def test_the_call_arena_changes_nothing_but_the_tested_seats_calls():
    from games.arena.calls import play
    from games.arena.match import play_match

    rules = Rules.preset("standard")
    for match in (0, 1):
        _, points, _ = play("counted", match, rules)
        normal = play_match(["normal"] * 4, rules, match, None)
        assert points == normal.totals[match % 4] / 10 / rules.hands
    share, points, made = play("model", 2, rules)
    assert 0 <= share <= 100 and 0 <= made <= 100


def test_training_on_the_bots_own_play_against_a_field_is_reproducible_from_its_seed(tmp_path):
    from games.arena.train_calls_field import main as train_field

    # The second run plays its hands in two processes: the weights must not depend on it.
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for workers, path in zip(("1", "2"), paths, strict=True):
        train_field(["--seed", "4", "--hands", "6", "--rollouts", "10", "--field",
                     "normal,hard-v1", "--epochs", "1", "--workers", workers,
                     "--out", str(path)])
    first, second = (json.loads(p.read_text()) for p in paths)
    assert first == second
    assert first["meta"]["field"] == ["normal", "hard-v1"] and first["meta"]["edge"] == 0.0
    # Refitted from hard-v1's frozen weights, not from scratch (their shapes), whatever the
    # hard bot ships with, so a rerun gives the same weights.
    start = V1_CALLS.model()
    assert first["meta"]["from"] == V1_CALLS.weights.name and first["meta"]["learner"] == "hard-v1"
    assert len(first["hidden"]) == len(start.hidden)
    assert first["hidden"] != start.to_json()["hidden"]


def test_the_field_s_hard_v1_seats_give_examples_and_kept_hands_fit_the_same_weights(tmp_path):
    from games.arena.train_calls_field import load_played, play_hand
    from games.arena.train_calls_field import main as train_field

    # A field of hard-v1 only: every seat is the learner's bot, and each gives its example.
    examples, _ = play_hand(random.Random(3), ["hard-v1"], rollouts=5)
    assert len(examples) == 4
    in_order = sorted(examples, key=lambda e: e.order)
    assert [e.order for e in in_order] == [0, 1, 2, 3]
    assert sum(e.tricks for e in examples) == 13
    assert len({e.hand for e in examples}) == 4
    for before, after in zip(in_order, in_order[1:], strict=False):
        assert after.earlier == [*before.earlier, before.call]
    # With normal bots only, the learner alone gives one.
    examples, _ = play_hand(random.Random(3), ["normal"], rollouts=5)
    assert len(examples) == 1

    played = tmp_path / "played.json"
    args = ["--seed", "5", "--hands", "4", "--rollouts", "5", "--field", "hard-v1",
            "--epochs", "1"]
    train_field([*args, "--played", str(played), "--out", str(tmp_path / "a.json")])
    key = {"seed": 5, "hands": 4, "field": ["hard-v1"], "rollouts": 5}
    kept = load_played(played, key)
    assert kept is not None and sum(len(examples) for examples, _ in kept) == 16
    # Other options than those the hands were played under: the file is not theirs, and a
    # run under them is refused rather than replace it.
    assert load_played(played, {**key, "rollouts": 6}) is None
    kept_bytes = played.read_bytes()
    with pytest.raises(SystemExit):
        train_field([*args[:5], "6", *args[6:], "--played", str(played),
                     "--out", str(tmp_path / "other.json")])
    assert played.read_bytes() == kept_bytes and not (tmp_path / "other.json").exists()
    # Refitted from the kept hands, or played again without them: the same weights.
    train_field([*args, "--played", str(played), "--out", str(tmp_path / "b.json")])
    train_field([*args, "--out", str(tmp_path / "c.json")])
    weights = [json.loads((tmp_path / f"{n}.json").read_text()) for n in "abc"]
    assert weights[0] == weights[1] == weights[2]
    assert weights[0]["meta"]["examples"] == 16


def test_weights_that_name_their_edge_bring_it_to_the_hard_bots_calls(tmp_path):
    from games.engine.bots.hard import HARD_CALLS, TRICK_EDGE, CallSource

    # hard-v1's weights name no edge: they count on the one measured against normal bots.
    assert "edge" not in V1_CALLS.model().meta
    assert CallSource(V1_CALLS.weights).trick_edge() == TRICK_EDGE
    own = V1_CALLS.model().to_json()
    own["meta"] = {**own["meta"], "edge": 0.0}
    path = tmp_path / "own_play.json"
    path.write_text(json.dumps(own))
    assert CallSource(path).trick_edge() == 0.0
    assert CallSource(path, edge=0.4).trick_edge() == 0.4
    # The shipped weights were fitted to the hard bot's own play: no edge.
    assert HARD_CALLS.trick_edge() == 0.0


def _calling_tables(count: int) -> list:
    """Tables of seats about to call in an early hand of a 5-hand match, on random deals."""
    from games.engine import view_for
    from games.engine.bots.table import Table
    from tests.bots.positions import random_position

    tables = []
    seed = 0
    while len(tables) < count:
        state = random_position(seed, Rules.preset("standard").with_changes(hands=5))
        seed += 1
        if state.phase == "bidding":
            tables.append(Table.from_view(view_for(state, state.turn), state.turn))
    return tables


def test_the_hard_bot_calls_for_the_match_bolder_when_level_and_safer_well_ahead():
    from games.engine.bots.hard import learned_call, match_call

    level, ahead = [], []
    for table in _calling_tables(120):
        # The first hand, everyone on 0.
        table.hand_number = 1
        table.scores = [0, 0, 0, 0]
        level.append(match_call(table) - learned_call(table))
        # Twelve points clear of everyone, with two hands to go.
        table.hand_number = 4
        table.scores = [120 if p == table.seat else 0 for p in range(4)]
        ahead.append(match_call(table) - learned_call(table))
    assert min(level) >= 0 and sum(d > 0 for d in level) >= 6
    assert max(ahead) <= 0 and sum(d < 0 for d in ahead) >= 6


def test_in_the_last_hand_the_hard_bot_calls_to_finish_first():
    from games.engine.bots.hard import learned_call, match_call

    level, decided = [], []
    for table in _calling_tables(120):
        table.hand_number = table.hands_total
        # Level with everyone: only a hand that beats the rivals' wins the match.
        table.scores = [0, 0, 0, 0]
        level.append(match_call(table) - learned_call(table))
        # Thirty points clear, or thirty behind: no call changes the winner, so the hand's
        # own expected score decides.
        for lead in (300, -300):
            table.scores = [lead if p == table.seat else 0 for p in range(4)]
            decided.append(match_call(table) == learned_call(table))
    assert min(level) >= 0 and sum(d > 0 for d in level) >= 12
    assert all(decided)


def test_the_last_hand_reads_the_rivals_calls():
    from games.engine.bots.hard import RIVAL_MADE, last_hand_chance
    from games.engine.bots.rollout import score_table

    table = _calling_tables(1)[0]
    scores = score_table(table.rules)
    rival = (table.seat + 1) & 3
    table.scores = [0, 0, 0, 0]
    table.calls = [None] * 4
    table.calls[rival] = 4
    others = [p for p in range(4) if p not in (table.seat, rival)]
    # Far ahead of the two rivals yet to call, the seat's chance is the called rival's
    # failing (ending on -40) or made call (+40) being passed.
    for p in others:
        table.scores[p] = -1000
    assert abs(last_hand_chance(table, 41, scores) - 1.0) < 1e-9
    assert abs(last_hand_chance(table, 39, scores) - (1 - RIVAL_MADE)) < 1e-9
    assert abs(last_hand_chance(table, 40, scores) - (1 - RIVAL_MADE / 2)) < 1e-9
    assert last_hand_chance(table, -41, scores) == 0.0
    # A rival yet to call is a spread, not a step: level with one, the chance is a half.
    table.calls[rival] = None
    table.scores[rival] = 0
    assert abs(last_hand_chance(table, 20, scores) - 0.5) < 1e-9
    assert 0.5 < last_hand_chance(table, 30, scores) < 1.0


def test_hard_calls_for_the_match_and_hard_v1_for_the_hand_score():
    import random

    from games.engine.bots import choose
    from games.engine.bots.hard import learned_call, match_call
    from games.engine.bots.hard_v1 import V1_CALLS

    tables = _calling_tables(120)
    assert all(choose(t, "hard", random.Random(1), rollouts=50) == match_call(t)
               for t in tables)
    # The last hand's call too is the model's, read at no search time.
    last = _calling_tables(40)
    for t in last:
        t.hand_number = t.hands_total
    assert all(choose(t, "hard", random.Random(1), rollouts=50) == match_call(t)
               for t in last)
    assert all(choose(t, "hard-v1", random.Random(1), rollouts=50)
               == learned_call(t, calls=V1_CALLS) for t in tables)
    assert any(match_call(t) != learned_call(t) for t in tables)
