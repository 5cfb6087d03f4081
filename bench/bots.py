"""The bots' table (``make bench-bots``): the arena's rows of the bot targets, with 95 %
intervals, and an outside bot over HTTP.

Rows: ``hard`` and ``expert`` against three ``normal``, ``normal`` against three ``easy``,
and ``examples/smartbot`` (a real process on a loopback port) against three ``normal``.
Every row plays the same seeded deals (seats rotated), so rows differ by the bots alone.
``--matches`` sets the matches per row; ``--expert-matches`` and ``--expert-budget-ms`` bound
the expert row, whose decisions take a second or more.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx

from games.arena.cli import parse_args, run_matches
from games.arena.stats import LevelSummary, summarise

ROOT = Path(__file__).resolve().parents[1]
SMARTBOT = ROOT / "examples" / "smartbot" / "smartbot.py"
ROWS = ("hard", "expert", "normal", "smartbot")


@contextmanager
def smartbot(port: int) -> Iterator[str]:
    """examples/smartbot in its own process for the block; yields its URL."""
    process = subprocess.Popen([sys.executable, str(SMARTBOT), "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{url}/hi", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise RuntimeError("smartbot did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def row(name: str, seats: str, args: argparse.Namespace, matches: int,
        budget_ms: int | None) -> tuple[str, LevelSummary, int, int]:
    """Play one row; its name, the summary of its first seat's player, matches, hands."""
    argv = ["--seats", seats, "--matches", str(matches), "--seed", str(args.seed),
            "--hands", str(args.hands), "--workers", str(args.workers)]
    if budget_ms is not None:
        argv += ["--budget-ms", str(budget_ms)]
    arena = parse_args(argv)
    results = run_matches(arena, sys.stderr)
    subject = seats.split(",")[0]
    summary = next(s for s in summarise(results) if s.level == subject)
    return name, summary, len(results), arena.hands


def table(rows: Sequence[tuple[str, LevelSummary, int, int]]) -> str:
    """The rows as a Markdown table."""
    lines = ["| seats | matches | win % | calls made % | points per hand | decision ms p95 "
             "| fallbacks |", "|---|---|---|---|---|---|---|"]
    for name, s, matches, hands in rows:
        p95, lo, hi = s.time_p95
        lines.append(
            f"| {name} | {matches} | {s.win[0]:.1f} ± {s.win[1]:.1f} | "
            f"{s.made[0]:.1f} ± {s.made[1]:.1f} | {s.total[0] / hands:.2f} ± "
            f"{s.total[1] / hands:.2f} | {p95:.0f} [{lo:.0f}, {hi:.0f}] | {s.fallbacks} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__)
    parser.add_argument("--matches", type=int, default=400, help="matches per row")
    parser.add_argument("--expert-matches", type=int, default=None,
                        help="matches of the expert row (default: --matches)")
    parser.add_argument("--expert-budget-ms", type=int, default=1500)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rows", default=",".join(ROWS),
                        help=f"which rows, comma-separated among {', '.join(ROWS)}")
    parser.add_argument("--port", type=int, default=9101, help="smartbot's port")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    wanted = args.rows.split(",")
    done = []
    if "hard" in wanted:
        done.append(row("`hard` vs 3 `normal`", "hard,normal,normal,normal", args,
                        args.matches, None))
    if "expert" in wanted:
        done.append(row(f"`expert` ({args.expert_budget_ms} ms) vs 3 `normal`",
                        "expert,normal,normal,normal", args,
                        args.expert_matches or args.matches, args.expert_budget_ms))
    if "normal" in wanted:
        done.append(row("`normal` vs 3 `easy`", "normal,easy,easy,easy", args,
                        args.matches, None))
    if "smartbot" in wanted:
        with smartbot(args.port) as url:
            done.append(row("`examples/smartbot` over HTTP vs 3 `normal`",
                            f"{url},normal,normal,normal", args, args.matches, None))
    print(f"{args.hands}-hand matches, standard rules, seats rotated, seed {args.seed}; "
          "± is the 95 % interval; parity is 25 %")
    print(table(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
