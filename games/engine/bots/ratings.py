"""The bots' fixed ratings, one per level, on the players' OpenSkill scale (mu, sigma).

Calibrated once from the arena (``python -m games.arena.calibrate``: every level's rating
learnt from bot-only matches of mixed levels, starting from a new player's rating) and
stored here with the level: a match against bots rates its people against these, and the
bots' own numbers never move. Pure data; no Django.
"""

from __future__ import annotations

# mu, sigma: from ``python -m games.arena.calibrate --matches 150 --seed 1`` (5-hand
# matches, 40 ms per hard decision). A new player starts at (25, 8.33).
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (23.81, 2.76),
    "normal": (31.27, 2.69),
    "hard": (36.53, 2.78),
    # Learnt alone against the three above (``--level expert --matches 150 --seed 1``, 600
    # rollouts a hard decision, the expert's cards 1,100 tree iterations): level with hard
    # within the interval, as in the paired arena rows.
    "expert": (36.43, 2.31),
}


def bot_rating(level: str) -> tuple[float, float]:
    """The fixed (mu, sigma) of the bot of ``level``. A level with no calibration yet (a
    new one, or an outside bot) counts as the strongest calibrated level, so beating it never
    earns more than beating a known bot would."""
    if level in BOT_RATINGS:
        return BOT_RATINGS[level]
    return max(BOT_RATINGS.values())
