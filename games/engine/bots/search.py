"""Determinized search: sample consistent deals, play each option out, average the scores.

Every sampled deal is played out once per option (the same deals for every option, so the
comparison is not drowned in the luck of the deal), with the heuristic policy for all four
seats (``greedy``: every seat going after every trick the scoring pays for, the hard bot's
playouts; ``hard-v1``'s let a seat that has made its call shed its cards), or exactly
(``endgame``) once few cards are left. Deals are weighted by how well they
explain the calls and plays already made. ``values`` are the seat's expected scores in
tenths, the units of ``score_hand``; the bot chooses by ``objective``, which also weighs the
chance of winning the match. Asked for ``detail`` (post-match analysis does), the same deals
also give each option's ``Figures``: what the values are made of, for explaining them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..fast import merge_equal
from .calling import heuristic_call
from .endgame import Endgame
from .rollout import LeadRules, rollout, rollout_with_trick, score_table
from .sampling import DealWeights, sample_deal
from .table import Table

# Value of winning the match, in tenths of a point.
MATCH_WIN = 1000.0
# Spread (standard deviation, tenths) of one player's score over one hand, for guessing how
# much a lead may still change before the match ends. Measured in the arena it is 20 (three
# normal bots at the table) to 26 (three hard-v1); set to 25, the hard bot won no more
# matches (docs/BENCHMARKS.md), so it stays at the value hard-v1 was frozen with.
HAND_SPREAD = 40.0
# Card options are compared every so many deals, and dropped when this many standard errors
# below the best.
PRUNE_EVERY = 16
PRUNE_SIGMAS = 3.0
# From this many cards in hand on, sampled deals are played out exactly (``endgame``)
# instead of by the heuristic; 0 never.
ENDGAME_TRICKS = 3


@dataclass(frozen=True)
class Figures:
    """What one option led to on the searched deals, weighted like its value: the seat's
    expected tricks in the hand, the chance of making its call and, for a card, the chance
    of winning the trick in progress (None when the last tricks are searched exactly, since
    the exact search plays that trick out inside itself)."""

    tricks: float
    made: float
    trick: float | None = None


@dataclass
class SearchResult:
    """Expected own score and search objective per option, with the work done, and the
    ``Figures`` behind each value when the search was asked for ``detail``."""

    values: dict[int, float] = field(default_factory=dict)
    objective: dict[int, float] = field(default_factory=dict)
    deals: int = 0
    rollouts: int = 0
    figures: dict[int, Figures] = field(default_factory=dict)


def objective(table: Table, calls: list[int], won: list[int],
              scores: tuple[tuple[int, ...], ...]) -> float:
    """What the search maximises for one played-out hand, in tenths.

    The chance of winning the match (``MATCH_WIN`` for certain), plus the own score of the
    hand to break ties. In the last hand that chance is 1 for a lone first place (a share
    when tied) and 0 otherwise; before it, each rival is taken to be beaten with the normal
    probability of the current lead over the hands still to come.
    """
    seat = table.seat
    hand_scores = [scores[calls[p]][won[p]] for p in range(4)]
    totals = [table.scores[p] + hand_scores[p] for p in range(4)]
    mine = totals[seat]
    left = table.hands_total - table.hand_number
    if left <= 0:
        best = max(totals)
        share = 1 / totals.count(best) if mine == best else 0.0
        return MATCH_WIN * share + hand_scores[seat]
    rivals = [totals[p] for p in range(4) if p != seat]
    return MATCH_WIN * match_equity(mine, rivals, 2 * left) + hand_scores[seat]


def match_equity(mine: float, rivals: Sequence[float], hands: int) -> float:
    """The chance of finishing ahead of every rival, from the totals ``mine`` and
    ``rivals`` (tenths) with ``hands`` single players' hand scores still to come between
    them: each lead is taken to move by a normal spread of ``HAND_SPREAD`` a hand's score,
    and the rivals to be beaten independently."""
    # Phi(lead / sd) with sd = HAND_SPREAD * sqrt(hands) is 0.5 * (1 + erf(lead / scale)).
    scale = 2 * HAND_SPREAD * math.sqrt(hands / 2)
    equity = 1.0
    for rival in rivals:
        equity *= 0.5 * (1 + math.erf((mine - rival) / scale))
    return equity


def _deadline(budget_ms: float) -> float:
    return time.perf_counter() + budget_ms / 1000


def distinct_cards(table: Table, legal: int) -> list[int]:
    """Legal cards with equivalent ones merged: two cards of a suit with no unseen card
    between them win and lose exactly the same tricks, so only the lower one is tried."""
    return merge_equal(legal, table.unseen)


def _pruned(options: list[int], obj: dict[int, float], squares: dict[int, float],
            total: float, total_sq: float) -> list[int]:
    """The options still worth searching: those not clearly worse than the best so far
    (more than ``PRUNE_SIGMAS`` standard errors below it)."""
    ess = total * total / total_sq
    stats = {}
    for o in options:
        mean = obj[o] / total
        stats[o] = (mean, max(0.0, squares[o] / total - mean * mean))
    best = max(options, key=lambda o: stats[o][0])
    top, top_var = stats[best]
    keep = [o for o in options
            if top - stats[o][0] <= PRUNE_SIGMAS * math.sqrt((top_var + stats[o][1]) / ess)]
    return keep if len(keep) >= 2 else sorted(options, key=lambda o: -stats[o][0])[:2]


def search_play(table: Table, rng: random.Random, options: list[int], *, budget_ms: float,
                max_rollouts: int | None = None, detail: bool = False,
                greedy: bool = False) -> SearchResult:
    """Value each card in ``options`` for the seat to play (at least one deal is tried).

    Every ``PRUNE_EVERY`` deals, options clearly worse than the best stop being played out,
    so the time goes to telling the close ones apart; their values stay as last measured.
    With ``detail`` the result also holds each card's ``Figures``; the playouts are the same.
    ``greedy`` playouts (where the rules pay for every trick) have every seat go after
    every trick.
    """
    deadline = _deadline(budget_ms)
    seat = table.seat
    lead = LeadRules.of(table.rules)
    scores = score_table(table.rules)
    calls = [c if c is not None else 0 for c in table.calls]
    acc = {o: 0.0 for o in options}
    obj = {o: 0.0 for o in options}
    squares = {o: 0.0 for o in options}
    weights = {o: 0.0 for o in options}
    # Weighted sums of tricks, calls made and current tricks won, for ``detail``.
    tricks = {o: 0.0 for o in options}
    made = {o: 0.0 for o in options}
    took = {o: 0.0 for o in options}
    live = list(options)
    result = SearchResult()
    total = total_sq = 0.0
    weigh = DealWeights(table)
    exact = Endgame(seat, calls, scores, lead) if (
        table.hand.bit_count() <= ENDGAME_TRICKS) else None
    while True:
        deal = sample_deal(table, rng)
        weight = weigh(deal)
        total += weight
        total_sq += weight * weight
        for card in live:
            hands = list(deal)
            hands[seat] &= ~(1 << card)
            if exact is not None:
                won = exact.solve(hands, table.trick + [card], table.leader, table.won,
                                  broken=table.broken, first_trick=table.first_trick)
            elif detail:
                won, winner = rollout_with_trick(
                    hands, table.trick + [card], table.leader, table.won, calls, lead,
                    broken=table.broken, first_trick=table.first_trick, greedy=greedy)
                took[card] += weight * (winner == seat)
            else:
                won = rollout(hands, table.trick + [card], table.leader, table.won, calls,
                              lead, broken=table.broken, first_trick=table.first_trick,
                              greedy=greedy)
            goal = objective(table, calls, won, scores)
            acc[card] += weight * scores[calls[seat]][won[seat]]
            obj[card] += weight * goal
            squares[card] += weight * goal * goal
            weights[card] = total
            if detail:
                tricks[card] += weight * won[seat]
                made[card] += weight * (won[seat] >= calls[seat])
        result.deals += 1
        result.rollouts += len(live)
        if time.perf_counter() >= deadline or (
                max_rollouts is not None and result.rollouts >= max_rollouts):
            break
        if len(live) > 2 and result.deals % PRUNE_EVERY == 0 and total_sq > 0:
            live = _pruned(live, obj, squares, total, total_sq)
    result.values = {o: acc[o] / (weights[o] or 1.0) for o in options}
    result.objective = {o: obj[o] / (weights[o] or 1.0) for o in options}
    if detail:
        result.figures = {o: Figures(tricks=tricks[o] / (weights[o] or 1.0),
                                     made=made[o] / (weights[o] or 1.0),
                                     trick=None if exact else took[o] / (weights[o] or 1.0))
                          for o in options}
    return result


def search_call(table: Table, rng: random.Random, candidates: list[int],
                legal: list[int], *, budget_ms: float,
                max_rollouts: int | None = None, detail: bool = False,
                greedy: bool = False) -> SearchResult:
    """Value calls by playing sampled deals out once per candidate call.

    Each candidate is played with the policy aiming at it; any other legal call is valued on
    the tricks taken while aiming at the nearest candidate. With ``detail`` the result also
    holds each call's ``Figures``, from those same tricks; ``greedy`` as in ``search_play``.
    """
    deadline = _deadline(budget_ms)
    seat = table.seat
    lead = LeadRules.of(table.rules)
    scores = score_table(table.rules)
    leader = (table.dealer + 1) & 3
    taken: dict[int, list[tuple[float, list[int], list[int]]]] = {c: [] for c in candidates}
    result = SearchResult()
    weigh = DealWeights(table)
    while True:
        deal = sample_deal(table, rng)
        weight = weigh(deal)
        calls = [c if c is not None else heuristic_call(deal[p], table.calls, p, table.rules)
                 for p, c in enumerate(table.calls)]
        for call in candidates:
            calls[seat] = call
            won = rollout(list(deal), [], leader, (0, 0, 0, 0), calls, lead, broken=False,
                          first_trick=True, greedy=greedy)
            taken[call].append((weight, won, list(calls)))
        result.deals += 1
        result.rollouts += len(candidates)
        if time.perf_counter() >= deadline or (
                max_rollouts is not None and result.rollouts >= max_rollouts):
            break
    for call in legal:
        near = min(candidates, key=lambda c: (abs(c - call), c))
        samples = taken[near]
        total = sum(w for w, _, _ in samples) or 1.0
        value = goal = tricks = made = 0.0
        for w, won, calls in samples:
            calls[seat] = call
            value += w * scores[call][won[seat]]
            goal += w * objective(table, calls, won, scores)
            if detail:
                tricks += w * won[seat]
                made += w * (won[seat] >= call)
        result.values[call] = value / total
        result.objective[call] = goal / total
        if detail:
            result.figures[call] = Figures(tricks=tricks / total, made=made / total)
    return result
