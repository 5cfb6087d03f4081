"""The easy bot: rough calls and plausible cards with deliberate mistakes."""

from __future__ import annotations

import random

from ..cards import SPADES, card_name
from ..fast import BEATERS, mask_cards, winning_position
from .table import Table

MISTAKE_RATE = 0.3


def easy_call(table: Table, rng: random.Random) -> int:
    """Aces, kings and a few spades counted loosely, give or take one."""
    hand = table.hand
    aces = sum(hand >> (13 * s + 12) & 1 for s in range(4))
    kings = sum(hand >> (13 * s + 11) & 1 for s in range(4))
    spades = (hand & SPADES).bit_count()
    guess = aces + kings // 2 + max(0, spades - 4) + rng.choice((-1, 0, 0, 1))
    return max(table.rules.min_call, min(table.rules.max_call, guess))


def easy_play(table: Table, rng: random.Random) -> str:
    """Win with the highest card it can, else play its lowest; often just any legal card."""
    options = mask_cards(table.legal)
    if rng.random() < MISTAKE_RATE:
        return card_name(rng.choice(options))
    if table.trick:
        win = table.trick[winning_position(table.trick)]
        winners = table.legal & BEATERS[win]
        if winners:
            return card_name(winners.bit_length() - 1)
    return card_name(min(options, key=lambda c: (c % 13, -(c // 13))))


def easy_decide(table: Table, rng: random.Random) -> int | str:
    """The easy bot's call (an int) or card (a string)."""
    if table.legal:
        return easy_play(table, rng)
    return easy_call(table, rng)

