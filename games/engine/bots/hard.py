"""The hard bot: determinized search over the hidden cards, within a time budget.

Cards: every distinct legal card is played out on the same sampled deals (weighted by how
well they explain the calls and cards so far; the last three tricks searched exactly), and
the card with the best search objective (chance of winning the match, then the hand's
score) is chosen. In the playouts every seat goes after every trick the scoring pays for
(``GREEDY_PLAYOUTS``; ``hard-v1``'s have a seat that made its call shed its cards).

Calls: from the tricks the learned call model expects of the hand, by weights refitted on
the hard bot's own play against a mixed field (``train_calls_field``;
weights trained on other bots' play count on an edge of ``TRICK_EDGE`` tricks, as
``hard-v1``'s do), the call with the best search objective at the match's scores
(``match_call``; ``hard-v1`` takes the best expected hand score, ``learned_call``). In the
last hand, where only finishing first counts, ``match_call`` reads the rivals who called
before the seat by their calls; ``hard-v1`` plays that call, one below and two above out on
sampled deals and takes the best objective.
``evaluate_options`` reports the same search as expected scores for analysis.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

from ..cards import card_index, card_name
from .callmodel import WEIGHTS, CallModel, call_distributions, load_model, model_call
from .rollout import score_table
from .search import (
    MATCH_WIN,
    SearchResult,
    distinct_cards,
    match_equity,
    search_call,
    search_play,
)
from .table import Table

# Time kept back from the budget for reading the view and building the answer.
OVERHEAD_MS = 5.0
# Whether the playouts have every seat go after every trick, its call made or not, where
# the scoring pays for each (``rollout.pays_every_trick``): searching players do, and
# against three ``hard-v1`` it scored more points a hand and made more of its calls than
# playouts where a seat that has made its call sheds its cards, level in matches won
# (docs/BENCHMARKS.md).
GREEDY_PLAYOUTS = True
# Calls tried below the counted call (one more is tried above it).
CALL_SPREAD = 1
# Tricks a hand the hard bot takes beyond what a call model trained on the normal bots' play
# predicts, measured in the arena against three normal bots (weights that name no edge).
TRICK_EDGE = 0.4
# A rival's score for a hand not yet played, in tenths, for choosing a call: about what the
# bots of every level average under the standard scoring.
RIVAL_HAND = 20.0
# In the last hand, for a rival yet to call: the spread of that score (the arena measures
# 20 to 26 against every field), and for one who has called: the share of calls made
# (the arena's rows measure 79 to 93 % for the searching levels).
RIVAL_SPREAD = 25.0
RIVAL_MADE = 0.85


@dataclass(frozen=True)
class CallSource:
    """Where a hard bot's calls come from: the call model's weights, the tricks a hand
    it counts on taking beyond the model's prediction (None: the ``edge`` the weights name
    in their ``meta``, else ``TRICK_EDGE``; a model trained on the bot's own play names 0),
    and whether the call is the one best for winning the match (``match_call``, in every
    hand) rather than the best expected hand score (``learned_call``, searched around in
    the last hand)."""

    weights: Path
    edge: float | None = None
    for_the_match: bool = False

    def model(self) -> CallModel:
        """The call model of these weights."""
        return load_model(self.weights)

    def trick_edge(self) -> float:
        """The edge the calls count on."""
        if self.edge is not None:
            return self.edge
        return float(self.model().meta.get("edge", TRICK_EDGE))


HARD_CALLS = CallSource(WEIGHTS, for_the_match=True)


@dataclass
class Searched:
    """A finished search: its result, the options searched (the ones the bot chooses among)
    and the legal actions each option stands for."""

    result: SearchResult
    options: list[int]
    groups: dict[int, list[int | str]]

    def best(self) -> int:
        """The searched option with the best objective."""
        return max(self.options, key=lambda o: self.result.objective[o])


def _calling_place(table: Table) -> tuple[int, list[int]]:
    """The seat's place in the calling order (0 calls first) and the calls made before it."""
    first = (table.dealer + 1) & 3
    order = (table.seat - first) & 3
    return order, [table.calls[(first + k) & 3] or 0 for k in range(order)]


def learned_call(table: Table, edge: float | None = None,
                 calls: CallSource = HARD_CALLS) -> int:
    """The call model's call for the seat: the best expected hand score for a player
    ``edge`` tricks a hand stronger than the self-play bots (default: the source's edge)."""
    order, earlier = _calling_place(table)
    return model_call(calls.model(), table.hand, order, earlier, table.rules,
                      calls.trick_edge() if edge is None else edge)


