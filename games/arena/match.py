"""One arena match: bots of given levels play a whole match through the engine."""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TextIO, TypeVar

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import decide

from .external import external_decide, is_url

Job = TypeVar("Job")
Done = TypeVar("Done")


@dataclass
class MatchResult:
    """What the arena keeps of one match, per seat of the match (``levels`` holds a level or
    an outside bot's URL; ``fallbacks`` counts the decisions a URL's bot did not make;
    ``deals`` holds each deal's four hands and ``bids`` each seat's call and tricks taken, hand
    by hand)."""

    levels: list[str]
    totals: list[int]
    win_shares: list[float]
    calls_made: list[int] = field(default_factory=lambda: [0] * 4)
    hands: int = 0
    decision_ms: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    fallbacks: list[int] = field(default_factory=lambda: [0] * 4)
    deals: list[list[list[str]]] = field(default_factory=list)
    bids: list[list[tuple[int, int]]] = field(default_factory=lambda: [[], [], [], []])


def match_seed(seed: int, number: int) -> int:
    """The seed of match ``number`` of a run seeded ``seed``: runs of under a million
    matches never share a match, and the same run replays its matches exactly."""
    return seed * 1_000_003 + number


def play_match(levels: list[str], rules: Rules, seed: int, budget_ms: int | None,
               bot_timeout: float = 2.0, *, rollouts: int | None = None) -> MatchResult:
    """Play one match with ``levels[s]`` at seat ``s`` (a level, or an outside bot's URL asked
    with ``bot_timeout`` seconds per request); everything random comes from ``seed``, and
    the hard levels search ``rollouts`` per decision when given, else ``budget_ms``."""
    deal_rng = random.Random(f"deal-{seed}")
    bot_rngs = [random.Random(f"bot-{seed}-{s}") for s in range(4)]
    state = new_match(rules, first_dealer=deal_rng.randrange(4))
    times: list[list[float]] = [[], [], [], []]
    made = [0] * 4
    fallbacks = [0] * 4
    hands = 0
    deals: list[list[list[str]]] = []
    bids: list[list[tuple[int, int]]] = [[], [], [], []]
    while state.phase != "finished":
        if state.phase == "dealing":
            deals.append(deal_cards(deal_rng))
            state = apply_action(state, {"type": "deal", "hands": deals[-1]})
            continue
        seat = state.turn
        view = view_for(state, seat)
        start = time.perf_counter()
        if is_url(levels[seat]):
            action, problem = external_decide(levels[seat], view, seat, timeout=bot_timeout,
                                              rng=bot_rngs[seat])
            fallbacks[seat] += problem is not None
        else:
            action = decide(view, seat=seat, level=levels[seat], rng=bot_rngs[seat],
                            budget_ms=budget_ms, rollouts=rollouts)
        times[seat].append((time.perf_counter() - start) * 1000)
        before = len(state.history)
        state = apply_action(state, action)
        if len(state.history) > before:
            hands += 1
            hand = state.history[-1]
            for s, score in enumerate(hand["scores"]):
                made[s] += score > 0
                bids[s].append((hand["calls"][s], hand["tricks_won"][s]))
    winners = state.winners
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(4)]
    return MatchResult(levels=list(levels), totals=list(state.scores), win_shares=shares,
                       calls_made=made, hands=hands, decision_ms=times,
                       fallbacks=fallbacks, deals=deals, bids=bids)


def in_processes(play: Callable[[Job], Done], jobs: Iterable[Job], workers: int, *,
                 ordered: bool = True) -> Iterator[Done]:
    """``play`` of each job, in ``workers`` processes when more than one (``play`` must be a
    module-level function), in the jobs' order unless ``ordered`` is false."""
    if workers <= 1:
        yield from map(play, jobs)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from (pool.imap if ordered else pool.imap_unordered)(play, jobs)


def with_progress(results: Iterable[Done], total: int, out: TextIO | None,
                  noun: str = "matches") -> Iterator[Done]:
    """Pass ``results`` through, redrawing a progress bar on ``out`` (counting ``noun``,
    with the time taken and left) about a hundred times in all."""
    start = time.monotonic()
    step = max(1, total // 100)
    for done, result in enumerate(results, 1):
        if out is not None and (done % step == 0 or done == total):
            elapsed = time.monotonic() - start
            eta = elapsed / done * (total - done)
            bar = "#" * (30 * done // total)
            out.write(f"\r[{bar:<30}] {done}/{total} {noun}, {elapsed:.0f}s, eta {eta:.0f}s ")
            out.flush()
        yield result
    if out is not None:
        out.write("\n")
