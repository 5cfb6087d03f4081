"""The bots' table (``make bench-bots``): paired arena rows, each a difference with its 95 %
interval, and an outside bot over HTTP.

Paired rows (``games.arena.paired``): each match is played twice on the same deals, with the
tested level in one seat and then with the baseline there (by default the field's own
level), three seats of the field in both; the table gives the tested seat's figures, the
baseline's in the same seat and their paired differences, and a second table the tested
seat's calls: for each call, the hands, the share made and the spread of the tricks taken,
beside the baseline's in that seat. The hard levels search a fixed number of rollouts a
decision (``--rollouts``) and ``ismcts`` and the expert's cards a fixed number of
iterations, so machine load changes the times, never the play. Pairs run in ``--workers``
processes.

Rows: ``hard`` vs 3 ``normal``; ``hard`` vs 3 ``hard-v1``; ``hard-v1`` vs 3 ``hard``; ``hard``
vs 3 ``ismcts``; ``expert`` vs 3 ``hard``; ``expert`` vs 3 ``normal``; ``normal`` vs 3
``easy``; ``hard`` vs a mixed field (``hard-v1``, ``ismcts``, ``normal``, paired with
``hard-v1``); and, unpaired, ``examples/smartbot`` (a real process on a loopback port) vs 3
``normal``.

Each row's pairs are written to ``--pairs-dir`` (one file per row, hands, rollouts and seed);
``--pooled`` plays nothing and prints each wanted row over every run of it kept there at the
same hands and rollouts, so runs on several seeds (or on two machines) make one row, exactly.
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
from games.arena.paired import (
    Pair,
    PairedSummary,
    Row,
    call_spread,
    pairs_from_json,
    pairs_to_json,
    play_pairs,
    summarise_pairs,
)
from games.arena.stats import summarise
from games.engine import Rules
from games.engine.bots import ARENA_LEVELS

ROOT = Path(__file__).resolve().parents[1]
SMARTBOT = ROOT / "examples" / "smartbot" / "smartbot.py"
# Named rows: (tested, field).
PAIRED = {
    "hard-normal": ("hard", "normal"),
    "hard-v1": ("hard", "hard-v1"),
    "v1-hard": ("hard-v1", "hard"),
    "hard-ismcts": ("hard", "ismcts"),
    "expert-hard": ("expert", "hard"),
    "expert-normal": ("expert", "normal"),
    "normal-easy": ("normal", "easy"),
    "hard-mixed": ("hard", "hard-v1,ismcts,normal"),
}
# The baseline of a row whose field mixes levels (else the field's own level).
MIXED_BASELINE = "hard-v1"
ROWS = (*PAIRED, "smartbot")
# About what the hard bot's 150 ms buy on a quiet core of this project's server (1,000
# rollouts took 66 ms of CPU, median, on the positions of ``tests/bots``).
ROLLOUTS = 2000
PAIRS = ROOT / "var" / "bench" / "pairs"


def pairs_file(folder: Path, key: str, hands: int, rollouts: int, seed: int | str) -> Path:
    """Where a run of row ``key`` keeps its pairs (``seed`` "*" names every seed's file)."""
    return folder / f"{key}-{hands}hands-{rollouts}rollouts-seed{seed}.json"


def pooled_pairs(folder: Path, key: str, hands: int, rollouts: int) -> tuple[list[Pair], list[str]]:
    """Every kept pair of row ``key`` at these hands and rollouts, and the seeds they came from."""
    pairs, seeds = [], []
    pattern = pairs_file(folder, key, hands, rollouts, "*").name
    for path in sorted(folder.glob(pattern)):
        pairs += pairs_from_json(path.read_text())
        seeds.append(path.stem.rsplit("-seed", 1)[1])
    return pairs, seeds


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


def _pm(value: tuple[float, float], digits: int = 1) -> str:
    return f"{value[0]:.{digits}f} ± {value[1]:.{digits}f}"


def paired_table(rows: Sequence[tuple[Row, PairedSummary]]) -> str:
    """The paired rows as a Markdown table."""
    lines = ["| seats | baseline in the seat | matches | win % | baseline win % | win % "
             "difference | points a hand | baseline points | points difference | calls "
             "made % | decision ms p95 |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for row, s in rows:
        lines.append(
            f"| {row.title()} | `{row.baseline}` | {s.matches} | "
            f"{_pm(s.win)} | {_pm(s.baseline_win)} | **{_pm(s.win_gain)}** | "
            f"{_pm(s.points, 2)} | {_pm(s.baseline_points, 2)} | **{_pm(s.points_gain, 2)}** | "
            f"{_pm(s.made)} | {s.decision_ms_p95:.0f} |")
    return "\n".join(lines)


def spread_table(rows: Sequence[tuple[Row, Sequence[Pair]]]) -> str:
    """For each paired row, the tested seat's calls and the tricks it took at each, beside the
    baseline's in the same seat, as a Markdown table."""
    lines = ["| seats | call | hands | made % | tricks taken, mean ± sd (fewest–most) | "
             "baseline: hands | made % | tricks taken |", "|---|---|---|---|---|---|---|---|"]
    for row, pairs in rows:
        tested = {s.call: s for s in call_spread(pairs, "tested")}
        baseline = {s.call: s for s in call_spread(pairs, "baseline")}
        for call in sorted(tested.keys() | baseline.keys()):
            cells = []
            for spread in (tested.get(call), baseline.get(call)):
                cells += (["0", "—", "—"] if spread is None else [
                    str(spread.hands), f"{spread.made:.0f}",
                    f"{spread.tricks:.2f} ± {spread.sd:.2f} ({spread.low}–{spread.high})"])
            lines.append(f"| {row.title()} | {call} | {' | '.join(cells)} |")
    return "\n".join(lines)


def smartbot_row(args: argparse.Namespace) -> str:
    """examples/smartbot over HTTP against three normal bots (unpaired), as a table."""
    with smartbot(args.port) as url:
        arena = parse_args(["--seats", f"{url},normal,normal,normal", "--matches",
                            str(args.matches), "--seed", str(args.seed), "--hands",
                            str(args.hands)])
        results = run_matches(arena, sys.stderr)
    s = next(r for r in summarise(results) if r.level == url)
    hands = args.hands
    return ("| seats | matches | win % | calls made % | points a hand | decision ms p95 "
            "| fallbacks |\n|---|---|---|---|---|---|---|\n"
            f"| `examples/smartbot` over HTTP vs 3 `normal` | {len(results)} | {_pm(s.win)} "
            f"| {_pm(s.made)} | {s.total[0] / hands:.2f} ± {s.total[1] / hands:.2f} | "
            f"{s.time_p95[0]:.0f} | {s.fallbacks} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=400, help="paired matches per row")
    parser.add_argument("--expert-matches", type=int, default=None,
                        help="paired matches of the expert row (default: --matches)")
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS,
                        help="rollouts per decision of hard and hard-v1 (and of the "
                             "expert's calls)")
    parser.add_argument("--baseline", choices=ARENA_LEVELS, default=None,
                        help="the level paired with the tested one in its seat (default: "
                             "the field's own level)")
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="arena processes")
    parser.add_argument("--rows", default=",".join(ROWS),
                        help=f"which rows, comma-separated among {', '.join(ROWS)}")
    parser.add_argument("--port", type=int, default=9101, help="smartbot's port")
    parser.add_argument("--pairs-dir", type=Path, default=PAIRS,
                        help="where each row's pairs are kept (default: var/bench/pairs)")
    parser.add_argument("--pooled", action="store_true",
                        help="play nothing: each row over every run of it kept in --pairs-dir")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    wanted = args.rows.split(",")
    unknown = [w for w in wanted if w not in ROWS]
    if unknown:
        parser.error(f"unknown rows {', '.join(unknown)}; rows are {', '.join(ROWS)}")
    rules = Rules.preset("standard").with_changes(hands=args.hands)
    done, seeds = [], {}
    for key in (k for k in PAIRED if k in wanted):
        tested, field = PAIRED[key]
        row = Row(tested, field, args.baseline or (MIXED_BASELINE if "," in field else field))
        if args.pooled:
            pairs, seeds[key] = pooled_pairs(args.pairs_dir, key, args.hands, args.rollouts)
            if not pairs:
                parser.error(f"no kept run of {key} at {args.hands} hands and "
                             f"{args.rollouts} rollouts in {args.pairs_dir}")
        else:
            matches = args.matches
            if tested == "expert" and args.expert_matches:
                matches = args.expert_matches
            pairs = play_pairs(row, rules, matches=matches, seed=args.seed,
                               rollouts=args.rollouts, workers=args.workers, progress=sys.stderr)
            kept = pairs_file(args.pairs_dir, key, args.hands, args.rollouts, args.seed)
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(pairs_to_json(pairs))
        done.append((row, summarise_pairs(pairs), pairs))
    runs = "; ".join(f"{key}: seeds {', '.join(s)}" for key, s in seeds.items())
    print(f"{args.hands}-hand matches, standard rules, the tested seat turning, "
          f"{f'pooled runs ({runs})' if args.pooled else f'seed {args.seed}'}, "
          f"{args.rollouts} rollouts a hard decision; ± is the 95 % interval; "
          "differences are paired (same deals); parity is 25 %")
    if done:
        print(paired_table([(row, summary) for row, summary, _ in done]))
        print("\nThe tested seat's calls and the tricks it took at each (and the baseline's in "
              "that seat):")
        print(spread_table([(row, pairs) for row, _, pairs in done]))
    if "smartbot" in wanted and not args.pooled:
        print(smartbot_row(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
