"""The expert bot: the hard bot's calls, and its cards chosen by information-set tree search
over deals weighted by what the calls and plays reveal.

Each card decision first samples ``POOL`` deals of the hidden cards consistent with
everything public and weighs each by how well it explains the other seats' calls and cards
(``sampling.DealWeights``, as the hard bot weighs its deals); every iteration of the tree
search (``ismcts``) then draws its deal from that pool in proportion to the weights. So the
search keeps what the hard bot knows about the hands and adds what it lacks: the rivals
choose their own best replies inside the tree instead of following the heuristic, and a
card is judged by the plays after it, not by one fixed playout per deal. Its own moves are
credited with the hard bot's search objective (the chance of winning the match, the hand's
score breaking ties), the rivals' with their own hand scores; below the tree the hand is
played out as in the hard bot's playouts, every seat going after every trick the scoring
pays for.

The work is ``ITERATIONS`` iterations a card, bounded by the think time on the server and by
nothing else in the arena, so there a decision depends on the view and the generator alone.
Pure Python; no Django.
"""

from __future__ import annotations

import random
import time

from .hard import GREEDY_PLAYOUTS, hard_decide
from .ismcts import ITERATIONS as SPARRING_ITERATIONS
from .ismcts import ismcts_card
from .table import Table

# Iterations a card: the sparring bot's (about 100 ms of one core). Four times as many
# measured no gain, over uniform deals or weighted ones (docs/BENCHMARKS.md).
ITERATIONS = SPARRING_ITERATIONS
# Weighted deals each card decision draws its iterations' deals from.
POOL = 256
# Whether its own moves are judged by the search objective rather than the hand's score.
FOR_THE_MATCH = True


def expert_decide(table: Table, rng: random.Random, budget_ms: float,
                  max_rollouts: int | None = None) -> int | str:
    """The expert's call (an int, the hard bot's with the same budget) or card (a string)."""
    if not table.legal:
        return hard_decide(table, rng, budget_ms, max_rollouts)
    deadline = None if max_rollouts is not None else time.perf_counter() + budget_ms / 1000
    return ismcts_card(table, rng, ITERATIONS, pool=POOL, deadline=deadline,
                       for_the_match=FOR_THE_MATCH, greedy=GREEDY_PLAYOUTS)
