"""The sparring bot ``ismcts``: information-set Monte Carlo tree search, a design unlike the
hard bot's, so that bots can be measured against a field they were not tuned on.

Cards (single-observer ISMCTS): every iteration deals the hidden cards afresh, uniformly
among the deals consistent with what the seat has seen (``sampling.sample_deal``: the voids
and the cards a player showed it lacks; no weighting by calls or plays), then walks one tree
of the whole table's moves from the seat's turn. At each node the player to move picks, by
UCB1 among the moves legal in this deal (each move's chances counted by how often it was
available), the move best for itself; the first move not yet in the tree is added, the hand
is played out by the cheap heuristic policy, and every move on the way is credited with its
mover's own hand score. The card played most often from the root is chosen.

Calls: UCB1 over the legal calls, each iteration a fresh deal, the calls still to come
counted by the heuristic from the guessed hands, the hand played out by the heuristic.

The work is a fixed number of iterations (``ITERATIONS``), never a time, so a decision
depends on the view and the generator alone. Pure Python; no Django. An arena level, never
offered to players; its card search (``ismcts_card``) also chooses the expert bot's cards,
there over deals weighted by the calls and plays, with greedy playouts and within the
think time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..cards import card_name
from ..fast import legal_mask, mask_cards, winning_position
from .calling import heuristic_call
from .rollout import LeadRules, rollout, score_table
from .sampling import DealWeights, sample_deal
from .search import objective
from .table import Table

# Iterations per decision: about 100 ms of one core's time a card (measured with
# ``time.process_time`` on this project's server).
ITERATIONS = 1100
# UCB1's exploration weight, for rewards of the order of one (a hand score / SCALE).
EXPLORATION = 0.7
# Tenths of a point per unit of reward.
SCALE = 80.0
# Tenths of the search objective (``search.objective``: the chance of winning the match, the
# hand's score breaking ties) per unit of reward: a lead's worth moves it several times
# more than a hand's score does.
MATCH_SCALE = 400.0
# Deals drawn from a weighted pool at a time.
DRAWS = 64


@dataclass
class Node:
    """A move in the tree: who made it, how often it was tried and was available, and the
    sum of its mover's rewards."""

    mover: int
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[int, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        """Mean reward plus the exploration bonus of UCB1 (availability-counted)."""
        return self.reward / self.visits + EXPLORATION * math.sqrt(
            math.log(self.available) / self.visits)


@dataclass
class Position:
    """One determinized position: all four hands, the trick in progress and its leader,
    the tricks won, whether spades were played in an earlier trick and whether this is the
    hand's first trick."""

    hands: list[int]
    trick: list[int]
    leader: int
    won: list[int]
    broken: bool
    first_trick: bool

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    def legal(self, table: Table) -> int:
        """The legal cards of the seat to move, under the table's rules."""
        rules = table.rules
        lead_ok = not (rules.spades_broken and not self.broken) and not (
            rules.no_spade_first_lead and self.first_trick)
        return legal_mask(self.hands[self.to_move()], self.trick, table.follow, lead_ok)

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; a fourth card closes the trick."""
        self.hands[self.to_move()] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) == 4:
            winner = (self.leader + winning_position(self.trick)) & 3
            self.won[winner] += 1
            self.broken = self.broken or any(c < 13 for c in self.trick)
            self.trick, self.leader, self.first_trick = [], winner, False


def ismcts_decide(table: Table, rng: random.Random,
                  iterations: int = ITERATIONS) -> int | str:
    """The sparring bot's call (an int) or card (a string)."""
    if table.legal:
        return ismcts_card(table, rng, iterations)
    return _search_call(table, rng, iterations)


def ismcts_card(table: Table, rng: random.Random, iterations: int, *, pool: int = 0,
                deadline: float | None = None, for_the_match: bool = False,
                greedy: bool = False) -> str:
    """The card the tree search chooses after ``iterations`` iterations, or fewer when the
    ``time.perf_counter()`` ``deadline`` comes first (at least one is run). ``pool`` > 0
    draws each iteration's deal from that many sampled deals in proportion to how well they
    explain the calls and plays (``DealWeights``), instead of uniformly. ``greedy``
    playouts (where the rules pay for every trick) have every seat go after every trick,
    as the hard bot's do."""
    cards = mask_cards(table.legal)
    if len(cards) == 1:
        return card_name(cards[0])
    deals = _weighted_deals(table, rng, pool) if pool else _uniform_deals(table, rng)
    return card_name(_search_card(table, rng, iterations, deals, deadline, for_the_match,
                                  greedy))


def _uniform_deals(table: Table, rng: random.Random) -> Iterator[list[int]]:
    while True:
        yield sample_deal(table, rng)


def _weighted_deals(table: Table, rng: random.Random, pool: int) -> Iterator[list[int]]:
    weigh = DealWeights(table)
    deals = [sample_deal(table, rng) for _ in range(pool)]
    weights = [weigh(deal) for deal in deals]
    while True:
        for deal in rng.choices(deals, weights=weights, k=DRAWS):
            yield list(deal)


def _search_card(table: Table, rng: random.Random, iterations: int,
                 deals: Iterator[list[int]], deadline: float | None,
                 for_the_match: bool = False, greedy: bool = False) -> int:
    scores = score_table(table.rules)
    lead = LeadRules.of(table.rules)
    calls = [c or 0 for c in table.calls]
    root = Node(mover=-1)
    for number in range(iterations):
        if deadline is not None and number and time.perf_counter() >= deadline:
            break
        position = Position(next(deals), list(table.trick), table.leader,
                            list(table.won), table.broken, table.first_trick)
        path: list[Node] = []
        node = root
        while position.hands[position.to_move()]:
            legal = table.legal if not path else position.legal(table)
            for move, child in node.children.items():
                if legal >> move & 1:
                    child.available += 1
            untried = [c for c in mask_cards(legal) if c not in node.children]
            if untried:
                move = rng.choice(untried)
                node.children[move] = Node(mover=position.to_move(), available=1)
                node = node.children[move]
                path.append(node)
                position.play(move)
                break
            move = max((c for c in node.children if legal >> c & 1),
                       key=lambda c: node.children[c].ucb())
            node = node.children[move]
            path.append(node)
            position.play(move)
        won = rollout(position.hands, position.trick, position.leader, position.won, calls,
                      lead, broken=position.broken, first_trick=position.first_trick,
                      greedy=greedy)
        goal = objective(table, calls, won, scores) / MATCH_SCALE if for_the_match else None
        for step in path:
            step.visits += 1
            if goal is not None and step.mover == table.seat:
                step.reward += goal
            else:
                step.reward += scores[calls[step.mover]][won[step.mover]] / SCALE
    return max(root.children, key=lambda c: (root.children[c].visits, -c))


def _search_call(table: Table, rng: random.Random, iterations: int) -> int:
    seat = table.seat
    scores = score_table(table.rules)
    lead = LeadRules.of(table.rules)
    options = list(range(table.rules.min_call, table.rules.max_call + 1))
    arms = {c: Node(mover=seat) for c in options}
    leader = (table.dealer + 1) & 3
    for number in range(iterations):
        deal = sample_deal(table, rng)
        for arm in arms.values():
            arm.available = number + 1
        untried = [c for c in options if not arms[c].visits]
        call = untried[0] if untried else max(options, key=lambda c: arms[c].ucb())
        calls = [c if c is not None else heuristic_call(deal[p], table.calls, p, table.rules)
                 for p, c in enumerate(table.calls)]
        calls[seat] = call
        won = rollout(deal, [], leader, (0, 0, 0, 0), calls, lead, broken=False,
                      first_trick=True)
        arms[call].visits += 1
        arms[call].reward += scores[call][won[seat]] / SCALE
    return max(options, key=lambda c: (arms[c].visits, -c))

