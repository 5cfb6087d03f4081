"""The levels are ordered: counted calls are sensible, and normal beats easy."""

import io
from contextlib import redirect_stdout

from games.arena import main
from games.arena.cli import parse_args, run_matches
from games.arena.stats import summarise
from games.engine import Rules
from games.engine.bots.calling import estimate_tricks, heuristic_call
from games.engine.cards import mask_of

STRONG = mask_of(["AS", "KS", "QS", "JS", "9S", "AH", "KH", "AC", "KC", "AD", "3D", "2D", "4C"])
WEAK = mask_of(["2S", "3H", "4H", "5H", "6H", "7C", "8C", "9C", "2D", "3D", "4D", "5D", "6D"])


def test_a_strong_hand_counts_more_tricks_than_a_weak_one():
    assert estimate_tricks(STRONG) >= 7
    assert estimate_tricks(WEAK) < 1


def test_heuristic_calls_stay_within_the_rules_range():
    assert heuristic_call(WEAK, [None] * 4, 0, Rules(min_call=2, max_call=12)) == 2
    assert heuristic_call(STRONG, [None] * 4, 0, Rules(max_call=5)) == 5


def test_normal_beats_three_easy_bots_over_a_fixed_seed_arena_run():
    args = parse_args(["--seats", "normal,easy,easy,easy", "--matches", "40", "--seed", "3",
                       "--workers", "1"])
    rows = {row.level: row for row in summarise(run_matches(args, None))}
    assert rows["normal"].win[0] > 35
    assert rows["normal"].total[0] > rows["easy"].total[0]


def test_arena_prints_a_row_per_level():
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--seats", "hard,easy,normal,easy", "--matches", "2", "--hands", "1",
                     "--budget-ms", "5", "--workers", "1", "--no-progress"]) == 0
    text = out.getvalue()
    for level in ("hard", "normal", "easy"):
        assert f"\n{level} " in text
