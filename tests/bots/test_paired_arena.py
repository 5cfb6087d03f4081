"""Paired arena rows: both arms of a match get the same deals, and what differs between
them is the tested seat's bot alone."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from dataclasses import replace

from bench.bots import main, pairs_file
from games.arena.match import MatchResult
from games.arena.paired import (
    Pair,
    Row,
    call_spread,
    pairs_from_json,
    pairs_to_json,
    play_pair,
    play_pairs,
    summarise_pairs,
)
from games.engine import Rules

TWO_HANDS = Rules.preset("standard").with_changes(hands=2)


def test_both_arms_of_a_pair_are_dealt_the_same_cards_with_only_the_tested_seat_changed():
    for seat in range(4):
        pair = play_pair(Row("easy", "normal", "normal"), TWO_HANDS, 40 + seat, seat, None)
        assert pair.tested.deals == pair.baseline.deals
        assert len(pair.tested.deals) == 2
        assert pair.tested.levels == ["easy" if s == seat else "normal" for s in range(4)]
        assert pair.baseline.levels == ["normal"] * 4


def test_a_level_paired_with_itself_differs_by_nothing():
    pairs = play_pairs(Row("normal", "easy", "normal"), TWO_HANDS, matches=4, seed=3,
                       rollouts=None, workers=1)
    assert [p.seat for p in pairs] == [0, 1, 2, 3]
    summary = summarise_pairs(pairs)
    assert summary.win_gain == (0.0, 0.0) and summary.points_gain == (0.0, 0.0)


def _result(totals: list[int], shares: list[float]) -> MatchResult:
    return MatchResult(levels=["x"] * 4, totals=totals, win_shares=shares, hands=2)


def test_the_differences_are_taken_match_by_match_in_the_tested_seat():
    pairs = [Pair(0, _result([60, 0, 0, 0], [1, 0, 0, 0]), _result([20, 30, 0, 0], [0, 1, 0, 0])),
             Pair(1, _result([0, 40, 0, 0], [0, 0.5, 0.5, 0]), _result([0, 40, 0, 0],
                                                                        [0, 0.5, 0.5, 0]))]
    summary = summarise_pairs(pairs)
    # Points a hand: (6 - 2) / 2 = 2 in the first match, 0 in the second.
    assert summary.points_gain[0] == 1.0
    assert summary.win_gain[0] == 50.0
    assert summary.win[0] == 75.0 and summary.baseline_win[0] == 25.0


def test_the_bench_prints_a_paired_row_with_its_difference(tmp_path):
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--rows", "hard-normal", "--matches", "2", "--hands", "1",
                     "--rollouts", "20", "--workers", "1", "--pairs-dir", str(tmp_path)]) == 0
    text = out.getvalue()
    assert "| `hard` vs 3 `normal` | `normal` | 2 |" in text
    # Then each call of the tested seat with the tricks it took: two hands in all.
    calls = [line.split(" | ") for line in text.splitlines()
             if line.startswith("| `hard` vs 3 `normal` | ") and line.count("|") == 9]
    assert calls and sum(int(cells[2]) for cells in calls) == 2


def test_the_spread_of_tricks_is_kept_for_each_call_of_the_tested_seat():
    def bids(seat_bids):
        result = _result([0] * 4, [0.25] * 4)
        result.bids = [seat_bids if s == 1 else [(9, 9)] for s in range(4)]
        return result

    pairs = [Pair(1, bids([(3, 4), (2, 1)]), bids([(3, 3)])),
             Pair(1, bids([(3, 2), (3, 6)]), bids([(4, 4)]))]
    tested = call_spread(pairs)
    assert [(s.call, s.hands, s.low, s.high) for s in tested] == [(2, 1, 1, 1), (3, 3, 2, 6)]
    assert tested[1].made == 200 / 3 and tested[1].tricks == 4.0 and tested[1].sd == 2.0
    assert tested[0].made == 0 and tested[0].sd == 0.0
    baseline = call_spread(pairs, "baseline")
    assert [(s.call, s.hands, s.made) for s in baseline] == [(3, 1, 100.0), (4, 1, 100.0)]


def test_an_arena_match_keeps_each_seats_call_and_tricks_hand_by_hand():
    pair = play_pair(Row("easy", "normal", "normal"), TWO_HANDS, 7, 0, None)
    for result in (pair.tested, pair.baseline):
        assert [len(b) for b in result.bids] == [2] * 4
        for hand in range(2):
            assert sum(result.bids[s][hand][1] for s in range(4)) == 13
        made = [sum(t >= c for c, t in result.bids[s]) for s in range(4)]
        assert made == result.calls_made


def test_a_mixed_field_sits_in_playing_order_after_the_tested_seat_in_both_arms():
    row = Row("easy", "normal,hard-v1,ismcts", "hard-v1")
    assert row.seating("easy", 2) == ["hard-v1", "ismcts", "easy", "normal"]
    assert row.seating("hard-v1", 0) == ["hard-v1", "normal", "hard-v1", "ismcts"]
    assert row.title() == "`easy` vs `normal`, `hard-v1`, `ismcts`"


def _untimed(pair: Pair) -> Pair:
    return replace(pair, tested=replace(pair.tested, decision_ms=[]),
                   baseline=replace(pair.baseline, decision_ms=[]))


def _bench(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--rows", "normal-easy", "--hands", "2", "--workers", "1", *args]) == 0
    return out.getvalue()


def test_kept_pairs_read_back_the_same_and_runs_on_two_seeds_pool_into_one_row(tmp_path):
    kept = {}
    for seed in (5, 6):
        _bench("--matches", "3", "--seed", str(seed), "--pairs-dir", str(tmp_path))
        kept[seed] = pairs_from_json(pairs_file(tmp_path, "normal-easy", 2, 2000, seed).read_text())
    again = play_pairs(Row("normal", "easy", "easy"), TWO_HANDS, matches=3, seed=5,
                       rollouts=2000, workers=1)
    assert pairs_from_json(pairs_to_json(again)) == again
    # The same matches as kept, but for how long each decision took.
    assert [_untimed(p) for p in kept[5]] == [_untimed(p) for p in again]

    text = _bench("--pooled", "--pairs-dir", str(tmp_path))
    assert "pooled runs (normal-easy: seeds 5, 6)" in text
    both = summarise_pairs(kept[5] + kept[6])
    assert both.matches == 6
    row = next(line for line in text.splitlines() if line.startswith("| `normal` vs 3 `easy` |"))
    assert f"| 6 | {both.win[0]:.1f} ± {both.win[1]:.1f} |" in row
    assert f"**{both.points_gain[0]:.2f} ± {both.points_gain[1]:.2f}**" in row
