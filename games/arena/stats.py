"""Summaries with 95 % confidence intervals for the arena table."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .match import MatchResult

Z95 = 1.959964


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95 % interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def quantile_ci(values: Sequence[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile and a distribution-free 95 % interval (order statistics)."""
    data = sorted(values)
    n = len(data)
    if n == 0:
        return 0.0, 0.0, 0.0

    def at(rank: float) -> float:
        return data[min(n - 1, max(0, int(rank)))]

    spread = Z95 * math.sqrt(n * q * (1 - q))
    return at(q * n), at(q * n - spread), at(q * n + spread)


@dataclass
class LevelSummary:
    """One row of the arena table."""

    level: str
    seats: int
    win: tuple[float, float]
    total: tuple[float, float]
    made: tuple[float, float]
    time_mean: tuple[float, float]
    time_p95: tuple[float, float, float]
    decisions: int
    fallbacks: int = 0


def summarise(results: Sequence[MatchResult]) -> list[LevelSummary]:
    """Per level: win share (ties shared), mean total in points, calls made and decision
    times. Intervals are over matches, each match giving the mean of the level's seats."""
    levels = sorted({lv for r in results for lv in r.levels}, key=_level_order)
    rows = []
    for level in levels:
        wins, totals, made, times = [], [], [], []
        seats = fallbacks = 0
        for r in results:
            mine = [s for s in range(4) if r.levels[s] == level]
            seats = len(mine)
            wins.append(100 * sum(r.win_shares[s] for s in mine) / len(mine))
            totals.append(sum(r.totals[s] for s in mine) / len(mine) / 10)
            made.append(100 * sum(r.calls_made[s] for s in mine) / (len(mine) * max(1, r.hands)))
            for s in mine:
                times.extend(r.decision_ms[s])
                fallbacks += r.fallbacks[s]
        rows.append(LevelSummary(level, seats, mean_ci(wins), mean_ci(totals), mean_ci(made),
                                 mean_ci(times), quantile_ci(times, 0.95), len(times),
                                 fallbacks))
    return rows


def _level_order(level: str) -> int:
    order = ("expert", "hard", "hard-v1", "ismcts", "normal", "easy")
    return order.index(level) if level in order else len(order)


def format_table(rows: Sequence[LevelSummary], matches: int) -> str:
    """The arena table as text."""
    width = max([8] + [len(r.level) + 2 for r in rows])
    lines = [
        f"{matches} matches",
        f"{'seat':<{width}}{'seats':>6}{'win %':>16}{'mean total':>18}{'calls made %':>16}"
        f"{'ms mean':>16}{'ms p95 [95% CI]':>24}{'fallbacks':>11}",
    ]
    for r in rows:
        p95, lo, hi = r.time_p95
        lines.append(
            f"{r.level:<{width}}{r.seats:>6}{_pm(r.win, 1):>16}{_pm(r.total, 2):>18}"
            f"{_pm(r.made, 1):>16}{_pm(r.time_mean, 1):>16}"
            f"{f'{p95:.1f} [{lo:.1f}, {hi:.1f}]':>24}{r.fallbacks:>11}")
    return "\n".join(lines)


def _pm(value: tuple[float, float], digits: int) -> str:
    return f"{value[0]:.{digits}f} ± {value[1]:.{digits}f}"
