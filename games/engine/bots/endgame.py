"""Exact play of a hand's last tricks on one known deal: max^n search with a table.

With few cards left and every hand known (one sampled deal), each seat plays the card that
gives it its best score for the hand, knowing that the others do the same (the max^n rule
of games of more than two players). A seat that is indifferent (its call already failed,
say) plays against the searching seat: the cautious reading. Cards of one hand with no
card of another hand, or of the trick, between them are the same card to the search, and
each position at the start of a trick is searched once (the transposition table, keyed by
the four hand masks, the leader and the tricks won).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..fast import BEATERS, SUIT_OF, follow_mask, lead_mask, merge_equal, winning_position
from .rollout import LeadRules

Won = tuple[int, int, int, int]


class Endgame:
    """The exact search of one decision: the seat searching, the calls, the scoring and the
    lead rules, with the table of positions already solved (shared by all the deals and
    options of the decision)."""

    def __init__(self, me: int, calls: Sequence[int], scores: tuple[tuple[int, ...], ...],
                 lead: LeadRules) -> None:
        self.me = me
        self.calls = tuple(calls)
        self.scores = scores
        self.lead = lead
        self.known: dict[tuple[int, int, int, int, int, Won], Won] = {}

    def solve(self, hands: list[int], trick: Sequence[int], leader: int,
              won: Sequence[int], *, broken: bool, first_trick: bool) -> list[int]:
        """Tricks won per seat at the end of the hand when everyone plays as above, from a
        trick in progress (``trick`` holds its card indices, led by ``leader``)."""
        broken = broken or any(c < 13 for c in trick)
        start: Won = (won[0], won[1], won[2], won[3])
        if not trick:
            return list(self._lead(tuple(hands), leader, start, broken, first_trick))
        pos = winning_position(trick)
        cards = 0
        for c in trick:
            cards |= 1 << c
        seat = (leader + len(trick)) & 3
        return list(self._follow(list(hands), seat, len(trick), SUIT_OF[trick[0]],
                                 trick[pos], (leader + pos) & 3, cards, start, broken))

    def _utility(self, seat: int, won: Sequence[int]) -> int:
        return self.scores[self.calls[seat]][won[seat]]

    def prefers(self, seat: int, a: Sequence[int], b: Sequence[int] | None) -> bool:
        """Whether ``seat`` prefers ending with ``a`` to ending with ``b``."""
        if b is None:
            return True
        ua, ub = self._utility(seat, a), self._utility(seat, b)
        if ua != ub:
            return ua > ub
        me = self.me
        if seat != me:
            return self._utility(me, a) < self._utility(me, b)
        return sum(self._utility(p, a) for p in range(4) if p != me) < sum(
            self._utility(p, b) for p in range(4) if p != me)

    def _lead(self, hands: tuple[int, ...], leader: int, won: Won, broken: bool,
              first_trick: bool) -> Won:
        hand = hands[leader]
        if not hand:
            return won
        key = (hands[0], hands[1], hands[2], hands[3], leader, won)
        found = self.known.get(key)
        if found is not None:
            return found
        lead = self.lead
        ok = not (lead.spades_broken_rule and not broken) and not (
            lead.no_spade_first_lead and first_trick)
        others = 0
        for p in range(4):
            if p != leader:
                others |= hands[p]
        best: Won | None = None
        for card in merge_equal(lead_mask(hand, ok), others):
            rest = list(hands)
            rest[leader] = hand & ~(1 << card)
            result = self._follow(rest, (leader + 1) & 3, 1, SUIT_OF[card], card, leader,
                                  1 << card, won, broken or card < 13)
            if self.prefers(leader, result, best):
                best = result
        assert best is not None
        self.known[key] = best
        return best

    def _follow(self, hands: list[int], seat: int, played: int, led: int, win: int,
                winner: int, trick: int, won: Won, broken: bool) -> Won:
        if played == 4:
            after = list(won)
            after[winner] += 1
            return self._lead(tuple(hands), winner, (after[0], after[1], after[2], after[3]),
                              broken, False)
        hand = hands[seat]
        others = trick
        for p in range(4):
            if p != seat:
                others |= hands[p]
        best: Won | None = None
        for card in merge_equal(follow_mask(hand, led, win, self.lead.follow), others):
            hands[seat] = hand & ~(1 << card)
            beats = BEATERS[win] >> card & 1
            result = self._follow(hands, (seat + 1) & 3, played + 1, led,
                                  card if beats else win, seat if beats else winner,
                                  trick | 1 << card, won, broken or card < 13)
            if self.prefers(seat, result, best):
                best = result
        hands[seat] = hand
        assert best is not None
        return best