def match_call(table: Table, calls: CallSource = HARD_CALLS) -> int:
    """The call with the best search objective (``search.objective``) over the tricks the
    call model expects from the seat's hand: the chance of winning the match, with the
    hand's own score breaking ties.

    Before the last hand the rivals' scores for the hand are unknown; each is taken at
    ``RIVAL_HAND`` with its spread added to the hands still to come. Level on points, a
    first place among four goes to the seat whose score lands high, so this call is often
    bolder than the best expected score; well ahead late in the match, it is safer. In the
    last hand the chance is that of finishing first (``last_hand_chance``).
    """
    order, earlier = _calling_place(table)
    dists = call_distributions(calls.model(), table.hand, order, earlier, table.rules,
                               calls.trick_edge())
    scores = score_table(table.rules)
    left = table.hands_total - table.hand_number
    now = table.scores[table.seat]
    rivals = [table.scores[p] + RIVAL_HAND for p in range(4) if p != table.seat]

    def chance(total: float) -> float:
        if left <= 0:
            return last_hand_chance(table, total, scores)
        return match_equity(total, rivals, 2 * left + 1)

    def value(call: int) -> float:
        return sum(p * (MATCH_WIN * chance(now + scores[call][t]) + scores[call][t])
                   for t, p in enumerate(dists[call]) if p > 0)

    return max(dists, key=lambda c: (value(c), -c))


def last_hand_chance(table: Table, total: float,
                     scores: tuple[tuple[int, ...], ...]) -> float:
    """The chance that the seat, ending the match on ``total`` (tenths), finishes ahead of
    every rival (a tie counting half), the rivals taken independently.

    A rival who has called ends on its score plus that call's score when made
    (``RIVAL_MADE`` of the time) or minus it when failed; one yet to call on its score plus
    a normal ``RIVAL_HAND`` with a spread of ``RIVAL_SPREAD``.
    """
    chance = 1.0
    for p in range(4):
        if p == table.seat:
            continue
        call = table.calls[p]
        if call is None:
            lead = total - table.scores[p] - RIVAL_HAND
            chance *= 0.5 * (1 + math.erf(lead / (RIVAL_SPREAD * math.sqrt(2))))
            continue
        made, failed = (table.scores[p] + scores[call][t] for t in (call, 0))
        chance *= RIVAL_MADE * _beats(total, made) + (1 - RIVAL_MADE) * _beats(total, failed)
    return chance


def _beats(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _call(table: Table, calls: CallSource) -> int:
    """The call of ``calls``' kind: for the match, or for the hand's expected score."""
    if calls.for_the_match:
        return match_call(table, calls)
    return learned_call(table, calls=calls)


def _call_candidates(table: Table, legal: list[int], spread: int,
                     calls: CallSource) -> list[int]:
    base = _call(table, calls)
    near = [c for c in legal if -spread <= c - base <= spread + 1]
    return near or [base if base in legal else legal[0]]


def search(table: Table, legal: list[int | str], rng: random.Random, *, budget_ms: float,
           spread: int = CALL_SPREAD, max_rollouts: int | None = None,
           detail: bool = False, calls: CallSource = HARD_CALLS,
           greedy: bool = GREEDY_PLAYOUTS) -> Searched:
    """Search the seat's decision among ``legal`` (the view's legal actions); ``detail``
    asks for the ``Figures`` behind each value too (see ``search_play``); the calls tried
    are those near the call of ``calls``; ``greedy`` chooses the playouts."""
    budget = max(1.0, budget_ms - OVERHEAD_MS)
    if table.legal:
        options = distinct_cards(table, table.legal)
        result = search_play(table, rng, options, budget_ms=budget, max_rollouts=max_rollouts,
                             detail=detail, greedy=greedy)
        groups: dict[int, list[int | str]] = {o: [] for o in options}
        for card in legal:
            index = card_index(card)
            rep = max(o for o in options if o <= index and o // 13 == index // 13)
            groups[rep].append(card)
        return Searched(result, options, groups)
    options_called = [c for c in legal if isinstance(c, int)]
    candidates = _call_candidates(table, options_called, spread, calls)
    result = search_call(table, rng, candidates, options_called, budget_ms=budget,
                         max_rollouts=max_rollouts, detail=detail, greedy=greedy)
    return Searched(result, candidates, {c: [c] for c in options_called})


def hard_decide(table: Table, rng: random.Random, budget_ms: float,
                max_rollouts: int | None = None, calls: CallSource = HARD_CALLS,
                greedy: bool = GREEDY_PLAYOUTS) -> int | str:
    """The hard bot's call (an int) or card (a string), calling from ``calls``, its
    playouts ``greedy`` or not."""
    if table.legal:
        options = distinct_cards(table, table.legal)
        if len(options) == 1:
            return card_name(options[0])
        legal: list[int | str] = [card_name(c) for c in options]
    elif table.hand_number < table.hands_total or calls.for_the_match:
        # Measured behind the same card play (games.arena.calls): before the last hand the
        # model's calls win more matches than searched ones, at no search time; in the last
        # hand, with the rivals' calls read, too (docs/BENCHMARKS.md).
        return _call(table, calls)
    else:
        legal = list(range(table.rules.min_call, table.rules.max_call + 1))
    best = search(table, legal, rng, budget_ms=budget_ms, max_rollouts=max_rollouts,
                  calls=calls, greedy=greedy).best()
    return card_name(best) if table.legal else best
