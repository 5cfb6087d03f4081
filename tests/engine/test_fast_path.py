"""The mask fast path agrees with the plain reference statement of the rules."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, legal_plays, trick_winner
from games.engine.cards import DECK, card_index, card_name, cards_of, mask_of
from games.engine.fast import (
    CASUAL,
    FOLLOW_CODES,
    STRICT,
    legal_mask,
    mask_cards,
    playout,
    random_playout,
    winning_position,
)

from .reference import reference_legal, reference_winner

FOLLOWS = st.sampled_from(["strict", "free", "casual"])


@st.composite
def positions(draw):
    deck = draw(st.permutations(DECK))
    size = draw(st.integers(1, 13))
    played = draw(st.integers(0, 3))
    return list(deck[:size]), list(deck[size:size + played])


@settings(max_examples=400, deadline=None)
@given(positions(), FOLLOWS, st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_legal_plays_equals_the_reference_rules(position, follow, first, broken, nsfl, sb):
    hand, trick = position
    rules = Rules(follow=follow, no_spade_first_lead=nsfl, spades_broken=sb)
    lead_ok = not (nsfl and first) and not (sb and not broken)
    got = legal_plays(hand, trick, rules, first_trick=first, spades_broken=broken)
    assert got == reference_legal(hand, trick, follow, lead_ok)


@settings(max_examples=300, deadline=None)
@given(positions(), FOLLOWS)
def test_legal_plays_is_never_empty_and_always_part_of_the_hand(position, follow):
    hand, trick = position
    got = legal_plays(hand, trick, Rules(follow=follow))
    assert got and got <= set(hand)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.integers(1, 4))
def test_trick_winner_equals_the_reference_rules(deck, size):
    trick = list(deck[:size])
    assert trick_winner(trick) == reference_winner(trick)
    assert winning_position([card_index(c) for c in trick]) == reference_winner(trick)


def test_masks_round_trip_through_card_strings():
    assert cards_of(mask_of(DECK)) == list(DECK)
    assert [card_name(i) for i in mask_cards(mask_of(DECK))] == list(DECK)
    assert card_index("2S") == 0 and card_index("AS") == 12 and card_index("AD") == 51


def _deal_masks(rng):
    deck = list(DECK)
    rng.shuffle(deck)
    return [mask_of(deck[13 * s:13 * s + 13]) for s in range(4)]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), FOLLOWS, st.integers(0, 3))
def test_playout_offers_exactly_the_reference_legal_cards_and_scores_tricks_alike(
        rng, follow, leader):
    hands = _deal_masks(rng)
    strings = [cards_of(h) for h in hands]
    played = []

    def policy(seat, legal, trick, current):
        hand = cards_of(current[seat])
        expected = reference_legal(hand, [card_name(c) for c in trick], follow)
        assert set(cards_of(legal)) == expected
        card = card_index(rng.choice(sorted(expected)))
        played.append((seat, card_name(card)))
        return card

    won = playout(hands, leader, follow=FOLLOW_CODES[follow], policy=policy)
    assert hands == [0, 0, 0, 0]
    expected_won = [0, 0, 0, 0]
    for t in range(13):
        trick = played[4 * t:4 * t + 4]
        expected_won[trick[reference_winner([c for _, c in trick])][0]] += 1
    assert won == expected_won
    assert sorted(c for _, c in played) == sorted(c for h in strings for c in h)


def test_playout_continues_from_a_trick_in_progress():
    rng = random.Random(5)
    hands = _deal_masks(rng)
    lead = (hands[2] & -hands[2]).bit_length() - 1
    hands[2] &= ~(1 << lead)
    won = playout(hands, 2, [lead], follow=CASUAL, rng=rng)
    assert sum(won) == 13 and hands == [0, 0, 0, 0]


def test_playout_respects_the_spade_lead_variants():
    hands = [mask_of(["AS", "2H"]), mask_of(["3H", "4H"]), mask_of(["5H", "6H"]),
             mask_of(["7H", "8H"])]
    for _ in range(20):
        won = playout(list(hands), 0, spades_broken=False, rng=random.Random(_))
        # Seat 0 may not lead the ace of spades, must lead 2H and loses the trick.
        assert won[0] <= 1
    assert legal_mask(hands[0], [], STRICT, spade_lead_ok=False) == mask_of(["2H"])


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3))
def test_random_playout_plays_all_52_cards_and_13_tricks(rng, leader):
    hands = _deal_masks(rng)
    won = random_playout(hands, leader, rng.random)
    assert sum(won) == 13 and hands == [0, 0, 0, 0]
