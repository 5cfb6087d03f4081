"""The heuristic card choice shared by the normal bot and the hard bot's rollouts.

Everything is on masks. ``possible[p]`` is what seat ``p`` may hold: inferred sets for the
normal bot, the exact hands inside a rollout (``exact=True``), where a seat that holds a suit
is known to follow it.

While a seat still wants tricks it leads winners that cannot be ruffed, wins as cheaply as
is safe against the players still to come, and otherwise ducks low; once it has what it
called it sheds its most dangerous cards under the trick's winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import NON_SPADES, SPADES, SUIT_MASKS
from ..fast import BEATERS, SUIT_OF, winning_position

_NON_SPADE_SUITS = (1, 2, 3)


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def lowest_discard(mask: int) -> int:
    """The cheapest card to throw: lowest non-spade (from the shorter suit on equal rank),
    a spade only when nothing else is left."""
    best, key = -1, (99, 99)
    for s in _NON_SPADE_SUITS:
        m = mask & SUIT_MASKS[s]
        if m:
            card = _low(m)
            k = (card - 13 * s, m.bit_count())
            if k < key:
                best, key = card, k
    return best if best >= 0 else _low(mask)


def most_dangerous(mask: int) -> int:
    """The card most likely to win a trick later: the highest rank, spades first on ties."""
    best, key = -1, -1
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        if m:
            card = _top(m)
            k = 2 * (card - 13 * s) + (3 if s == 0 else 0)
            if k > key:
                best, key = card, k
    return best


def _others(possible: Sequence[int], seat: int) -> int:
    return possible[(seat + 1) & 3] | possible[(seat + 2) & 3] | possible[(seat + 3) & 3]


def _ruffable(suit: int, possible: Sequence[int], seat: int, exact: bool) -> bool:
    """Whether an opponent may trump a lead of ``suit`` (a suit mask)."""
    count = 0
    for k in (1, 2, 3):
        p = possible[(seat + k) & 3]
        if not p & suit and p & SPADES:
            return True
        count += (p & suit).bit_count()
    # Without exact hands, few outstanding cards make a void likely somewhere.
    return not exact and count < 3 and bool(_others(possible, seat) & SPADES)


def choose_lead(legal: int, seat: int, possible: Sequence[int], want: bool,
                exact: bool) -> int:
    """Card to lead from ``legal`` (non-empty)."""
    if not want:
        return lowest_discard(legal)
    others = _others(possible, seat)
    spade_master = -1
    for s in (1, 2, 3, 0):
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        top = _top(mine)
        if top > _top(others & SUIT_MASKS[s]):
            if s == 0:
                spade_master = top
            elif not _ruffable(SUIT_MASKS[s], possible, seat, exact):
                return top
    if spade_master >= 0:
        return spade_master
    hand = possible[seat]
    if hand & SPADES:
        short, size = 0, 99
        for s in _NON_SPADE_SUITS:
            m = legal & SUIT_MASKS[s]
            n = (hand & SUIT_MASKS[s]).bit_count()
            if m and n <= 2 and n < size:
                short, size = m, n
        if short:
            return _low(short)
    long_suit, size = 0, -1
    for s in _NON_SPADE_SUITS:
        m = legal & SUIT_MASKS[s]
        if m and m.bit_count() > size:
            long_suit, size = m, m.bit_count()
    return _low(long_suit) if long_suit else _low(legal)


def _can_beat(p: int, card: int, led: int) -> bool:
    """Whether a later player holding (at most) ``p`` may take the trick from ``card``."""
    if p & led:
        # A player who may follow is assumed to follow; only exact hands make that certain.
        return bool(p & led & BEATERS[card])
    return bool(p & BEATERS[card])


def choose_follow(legal: int, led: int, win: int, played: int, seat: int,
                  possible: Sequence[int], want: bool) -> int:
    """Card to play from ``legal`` (non-empty) to a trick of ``played`` cards so far, whose
    led suit mask is ``led`` and winning card ``win``."""
    beat = BEATERS[win]
    winners = legal & beat
    later = 3 - played
    if want:
        if winners:
            if later == 0:
                return _low(winners)
            rest = winners
            while rest:
                card = _low(rest)
                rest &= rest - 1
                if not any(_can_beat(possible[(seat + k) & 3], card, led)
                           for k in range(1, later + 1)):
                    return card
            losers = legal & ~beat
            return lowest_discard(losers) if losers else _low(winners)
        return lowest_discard(legal)
    losers = legal & ~beat
    if losers:
        return most_dangerous(losers)
    if later == 0:
        return most_dangerous(legal)
    return _low(legal & NON_SPADES) if legal & NON_SPADES else _low(legal)


def choose_card(legal: int, trick: Sequence[int], seat: int, possible: Sequence[int],
                want: bool, exact: bool = False) -> int:
    """The heuristic card for ``seat``: ``want`` says it still needs tricks."""
    if not legal & (legal - 1):
        return _low(legal)
    if trick:
        win = trick[winning_position(trick)]
        return choose_follow(legal, SUIT_OF[trick[0]], win, len(trick), seat, possible, want)
    return choose_lead(legal, seat, possible, want, exact)
