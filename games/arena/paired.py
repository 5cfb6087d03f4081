"""Paired arena rows: every match is played twice on the same deals, once with the tested
level in one seat and once with the baseline in that seat, the other three seats the same
field in both. The two arms differ by the one seat's bot alone, so the difference of their
results (win share, points a hand) is measured match by match, and the luck of the deal
cancels out of it.

The tested seat turns with the match number, as in the arena; everything random comes from
the match's seed. A search bounded by ``rollouts`` (the hard levels; ``ismcts`` always counts
iterations) plays the same whatever the machine's load.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TextIO

from games.engine import Rules

from .match import MatchResult, in_processes, match_seed, play_match, with_progress
from .stats import mean_ci, quantile_ci


@dataclass(frozen=True)
class Row:
    """One paired row: ``tested`` against three ``field`` seats, paired with ``baseline`` in
    the tested seat. ``field`` is one level for all three seats or three levels,
    comma-separated, for the seats after the tested one in playing order."""

    tested: str
    field: str
    baseline: str

    def others(self) -> list[str]:
        """The field's levels for the three seats after the tested one."""
        levels = self.field.split(",")
        return levels * 3 if len(levels) == 1 else levels

    def seating(self, level: str, seat: int) -> list[str]:
        """Levels by seat with ``level`` at ``seat`` and the field around it."""
        out = [level] * 4
        for k, other in enumerate(self.others(), 1):
            out[(seat + k) % 4] = other
        return out

    def title(self) -> str:
        """The row's seats in words, as the table names them."""
        levels = self.field.split(",")
        field = (f"3 `{levels[0]}`" if len(levels) == 1
                 else ", ".join(f"`{level}`" for level in levels))
        return f"`{self.tested}` vs {field}"


@dataclass
class Pair:
    """One match played by both arms: the seat, and the result with the tested level and
    with the baseline in it."""

    seat: int
    tested: MatchResult
    baseline: MatchResult


def pairs_to_json(pairs: Sequence[Pair]) -> str:
    """The pairs as JSON, every figure of both arms kept, so that runs of a row on other
    seeds can be read back and summarised as one (``pairs_from_json``)."""
    return json.dumps([asdict(pair) for pair in pairs])


def pairs_from_json(text: str) -> list[Pair]:
    """The pairs ``pairs_to_json`` wrote (calls and tricks come back as tuples)."""
    def result(fields: dict) -> MatchResult:
        bids = [[(call, won) for call, won in seat] for seat in fields.pop("bids")]
        return MatchResult(**fields, bids=bids)

    return [Pair(item["seat"], result(item["tested"]), result(item["baseline"]))
            for item in json.loads(text)]


def play_pair(row: Row, rules: Rules, seed: int, seat: int,
              rollouts: int | None) -> Pair:
    """Both arms of one match: the same seed, so the same deals and dealer."""
    arms = []
    for level in (row.tested, row.baseline):
        arms.append(play_match(row.seating(level, seat), rules, seed, None,
                               rollouts=rollouts))
    return Pair(seat, arms[0], arms[1])


def _job(job: tuple[Row, Rules, int, int, int | None]) -> Pair:
    return play_pair(*job)


def play_pairs(row: Row, rules: Rules, *, matches: int, seed: int, rollouts: int | None,
               workers: int, progress: TextIO | None = None) -> list[Pair]:
    """``matches`` pairs of the row, in ``workers`` processes, in match order."""
    jobs = [(row, rules, match_seed(seed, m), m % 4, rollouts) for m in range(matches)]
    return list(with_progress(in_processes(_job, jobs, workers), len(jobs), progress,
                              "paired matches"))


@dataclass
class PairedSummary:
    """A paired row's figures, each a mean with the half-width of its 95 % interval: the
    tested seat's win share (%), points a hand and calls made (%); the same seat's win share
    and points a hand with the baseline in it; the paired differences (tested minus
    baseline); the tested seat's decision time p95 (ms) and its decisions."""

    matches: int
    win: tuple[float, float]
    points: tuple[float, float]
    made: tuple[float, float]
    baseline_win: tuple[float, float]
    baseline_points: tuple[float, float]
    win_gain: tuple[float, float]
    points_gain: tuple[float, float]
    decision_ms_p95: float
    decisions: int


def _seat_figures(result: MatchResult, seat: int) -> tuple[float, float, float]:
    hands = result.hands or 1
    return (100 * result.win_shares[seat], result.totals[seat] / 10 / hands,
            100 * result.calls_made[seat] / hands)


def summarise_pairs(pairs: Sequence[Pair]) -> PairedSummary:
    """The row's figures over its pairs (intervals over matches)."""
    tested = [_seat_figures(p.tested, p.seat) for p in pairs]
    base = [_seat_figures(p.baseline, p.seat) for p in pairs]
    times = [ms for p in pairs for ms in p.tested.decision_ms[p.seat]]
    return PairedSummary(
        matches=len(pairs),
        win=mean_ci([t[0] for t in tested]),
        points=mean_ci([t[1] for t in tested]),
        made=mean_ci([t[2] for t in tested]),
        baseline_win=mean_ci([b[0] for b in base]),
        baseline_points=mean_ci([b[1] for b in base]),
        win_gain=mean_ci([t[0] - b[0] for t, b in zip(tested, base, strict=True)]),
        points_gain=mean_ci([t[1] - b[1] for t, b in zip(tested, base, strict=True)]),
        decision_ms_p95=quantile_ci(times, 0.95)[0],
        decisions=len(times),
    )


@dataclass(frozen=True)
class CallSpread:
    """The hands one arm's seat called ``call`` in: how many, the share made (%), and the
    tricks taken (mean, standard deviation, fewest and most)."""

    call: int
    hands: int
    made: float
    tricks: float
    sd: float
    low: int
    high: int


def call_spread(pairs: Sequence[Pair], arm: str = "tested") -> list[CallSpread]:
    """For each call the tested seat made in ``arm`` (``tested`` or ``baseline``), the spread
    of the tricks it then took, lowest call first."""
    taken: dict[int, list[int]] = {}
    for pair in pairs:
        for call, tricks in getattr(pair, arm).bids[pair.seat]:
            taken.setdefault(call, []).append(tricks)
    return [CallSpread(call, len(tricks), 100 * sum(t >= call for t in tricks) / len(tricks),
                       statistics.mean(tricks),
                       statistics.stdev(tricks) if len(tricks) > 1 else 0.0,
                       min(tricks), max(tricks))
            for call, tricks in sorted(taken.items())]
