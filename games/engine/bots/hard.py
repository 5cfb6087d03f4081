"""The hard bot (placeholder until the search lands)."""

from __future__ import annotations

import random

from .normal import normal_decide
from .table import Table


def hard_decide(table: Table, rng: random.Random, budget_ms: int) -> int | str:
    """The hard bot's call (an int) or card (a string)."""
    del budget_ms
    return normal_decide(table, rng)
