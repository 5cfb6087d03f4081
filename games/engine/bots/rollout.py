"""Fast playouts of a determinized hand with the heuristic policy, and their scores.

A rollout sees every hand of one sampled deal, so each seat plays the shared heuristic with
exact knowledge (``exact=True``): cheap, and good enough to rank the options at the root.
A ``greedy`` rollout has every seat go after every trick, as searching players do, wherever the
scoring pays for each (``pays_every_trick``, which the rollout checks itself); otherwise a seat
that has made its call, or can no longer make it, sheds its cards as the normal bot does.
Scores come from the engine's ``score_hand``, tabulated once per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..fast import BEATERS, FOLLOW_CODES, SUIT_OF, follow_mask, lead_mask, winning_position
from ..rules import Rules, score_hand
from .policy import choose_follow, choose_lead

# Card indices 0-12 are the spades.
SPADES = (1 << 13) - 1


@lru_cache(maxsize=64)
def score_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """``score_table(rules)[call][tricks]``: ``score_hand`` for every call and trick count."""
    return tuple(tuple(score_hand(call, tricks, rules) for tricks in range(14))
                 for call in range(14))


def pays_every_trick(rules: Rules) -> bool:
    """Whether every trick is worth taking under the rules' scoring: each trick over a made
    call adds a tenth (every scoring but ``exact``, where a second trick over fails the
    call), and a trick taken may be one a rival needed for its call."""
    return rules.scoring != "exact"


@dataclass(frozen=True)
class LeadRules:
    """The lead restrictions and follow mode a rollout must respect, and whether the
    scoring pays for every trick (``pays_every_trick``: where a greedy rollout may be)."""

    follow: int
    spades_broken_rule: bool
    no_spade_first_lead: bool
    every_trick_pays: bool

    @classmethod
    def of(cls, rules: Rules) -> LeadRules:
        """The parts of ``rules`` that shape legal play, and the one that shapes greed."""
        return cls(FOLLOW_CODES[rules.follow], rules.spades_broken, rules.no_spade_first_lead,
                   pays_every_trick(rules))


def rollout(hands: list[int], trick: Sequence[int], leader: int, won: Sequence[int],
            calls: Sequence[int], lead: LeadRules, *, broken: bool,
            first_trick: bool, one_trick: bool = False, greedy: bool = False) -> list[int]:
    """Play the hand to its end from a trick in progress; returns tricks won per seat.

    ``hands`` (consumed in place) are the four remaining masks, ``trick`` the card indices
    already in the current trick led by ``leader``; ``broken`` says a spade was played before
    this trick and ``first_trick`` that it is the hand's first. ``one_trick`` stops once
    the trick in progress is won. ``greedy``: every seat goes after every trick, its call
    made or not, where the scoring pays for each (``lead.every_trick_pays``).
    """
    greedy = greedy and lead.every_trick_pays
    won = list(won)
    follow = lead.follow
    # ``seat`` is the last seat to have played, or the next leader between tricks.
    seat = (leader + len(trick) - 1) & 3 if trick else leader
    broken = broken or any(c < 13 for c in trick)
    beaters, suit_of = BEATERS, SUIT_OF
    if trick:
        pos = winning_position(trick)
        led, win, best, played = suit_of[trick[0]], trick[pos], (leader + pos) & 3, len(trick)
    else:
        played = 0
    while True:
        if not played:
            hand = hands[seat]
            if not hand:
                return won
            ok = not (lead.spades_broken_rule and not broken) and not (
                lead.no_spade_first_lead and first_trick)
            legal = lead_mask(hand, ok)
            need = calls[seat] - won[seat]
            card = choose_lead(legal, seat, hands, greedy or 0 < need <= hand.bit_count(),
                               True)
            hands[seat] = hand & ~(1 << card)
            led, win, best, played = suit_of[card], card, seat, 1
            broken = broken or card < 13
        while played < 4:
            seat = (seat + 1) & 3
            hand = hands[seat]
            legal = follow_mask(hand, led, win, follow)
            if legal & (legal - 1):
                need = calls[seat] - won[seat]
                card = choose_follow(legal, led, win, played, seat, hands,
                                     greedy or 0 < need <= hand.bit_count())
            else:
                card = legal.bit_length() - 1
            hands[seat] = hand & ~(1 << card)
            if beaters[win] >> card & 1:
                win, best = card, seat
            broken = broken or card < 13
            played += 1
        won[best] += 1
        if one_trick:
            return won
        first_trick = False
        played = 0
        seat = best


def rollout_with_trick(hands: list[int], trick: Sequence[int], leader: int,
                       won: Sequence[int], calls: Sequence[int], lead: LeadRules, *,
                       broken: bool, first_trick: bool,
                       greedy: bool = False) -> tuple[list[int], int]:
    """``rollout``, and also the seat that wins the trick in progress.

    The playout is the same as one ``rollout``: the policy sees only the hands, the tricks
    won and whether spades are broken, so stopping after the trick and going on from its
    winner's lead changes nothing.
    """
    before = list(hands)
    after = rollout(hands, trick, leader, won, calls, lead, broken=broken,
                    first_trick=first_trick, one_trick=True, greedy=greedy)
    winner = next(p for p in range(4) if after[p] != won[p])
    spade_played = broken or any(c < 13 for c in trick) or any(
        before[p] & ~hands[p] & SPADES for p in range(4))
    rest = rollout(hands, [], winner, after, calls, lead, broken=spade_played,
                   first_trick=False, greedy=greedy)
    return rest, winner
