"""Calibrate the bots' fixed ratings: play bot-only matches of mixed levels and learn one
OpenSkill rating per level, as players are rated (``social.services.ratings``).

``python -m games.arena.calibrate --matches 400`` prints the table to store in
``games/engine/bots/ratings.py``. ``--level expert`` learns one level's rating alone,
against seats of the levels already stored there, whose ratings stay as stored: a slow
level is calibrated in the matches it plays, not in everyone's.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from games.engine import Rules
from games.engine.bots import BOT_LEVELS
from games.engine.bots.ratings import BOT_RATINGS
from games.engine.ending import places

from .match import MatchResult, in_processes, match_seed, play_match


def calibrate(*, matches: int, seed: int, hands: int, budget_ms: int,
              levels: Sequence[str] = BOT_LEVELS) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per level after ``matches`` matches of four random levels."""
    model = PlackettLuce()
    ratings = {level: model.rating(name=level) for level in levels}
    rng = random.Random(seed)
    rules = Rules.preset("standard").with_changes(hands=hands)
    for number in range(matches):
        seating = [rng.choice(levels) for _ in range(4)]
        result = play_match(seating, rules, match_seed(seed, number), budget_ms)
        teams = [[model.rating(mu=ratings[lv].mu, sigma=ratings[lv].sigma)] for lv in seating]
        rated = model.rate(teams, ranks=places(list(result.totals)))
        # A level seated twice moves by the mean of its seats' updates.
        for level in set(seating):
            seats = [s for s, lv in enumerate(seating) if lv == level]
            ratings[level] = model.rating(
                mu=sum(rated[s][0].mu for s in seats) / len(seats),
                sigma=sum(rated[s][0].sigma for s in seats) / len(seats), name=level)
    return {level: (r.mu, r.sigma) for level, r in ratings.items()}


def _play(job: tuple[list[str], Rules, int, int]) -> MatchResult:
    seating, rules, seed, rollouts = job
    return play_match(seating, rules, seed, None, rollouts=rollouts)


def anchored_seatings(level: str, anchors: Sequence[str], matches: int,
                      seed: int) -> list[list[str]]:
    """Each match's seats: ``level`` turning through the seats, the other three drawn from
    ``anchors``."""
    rng = random.Random(seed)
    seatings = []
    for number in range(matches):
        seating = [rng.choice(anchors) for _ in range(3)]
        seating.insert(number % 4, level)
        seatings.append(seating)
    return seatings


def calibrate_level(level: str, anchors: Mapping[str, tuple[float, float]], *, matches: int,
                    seed: int, hands: int, rollouts: int,
                    workers: int = 1) -> tuple[float, float]:
    """(mu, sigma) of ``level`` after ``matches`` matches against seats of the ``anchors``'
    levels, learnt from a new player's rating while the anchors' ratings stay fixed. The
    searching levels are bounded by ``rollouts`` a decision, so the machine's load changes
    nothing; the matches are played in ``workers`` processes and rated in match order."""
    model = PlackettLuce()
    rating = model.rating()
    rules = Rules.preset("standard").with_changes(hands=hands)
    seatings = anchored_seatings(level, list(anchors), matches, seed)
    jobs = [(seating, rules, match_seed(seed, number), rollouts)
            for number, seating in enumerate(seatings)]
    for seating, result in zip(seatings, in_processes(_play, jobs, workers), strict=True):
        teams = [[model.rating(mu=rating.mu, sigma=rating.sigma) if lv == level
                  else model.rating(*anchors[lv])] for lv in seating]
        rated = model.rate(teams, ranks=places(list(result.totals)))
        seat = seating.index(level)
        rating = model.rating(mu=rated[seat][0].mu, sigma=rated[seat][0].sigma)
    return rating.mu, rating.sigma


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.arena.calibrate")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--budget-ms", type=int, default=40,
                        help="thinking time per hard decision")
    parser.add_argument("--level", choices=BOT_LEVELS, default=None,
                        help="learn this level's rating alone, against the other stored ones")
    parser.add_argument("--rollouts", type=int, default=600,
                        help="with --level: rollouts per hard decision (about 40 ms)")
    parser.add_argument("--workers", type=int, default=1, help="with --level: processes")
    args = parser.parse_args(argv)
    if args.level is not None:
        anchors = {lv: r for lv, r in BOT_RATINGS.items() if lv != args.level}
        mu, sigma = calibrate_level(args.level, anchors, matches=args.matches, seed=args.seed,
                                    hands=args.hands, rollouts=args.rollouts,
                                    workers=args.workers)
        sys.stdout.write(f'    "{args.level}": ({mu:.2f}, {sigma:.2f}),\n')
        return
    found = calibrate(matches=args.matches, seed=args.seed, hands=args.hands,
                      budget_ms=args.budget_ms)
    for level, (mu, sigma) in found.items():
        sys.stdout.write(f'    "{level}": ({mu:.2f}, {sigma:.2f}),\n')


if __name__ == "__main__":
    main()
