"""Deals of the hidden cards consistent with everything public.

Each unseen card goes to one of the other seats that may hold it (``Table.allowed``), each
seat getting exactly as many cards as it holds. Cards with fewer possible owners are placed
first, every placement is checked against Hall's condition for the remaining cards, so the
sampler never paints itself into a corner; owners are drawn in proportion to the room they
have left, which keeps the deals close to uniform among the consistent ones.

``DealWeights`` scores how well each sampled hand explains what its owner did: the call it
made (``call_fit``) and the cards it chose (``play_fit``), for weighting deals by the
information in the calls and the plays.
"""

from __future__ import annotations

import random

from ..fast import ABOVE, legal_mask
from .calling import heuristic_call
from .policy import choose_card
from .table import Table

# Weight kept by a guessed hand for each card its owner chose that the shared heuristic
# would not have chosen from it: low enough to favour hands that explain the play of the
# heuristic bots, high enough not to rule out a player who thinks differently.
PLAY_MISS = 0.3
# The same for each trick between a call and the call the heuristic counts in the guess.
CALL_MISS = 0.4

_SUBSETS = tuple(range(1, 8))


def _fits(rest: int, allow: list[int], room: list[int]) -> bool:
    """Whether the ``rest`` cards can still be shared out (Hall's condition, three seats)."""
    if rest & ~(allow[0] | allow[1] | allow[2]):
        return False
    for subset in _SUBSETS:
        outside = 0
        capacity = 0
        for i in range(3):
            if subset >> i & 1:
                capacity += room[i]
            else:
                outside |= allow[i]
        if (rest & ~outside).bit_count() > capacity:
            return False
    return True


def sample_deal(table: Table, rng: random.Random) -> list[int]:
    """Four hand masks: the bot's own hand and a consistent random guess for the others."""
    seat = table.seat
    unseen = table.unseen
    seats = [(seat + k) & 3 for k in (1, 2, 3)]
    allow = [table.allowed[p] & unseen for p in seats]
    room = [table.sizes[p] for p in seats]
    hands = [0, 0, 0, 0]
    hands[seat] = table.hand
    free = allow[0] & allow[1] & allow[2]
    constrained = unseen & ~free
    got = [0, 0, 0]
    rest = unseen
    if constrained:
        cards = [i for i in range(52) if constrained >> i & 1]
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(a >> c & 1 for a in allow))
        for card in cards:
            bit = 1 << card
            rest &= ~bit
            options = [i for i in range(3) if allow[i] & bit and room[i] > 0]
            while options:
                i = _pick(options, room, rng)
                room[i] -= 1
                if _fits(rest, allow, room):
                    got[i] |= bit
                    break
                room[i] += 1
                options.remove(i)
            else:
                raise ValueError("no deal fits the public information")
    free_cards = [i for i in range(52) if rest >> i & 1]
    rng.shuffle(free_cards)
    start = 0
    for i in range(3):
        for card in free_cards[start:start + room[i]]:
            got[i] |= 1 << card
        start += room[i]
    for i, p in enumerate(seats):
        hands[p] = got[i]
    return hands


def _pick(options: list[int], room: list[int], rng: random.Random) -> int:
    total = sum(room[i] for i in options)
    x = rng.random() * total
    for i in options:
        x -= room[i]
        if x < 0:
            return i
    return options[-1]


def play_fit(table: Table, seat: int, hand: int, miss: float | None = None) -> float:
    """How well ``hand`` (a guess at what ``seat`` holds now) explains the cards ``seat``
    chose this hand: a factor ``miss`` (default ``PLAY_MISS``) for each card that the shared
    heuristic, holding that hand and knowing what the player knew then, would not have
    played (nor one of the same worth). Forced cards tell nothing and are skipped; ``miss``
    1 turns the check off."""
    weight = 1.0
    miss = PLAY_MISS if miss is None else miss
    if miss >= 1.0:
        return weight
    for play in table.plays:
        if play.seat != seat:
            continue
        then = hand | play.later
        legal = legal_mask(then, play.trick, table.follow, play.lead_ok)
        if not legal & (legal - 1):
            continue
        possible = [play.allowed[p] & ~then & ~play.played for p in range(4)]
        possible[seat] = then
        call = table.calls[seat] or 0
        need = call - play.won[seat]
        card = choose_card(legal, list(play.trick), seat, possible,
                           0 < need <= then.bit_count())
        if card != play.card and not _same_worth(card, play.card, then | play.played):
            weight *= miss
    return weight


def _same_worth(a: int, b: int, known: int) -> bool:
    """Whether two cards of one suit have only ``known`` cards between them."""
    if a // 13 != b // 13:
        return False
    low, high = min(a, b), max(a, b)
    between = ABOVE[low] & ~ABOVE[high] & ~(1 << high)
    return not between & ~known


class DealWeights:
    """The weight of a sampled deal: the product over the other seats of how well each
    guessed hand fits its owner's call and plays, each seat's factor kept per hand (late in
    a hand the same guesses come back often)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seen: dict[tuple[int, int], float] = {}

    def __call__(self, hands: list[int]) -> float:
        weight = 1.0
        table = self.table
        for p in range(4):
            if p == table.seat:
                continue
            key = (p, hands[p])
            factor = self.seen.get(key)
            if factor is None:
                factor = call_fit(table, p, hands[p]) * play_fit(table, p, hands[p])
                self.seen[key] = factor
            weight *= factor
        return weight


def call_fit(table: Table, seat: int, hand: int) -> float:
    """How plausible ``hand`` (a guess at what ``seat`` holds now) makes its call (1 =
    perfectly): ``CALL_MISS`` for each trick between the call made and the call the
    heuristic bots count in the hand as dealt (with the cards played this hand), seeing the
    calls made before it."""
    call = table.calls[seat]
    if call is None:
        return 1.0
    dealt = hand | table.played_by[seat]
    first = (table.dealer + 1) & 3
    before: list[int | None] = [None] * 4
    for k in range((seat - first) & 3):
        before[(first + k) & 3] = table.calls[(first + k) & 3]
    return float(CALL_MISS ** abs(heuristic_call(dealt, before, seat, table.rules) - call))
