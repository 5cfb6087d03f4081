"""The hard bot: determinized search over the hidden cards, within a time budget.

Cards: every distinct legal card is played out on the same sampled deals and the best
objective wins. Calls: the counted call and its neighbours are played out, and the call with
the best expected score is made. ``evaluate_options`` reports the same search for analysis.
"""

from __future__ import annotations

import random

from ..cards import card_index, card_name
from .calling import heuristic_call
from .search import SearchResult, distinct_cards, search_call, search_play
from .table import Table

# Time kept back from the budget for reading the view and building the answer.
OVERHEAD_MS = 5.0
# Calls tried on each side of the counted call.
CALL_SPREAD = 1


def _call_candidates(table: Table, legal: list[int], spread: int) -> list[int]:
    base = heuristic_call(table.hand, table.calls, table.seat, table.rules)
    near = [c for c in legal if -spread <= c - base <= spread + 1]
    return near or [base if base in legal else legal[0]]


def search(table: Table, legal: list[int | str], rng: random.Random, *, budget_ms: float,
           spread: int = 1, max_rollouts: int | None = None) -> tuple[SearchResult, dict]:
    """Run the search for the seat's decision; returns the result and a map from each
    searched option back to the legal actions it stands for."""
    budget = max(1.0, budget_ms - OVERHEAD_MS)
    if table.legal:
        options = distinct_cards(table, table.legal)
        result = search_play(table, rng, options, budget_ms=budget, max_rollouts=max_rollouts)
        groups: dict[int, list[int | str]] = {o: [] for o in options}
        for card in legal:
            index = card_index(card)
            rep = max(o for o in options if o <= index and o // 13 == index // 13)
            groups[rep].append(card)
        return result, groups
    calls = [c for c in legal if isinstance(c, int)]
    candidates = _call_candidates(table, calls, spread)
    result = search_call(table, rng, candidates, calls, budget_ms=budget,
                         max_rollouts=max_rollouts)
    return result, {c: [c] for c in calls}


def hard_decide(table: Table, rng: random.Random, budget_ms: int,
                max_rollouts: int | None = None) -> int | str:
    """The hard bot's call (an int) or card (a string)."""
    if table.legal:
        options = distinct_cards(table, table.legal)
        if len(options) == 1:
            return card_name(options[0])
        result = search_play(table, rng, options, budget_ms=max(1.0, budget_ms - OVERHEAD_MS),
                             max_rollouts=max_rollouts)
        return card_name(max(options, key=lambda o: result.objective[o]))
    calls = list(range(table.rules.min_call, table.rules.max_call + 1))
    candidates = _call_candidates(table, calls, CALL_SPREAD)
    result = search_call(table, rng, candidates, calls, budget_ms=max(1.0, budget_ms - OVERHEAD_MS),
                         max_rollouts=max_rollouts)
    return max(candidates, key=lambda c: result.objective[c])
