"""Fast playouts of a determinized hand with the heuristic policy, and their scores.

A rollout sees every hand of one sampled deal, so each seat plays the shared heuristic with
exact knowledge (``exact=True``): cheap, and good enough to rank the options at the root.
Scores come from the engine's ``score_hand``, tabulated once per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..fast import FOLLOW_CODES, SUIT_OF, follow_mask, lead_mask, winning_position
from ..rules import Rules, score_hand
from .policy import choose_card


@lru_cache(maxsize=64)
def score_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """``score_table(rules)[call][tricks]``: ``score_hand`` for every call and trick count."""
    return tuple(tuple(score_hand(call, tricks, rules) for tricks in range(14))
                 for call in range(14))


@dataclass(frozen=True)
class LeadRules:
    """The lead restrictions and follow mode a rollout must respect."""

    follow: int
    spades_broken_rule: bool
    no_spade_first_lead: bool

    @classmethod
    def of(cls, rules: Rules) -> LeadRules:
        """The parts of ``rules`` that shape legal play."""
        return cls(FOLLOW_CODES[rules.follow], rules.spades_broken, rules.no_spade_first_lead)


def rollout(hands: list[int], trick: Sequence[int], leader: int, won: Sequence[int],
            calls: Sequence[int], lead: LeadRules, *, broken: bool,
            first_trick: bool) -> list[int]:
    """Play the hand to its end from a trick in progress; returns tricks won per seat.

    ``hands`` (consumed in place) are the four remaining masks, ``trick`` the card indices
    already in the current trick led by ``leader``; ``broken`` says a spade was played before
    this trick and ``first_trick`` that it is the hand's first.
    """
    won = list(won)
    follow = lead.follow
    cards = list(trick)
    seat = (leader + len(cards)) & 3
    broken = broken or any(c < 13 for c in cards)
    while True:
        if not cards:
            if not hands[seat]:
                return won
            leader = seat
        while len(cards) < 4:
            hand = hands[seat]
            left = hand.bit_count()
            need = calls[seat] - won[seat]
            want = 0 < need <= left
            if cards:
                led = SUIT_OF[cards[0]]
                legal = follow_mask(hand, led, cards[winning_position(cards)], follow)
            else:
                ok = not (lead.spades_broken_rule and not broken) and not (
                    lead.no_spade_first_lead and first_trick)
                legal = lead_mask(hand, ok)
            card = choose_card(legal, cards, seat, hands, want, True)
            hands[seat] = hand & ~(1 << card)
            cards.append(card)
            seat = (seat + 1) & 3
        best = winning_position(cards)
        winner = (leader + best) & 3
        won[winner] += 1
        broken = broken or min(cards) < 13
        first_trick = False
        cards = []
        seat = winner

