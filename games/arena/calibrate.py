"""Calibrate the bots' fixed ratings: play bot-only matches of mixed levels and learn one
OpenSkill rating per level, as players are rated (``social.services.ratings``).

``python -m games.arena.calibrate --matches 400`` prints the table to store in
``games/engine/bots/ratings.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from openskill.models import PlackettLuce

from games.engine import Rules
from games.engine.bots import BOT_LEVELS
from games.engine.ending import places

from .match import play_match


def calibrate(*, matches: int, seed: int, hands: int, budget_ms: int,
              levels: Sequence[str] = BOT_LEVELS) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per level after ``matches`` matches of four random levels."""
    model = PlackettLuce()
    ratings = {level: model.rating(name=level) for level in levels}
    rng = random.Random(seed)
    rules = Rules.preset("standard").with_changes(hands=hands)
    for number in range(matches):
        seating = [rng.choice(levels) for _ in range(4)]
        result = play_match(seating, rules, seed * 1_000_003 + number, budget_ms)
        teams = [[model.rating(mu=ratings[lv].mu, sigma=ratings[lv].sigma)] for lv in seating]
        rated = model.rate(teams, ranks=places(list(result.totals)))
        # A level seated twice moves by the mean of its seats' updates.
        for level in set(seating):
            seats = [s for s, lv in enumerate(seating) if lv == level]
            ratings[level] = model.rating(
                mu=sum(rated[s][0].mu for s in seats) / len(seats),
                sigma=sum(rated[s][0].sigma for s in seats) / len(seats), name=level)
    return {level: (r.mu, r.sigma) for level, r in ratings.items()}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.arena.calibrate")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--budget-ms", type=int, default=40,
                        help="thinking time per hard decision")
    args = parser.parse_args(argv)
    found = calibrate(matches=args.matches, seed=args.seed, hands=args.hands,
                      budget_ms=args.budget_ms)
    for level, (mu, sigma) in found.items():
        sys.stdout.write(f'    "{level}": ({mu:.2f}, {sigma:.2f}),\n')


if __name__ == "__main__":
    main()
