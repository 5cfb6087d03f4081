"""The normal bot: counted calls and the shared heuristic play on inferred hands."""

from __future__ import annotations

import random

from ..cards import card_name
from .calling import heuristic_call
from .policy import choose_card
from .table import Table


def normal_call(table: Table) -> int:
    """Call the tricks counted in the hand, shaded by the calls already made."""
    return heuristic_call(table.hand, table.calls, table.seat, table.rules)


def wants_tricks(table: Table) -> bool:
    """Whether the seat still needs tricks it can still get this hand."""
    need = table.need(table.seat)
    left = table.sizes[table.seat]
    return 0 < need <= left


def normal_play(table: Table) -> str:
    """The card the heuristic plays, seeing only what the seat may know."""
    card = choose_card(table.legal, table.trick, table.seat, table.possibles(),
                       wants_tricks(table))
    return card_name(card)


def normal_decide(table: Table, rng: random.Random) -> int | str:
    """The normal bot's call (an int) or card (a string)."""
    del rng  # The normal bot is deterministic given its view.
    if table.legal:
        return normal_play(table)
    return normal_call(table)
