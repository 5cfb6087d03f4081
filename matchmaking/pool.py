"""Grouping a pool's waiting seeks into tables of four: plain functions over plain data.

As in lichess's pool, the rating gap a seek accepts widens the longer it waits: a table is
made when the spread of its four ratings is within the gap of every one of them, and nobody
sits with someone they have a block with. The longest wait is served first. A seek whose
bots are due takes whoever of the rest may sit with bots, and bots fill the seats left.
"""

from __future__ import annotations

from dataclasses import dataclass

# The rating gap a seek accepts: this at first, wider by this every second, at most this.
GAP_START = 100
GAP_PER_SECOND = 10
GAP_MAX = 1000
SEATS = 4


@dataclass(frozen=True)
class Waiting:
    """One open seek as the pool sees it."""

    seek_id: int
    user_id: int
    rating: int
    waited: float  # seconds
    bots_due: bool  # its bots may fill the table now
    bots_ok: bool  # it may sit at a table with bots (it asked for them at some point)


@dataclass(frozen=True)
class Table:
    seats: tuple[Waiting, ...]

    @property
    def bots(self) -> int:
        return SEATS - len(self.seats)

    @property
    def spread(self) -> int:
        ratings = [w.rating for w in self.seats]
        return max(ratings) - min(ratings)


def rating_gap(waited: float) -> float:
    """The rating spread a seek that waited ``waited`` seconds accepts at its table."""
    return min(GAP_MAX, GAP_START + GAP_PER_SECOND * max(0.0, waited))


def tables_from(waiting: list[Waiting], blocked: set[frozenset[int]]) -> list[Table]:
    """The tables to make now: first of four people, then, for each seek whose bots are due,
    a table of it, the people nearest its rating who accept bots, and bots. Each seek sits at
    one table at most; ``blocked`` holds the pairs of user ids that never sit together."""
    longest_first = sorted(waiting, key=lambda w: (-w.waited, w.seek_id))
    seated: set[int] = set()
    tables = []
    for people_only in (True, False):
        for anchor in longest_first:
            if anchor.seek_id in seated or not (people_only or anchor.bots_due):
                continue
            others = [w for w in longest_first if w.seek_id not in seated
                      and w.seek_id != anchor.seek_id and (people_only or w.bots_ok)]
            group = _grown(anchor, others, blocked)
            if len(group) == SEATS or not people_only:
                tables.append(Table(tuple(group)))
                seated.update(w.seek_id for w in group)
    return tables


def _grown(anchor: Waiting, others: list[Waiting], blocked: set[frozenset[int]]) -> list[Waiting]:
    """``anchor`` with up to three of ``others``, nearest in rating first, each within the gap
    of everyone at the table and with no block between any two of them."""
    group = [anchor]
    for candidate in sorted(others, key=lambda w: (abs(w.rating - anchor.rating), -w.waited)):
        if len(group) == SEATS:
            break
        together = [*group, candidate]
        ratings = [w.rating for w in together]
        if max(ratings) - min(ratings) > min(rating_gap(w.waited) for w in together):
            continue
        if any(frozenset((candidate.user_id, w.user_id)) in blocked for w in group):
            continue
        if any(candidate.user_id == w.user_id for w in group):
            continue
        group = together
    return group
