"""Command line of the arena: parse, run matches in parallel, print the table."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from core import outbound
from games.engine import EngineError, Rules
from games.engine.bots import ARENA_LEVELS

from .external import check_url, is_url
from .match import MatchResult, in_processes, match_seed, play_match, with_progress
from .stats import format_table, summarise


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Arguments of ``python -m games.arena``."""
    parser = argparse.ArgumentParser(prog="python -m games.arena",
                                     description="Play bots against each other and measure.")
    parser.add_argument("--seats", default="hard,normal,normal,normal",
                        help="four comma-separated seats: levels (easy, normal, hard, expert, "
                             "and the arena's own hard-v1 and ismcts) or outside bots' "
                             "loopback URLs, one process each")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=5, help="hands per match")
    parser.add_argument("--budget-ms", type=int, default=None,
                        help="thinking time per hard decision (default: the bot's own)")
    parser.add_argument("--rollouts", type=int, default=None,
                        help="rollouts per decision of the hard levels instead of a time "
                             "(the expert then runs its fixed iterations, unclocked): the "
                             "bots then play alike whatever the machine's load")
    parser.add_argument("--bot-timeout", type=float, default=2.0,
                        help="seconds an outside bot has per request")
    parser.add_argument("--rules", default="standard", help="rules preset")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(list(argv))
    args.levels = [s.strip() for s in args.seats.split(",")]
    if len(args.levels) != 4 or any(lv not in ARENA_LEVELS and not is_url(lv)
                                    for lv in args.levels):
        parser.error(f"--seats needs four seats, each a level among {', '.join(ARENA_LEVELS)} "
                     "or an outside bot's URL")
    urls = [lv for lv in args.levels if is_url(lv)]
    if len(urls) != len(set(urls)):
        shared = next(u for u in urls if urls.count(u) > 1)
        parser.error(f"--seats names {shared} twice: one bot process plays one seat")
    for url in urls:
        try:
            check_url(url)
        except outbound.Refused as refused:
            parser.error(f"{url}: {refused.detail} (arena bots run on loopback addresses)")
    if urls:
        # A bot process plays one seat of one match at a time.
        args.workers = 1
    try:
        args.rule_set = Rules.preset(args.rules).with_changes(hands=args.hands)
    except EngineError as exc:
        parser.error(exc.detail)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    return args


def seating(levels: Sequence[str], match: int) -> list[str]:
    """Levels by seat for a match number: the list rotated one seat per match."""
    k = match % 4
    return [levels[(s - k) % 4] for s in range(4)]


def _job(job: tuple[list[str], Rules, int, int | None, float, int | None]) -> MatchResult:
    levels, rules, seed, budget, timeout, rollouts = job
    return play_match(levels, rules, seed, budget, timeout, rollouts=rollouts)


def run_matches(args: argparse.Namespace, progress: TextIO | None) -> list[MatchResult]:
    """Play all matches, in a process pool when more than one worker is asked for."""
    jobs = [(seating(args.levels, m), args.rule_set, match_seed(args.seed, m), args.budget_ms,
             args.bot_timeout, args.rollouts) for m in range(args.matches)]
    return list(with_progress(in_processes(_job, jobs, args.workers, ordered=False), len(jobs),
                              progress))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the arena with command-line arguments; prints the table, returns 0."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    results = run_matches(args, None if args.no_progress else sys.stderr)
    print(f"seats {','.join(args.levels)} (rotated), rules {args.rules}, {args.hands} hands, "
          f"seed {args.seed}")
    print(format_table(summarise(results), len(results)))
    return 0
