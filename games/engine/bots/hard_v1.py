"""``hard-v1``: the hard bot as it was on 2026-12-04, the arena's fixed baseline.

Later work on ``hard`` (its call model, its edge, its playouts) is measured against it, so
it calls from a frozen copy of that day's call model (``call_model_hard_v1.json``) with that
day's edge, and plays its searches out as it did that day (not ``greedy``). Its card search
is the hard bot's own code: ``tests/bots/test_hard_v1.py`` replays the decisions recorded
that day on fixed positions, so a change to the shared search that would change ``hard-v1``
fails there and must leave ``hard-v1`` a copy of what it needs. An arena level, never
offered to players.
"""

from __future__ import annotations

import random
from pathlib import Path

from .hard import CallSource, hard_decide
from .table import Table

V1_CALLS = CallSource(Path(__file__).with_name("call_model_hard_v1.json"), 0.4)


def hard_v1_decide(table: Table, rng: random.Random, budget_ms: float,
                   max_rollouts: int | None = None) -> int | str:
    """hard-v1's call (an int) or card (a string)."""
    return hard_decide(table, rng, budget_ms, max_rollouts, calls=V1_CALLS, greedy=False)
