"""Counting likely tricks in a dealt hand, for the heuristic calls."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SPADES, SUIT_MASKS
from ..rules import Rules

ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask >> (13 * suit + rank) & 1)


def _spade_tricks(hand: int) -> tuple[float, int]:
    """Expected spade tricks, and how many spades that count already uses."""
    n = (hand & SPADES).bit_count()
    value, used = 0.0, 0
    for rank, need, worth in ((ACE, 1, 1.0), (KING, 2, 0.95), (QUEEN, 3, 0.8), (JACK, 4, 0.6)):
        if _has(hand, 0, rank):
            value += worth if n >= need else worth * 0.4
            used += 1
    extra = max(0, n - max(3, used))
    return value + 0.85 * extra, used + extra


def _side_tricks(hand: int, suit: int) -> float:
    n = (hand & SUIT_MASKS[suit]).bit_count()
    ace, king, queen = (_has(hand, suit, r) for r in (ACE, KING, QUEEN))
    value = 0.0
    if ace:
        value += 0.95 if n <= 4 else 0.75
    if king:
        if ace:
            value += 0.85 if n <= 4 else 0.5
        elif n >= 2:
            value += 0.55 if n <= 4 else 0.35
        else:
            value += 0.15
    if queen:
        if ace and king and n <= 4:
            value += 0.5
        elif (ace or king) and 3 <= n <= 4:
            value += 0.3
        elif n >= 3:
            value += 0.1
    return value


def estimate_tricks(hand: int) -> float:
    """Tricks a 13-card hand should take: aces, protected kings, high and long spades, and
    ruffs in short side suits with the spades not already counted."""
    spade_value, used = _spade_tricks(hand)
    spare = (hand & SPADES).bit_count() - used
    total = spade_value
    for suit in (1, 2, 3):
        total += _side_tricks(hand, suit)
        n = (hand & SUIT_MASKS[suit]).bit_count()
        ruffs = min(spare, 2 - n) if n < 2 else 0
        if ruffs > 0:
            total += 0.7 * ruffs
            spare -= ruffs
    return total


def heuristic_call(hand: int, calls: Sequence[int | None], seat: int, rules: Rules,
                   caution: float = 0.3) -> int:
    """A call from the trick count, shaded down when the table's calls already crowd the 13
    tricks, within the rules' range."""
    estimate = estimate_tricks(hand)
    made = [c for s, c in enumerate(calls) if c is not None and s != seat]
    crowd = sum(made) + 3 * (3 - len(made)) + estimate - 13
    if crowd > 1:
        estimate -= 0.3 * min(crowd - 1, 3)
    call = int(estimate + 1 - caution - 0.5)
    return max(rules.min_call, min(rules.max_call, call))
