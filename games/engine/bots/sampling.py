"""Deals of the hidden cards consistent with everything public.

Each unseen card goes to one of the other seats that may hold it (``Table.allowed``), each
seat getting exactly as many cards as it holds. Cards with fewer possible owners are placed
first, every placement is checked against Hall's condition for the remaining cards, so the
sampler never paints itself into a corner; owners are drawn in proportion to the room they
have left, which keeps the deals close to uniform among the consistent ones.

``call_weight`` scores how well a sampled hand fits the call its owner made, for weighting
deals by the information in the calls.
"""

from __future__ import annotations

import math
import random

from .calling import estimate_tricks
from .table import Table

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


def call_weight(table: Table, hands: list[int], sharpness: float = 0.5) -> float:
    """How plausible the sampled hands make the calls already made (1 = perfectly).

    Each called seat's hand as dealt (its sampled cards plus those it played this hand) is
    valued with the trick count the bots call from; the further from the call, the less
    weight the deal gets.
    """
    dealt = table.played_by
    weight = 0.0
    for p in range(4):
        call = table.calls[p]
        if p == table.seat or call is None:
            continue
        gap = estimate_tricks(hands[p] | dealt[p]) - call
        weight -= sharpness * gap * gap
    return math.exp(weight)

