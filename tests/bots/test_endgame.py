"""The exact endgame search agrees with a plain max^n search of every card, and plays
the obvious lines."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules
from games.engine.bots.endgame import Endgame
from games.engine.bots.rollout import LeadRules, score_table
from games.engine.cards import mask_of
from games.engine.fast import SUIT_OF, follow_mask, lead_mask, winning_position

from .positions import random_rules


def _plain(search: Endgame, hands: list[int], trick: list[int], leader: int,
           won: list[int], broken: bool, first: bool) -> tuple[int, ...]:
    """Max^n over every legal card, one at a time: no table, no merged cards."""
    lead = search.lead

    def lead_trick(hands, leader, won, broken, first):
        if not hands[leader]:
            return tuple(won)
        ok = not (lead.spades_broken_rule and not broken) and not (
            lead.no_spade_first_lead and first)
        best = None
        for card in range(52):
            if lead_mask(hands[leader], ok) >> card & 1:
                rest = list(hands)
                rest[leader] &= ~(1 << card)
                result = follow(rest, leader, [card], won, broken or card < 13)
                if search.prefers(leader, result, best):
                    best = result
        return best

    def follow(hands, leader, cards, won, broken):
        if len(cards) == 4:
            winner = (leader + winning_position(cards)) & 3
            after = list(won)
            after[winner] += 1
            return lead_trick(hands, winner, after, broken, False)
        seat = (leader + len(cards)) & 3
        win = cards[winning_position(cards)]
        best = None
        for card in range(52):
            if follow_mask(hands[seat], SUIT_OF[cards[0]], win, lead.follow) >> card & 1:
                rest = list(hands)
                rest[seat] &= ~(1 << card)
                result = follow(rest, leader, cards + [card], won, broken or card < 13)
                if search.prefers(seat, result, best):
                    best = result
        return best

    # A spade already in the trick in progress has broken spades, as it has for the search.
    broken = broken or any(c < 13 for c in trick)
    if trick:
        return follow(list(hands), leader, list(trick), list(won), broken)
    return lead_trick(list(hands), leader, list(won), broken, first)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 3), in_trick=st.integers(0, 3))
def test_the_exact_search_scores_as_plain_max_n_under_any_rules(seed, tricks, in_trick):
    rng = random.Random(seed)
    rules = random_rules(rng)
    deck = list(range(52))
    rng.shuffle(deck)
    # Seats that already played to the trick hold one card fewer.
    leader = rng.randrange(4)
    trick = deck[:in_trick]
    rest = deck[in_trick:]
    hands = [0, 0, 0, 0]
    for k in range(4):
        seat = (leader + k) & 3
        size = tricks - (1 if k < in_trick else 0)
        hands[seat] = sum(1 << c for c in rest[:size])
        rest = rest[size:]
    calls = [rng.randint(rules.min_call, min(rules.max_call, 5)) for _ in range(4)]
    won = [rng.randint(0, 3) for _ in range(4)]
    me = (leader + in_trick) & 3
    broken, first = rng.random() < 0.5, False
    search = Endgame(me, calls, score_table(rules), LeadRules.of(rules))
    exact = search.solve(list(hands), trick, leader, won, broken=broken, first_trick=first)
    plain = _plain(search, hands, trick, leader, won, broken, first)
    scores = score_table(rules)
    assert sum(exact) == sum(won) + tricks
    assert [scores[calls[p]][exact[p]] for p in range(4)] == [
        scores[calls[p]][plain[p]] for p in range(4)]


def test_a_seat_that_needs_the_last_trick_wins_it_with_its_master():
    rules = Rules()
    # Seat 0 leads, holding the ace of hearts and a low club; it needs one more trick.
    hands = [mask_of(["AH", "2C"]), mask_of(["KH", "3C"]), mask_of(["QH", "4C"]),
             mask_of(["JH", "5C"])]
    search = Endgame(0, [3, 1, 1, 1], score_table(rules), LeadRules.of(rules))
    won = search.solve(hands, [], 0, [2, 1, 1, 1], broken=True, first_trick=False)
    assert won[0] == 3


def test_an_opponent_who_can_win_a_trick_it_needs_takes_it():
    rules = Rules()
    # Seat 1 is void in hearts and holds a spade; it needs one trick, so it ruffs.
    hands = [mask_of(["AH"]), mask_of(["2S"]), mask_of(["3H"]), mask_of(["4H"])]
    search = Endgame(0, [1, 1, 1, 1], score_table(rules), LeadRules.of(rules))
    won = search.solve(hands, [], 0, [1, 0, 1, 1], broken=True, first_trick=False)
    assert won == [1, 1, 1, 1]
    # With its call made, it wins the trick all the same: the extra tenth is worth having.
    won = search.solve(hands, [], 0, [1, 1, 1, 0], broken=True, first_trick=False)
    assert won[1] == 2
