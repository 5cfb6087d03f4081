"""The bots' rating calibration: one level learnt against levels whose ratings stay fixed."""

from __future__ import annotations

from games.arena.calibrate import anchored_seatings, calibrate_level, main
from games.engine.bots.ratings import BOT_RATINGS

NEW_PLAYER = (25.0, 25.0 / 3)


def test_the_calibrated_level_sits_once_in_every_match_turning_through_the_seats():
    seatings = anchored_seatings("expert", ["easy", "normal", "hard"], 12, seed=4)
    assert [s.index("expert") for s in seatings] == [0, 1, 2, 3] * 3
    assert all(s.count("expert") == 1 and set(s) - {"expert"} <= {"easy", "normal", "hard"}
               for s in seatings)
    assert len({tuple(s) for s in seatings}) > 1
    assert anchored_seatings("expert", ["easy", "normal", "hard"], 12, seed=4) == seatings


def test_a_level_rises_above_a_weaker_anchor_and_falls_below_a_stronger_one():
    kwargs = {"matches": 40, "seed": 3, "hands": 2, "rollouts": 50}
    normal = calibrate_level("normal", {"easy": BOT_RATINGS["easy"]}, **kwargs)
    easy = calibrate_level("easy", {"normal": BOT_RATINGS["normal"]}, **kwargs)
    assert normal[0] > NEW_PLAYER[0] > easy[0]
    assert max(normal[1], easy[1]) < NEW_PLAYER[1]
    # Played in two processes, the same matches are rated in the same order.
    assert calibrate_level("normal", {"easy": BOT_RATINGS["easy"]}, workers=2,
                           **kwargs) == normal


def test_the_command_prints_the_line_to_store(capsys):
    main(["--level", "easy", "--matches", "8", "--hands", "1", "--rollouts", "20"])
    line = capsys.readouterr().out
    name, rating = line.strip().rstrip(",").split(": ")
    mu, sigma = (float(x) for x in rating.strip("()").split(", "))
    assert name == '"easy"' and 0 < sigma < NEW_PLAYER[1] and mu != NEW_PLAYER[0]
