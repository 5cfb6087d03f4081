"""Sampled deals agree with everything public, and only with that."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, view_for
from games.engine.bots.sampling import DealWeights, call_fit, play_fit, sample_deal
from games.engine.bots.table import Table
from games.engine.cards import FULL_DECK, card_index, mask_of
from games.engine.fast import FOLLOW_CODES, legal_mask
from games.engine.play import spade_lead_ok

from .positions import random_position, random_rules


def _replays_legally(view: dict, hands_now: list[int], table: Table) -> bool:
    """Whether the hand so far could have been played from these hands (plus the cards each
    seat has since played) under the match's rules."""
    rules = Rules.from_dict(view["rules"])
    hands = [hands_now[p] | table.played_by[p] for p in range(4)]
    tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
    broken = False
    for number, cards in enumerate(tricks):
        played: list[int] = []
        for entry in cards:
            seat, card = entry["seat"], card_index(entry["card"])
            ok = spade_lead_ok(rules, first_trick=number == 0, spades_broken=broken)
            if not legal_mask(hands[seat], played, FOLLOW_CODES[rules.follow], ok) >> card & 1:
                return False
            hands[seat] &= ~(1 << card)
            played.append(card)
        broken = broken or any(c < 13 for c in played)
    return True


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_sampled_deals_fit_hand_sizes_unseen_cards_and_every_play_so_far(seed):
    rng = random.Random(seed)
    state = random_position(seed, random_rules(rng).with_changes(follow="strict"))
    seat = state.turn
    view = view_for(state, seat)
    table = Table.from_view(view, seat)
    for _ in range(5):
        hands = sample_deal(table, rng)
        assert hands[seat] == mask_of(view["hand"])
        assert [h.bit_count() for h in hands] == view["hand_sizes"]
        union = hands[0] | hands[1] | hands[2] | hands[3]
        assert sum(h.bit_count() for h in hands) == union.bit_count()
        assert union == FULL_DECK & ~table.played
        assert _replays_legally(view, hands, table)


MY_HAND = ["AS", "KS", "AH", "QH", "JH", "AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD"]
HEARTS = mask_of([r + "H" for r in "23456789TJQKA"])
SPADES = mask_of([r + "S" for r in "23456789TJQKA"])


def _view_with_trick(plays: list[str], follow: str = "strict") -> dict:
    """Seat 0's view while seat 1 led and seats 2 and 3 followed with ``plays``."""
    return {
        "phase": "playing", "seat": 0, "turn": 0, "dealer": 0, "hand_number": 1,
        "rules": Rules(follow=follow).to_dict(), "hand": MY_HAND, "legal": ["AH", "QH", "JH"],
        "calls": [3, 3, 3, 3], "tricks_won": [0, 0, 0, 0], "hand_sizes": [13, 12, 12, 12],
        "tricks": [],
        "trick": [{"seat": s, "card": c} for s, c in zip((1, 2, 3), plays, strict=True)],
        "scores": [0, 0, 0, 0],
    }


def _samples(view: dict, count: int = 60) -> list[list[int]]:
    table = Table.from_view(view, 0)
    rng = random.Random(3)
    return [sample_deal(table, rng) for _ in range(count)]


def test_failing_to_follow_means_void_and_failing_to_trump_means_no_spades():
    for hands in _samples(_view_with_trick(["9H", "KH", "4C"])):
        assert not hands[3] & (HEARTS | SPADES)


def test_failing_to_overtrump_means_no_spade_above_the_trick():
    higher = mask_of(["6S", "7S", "8S", "9S", "TS", "JS", "QS"])
    for hands in _samples(_view_with_trick(["9H", "5S", "2S"])):
        assert not hands[3] & (HEARTS | higher)
        assert not hands[2] & HEARTS


def test_following_low_under_must_beat_means_no_higher_card_of_the_suit():
    higher = mask_of(["TH", "KH"])
    for hands in _samples(_view_with_trick(["9H", "4H", "3H"])):
        assert not (hands[2] | hands[3]) & higher


def test_without_strict_follow_a_low_card_reveals_only_voids():
    free = _samples(_view_with_trick(["9H", "4H", "3H"], follow="free"))
    assert any(hands[2] & mask_of(["TH", "KH"]) for hands in free)
    casual = _samples(_view_with_trick(["9H", "KH", "4C"], follow="casual"))
    assert all(not hands[3] & HEARTS for hands in casual)
    assert any(hands[3] & SPADES for hands in casual)


def _normal_positions(count: int):
    """Positions of hands played by the normal bot, with every seat's real hand."""
    from games.engine import apply_action, deal_cards, new_match
    from games.engine.bots import decide

    rng = random.Random(11)
    out = []
    while len(out) < count:
        state = new_match(Rules(), first_dealer=rng.randrange(4))
        state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
        stop = rng.randrange(12, 48)
        for _ in range(4 + stop):
            view = view_for(state, state.turn)
            state = apply_action(state, decide(view, seat=state.turn, level="normal", rng=rng))
        hands = [mask_of(view_for(state, p)["hand"]) for p in range(4)]
        out.append((Table.from_view(view_for(state, state.turn), state.turn), hands))
    return out


def test_the_normal_bots_real_hands_explain_their_calls_and_plays_and_most_guesses_do_not():
    rng = random.Random(5)
    guessed = []
    for table, hands in _normal_positions(12):
        for p in range(4):
            if p != table.seat:
                assert play_fit(table, p, hands[p]) == 1.0
                assert call_fit(table, p, hands[p]) == 1.0
        for _ in range(20):
            deal = sample_deal(table, rng)
            guessed.append(min(play_fit(table, p, deal[p]) for p in range(4) if p != table.seat))
    misfits = sum(w < 1.0 for w in guessed)
    assert misfits > len(guessed) // 3
    assert play_fit(table, (table.seat + 1) & 3, deal[(table.seat + 1) & 3], miss=1.0) == 1.0


def test_deal_weights_multiply_each_seats_fit_to_its_call_and_plays():
    rng = random.Random(8)
    for table, _hands in _normal_positions(4):
        weigh = DealWeights(table)
        for _ in range(10):
            deal = sample_deal(table, rng)
            expected = 1.0
            for p in range(4):
                if p != table.seat:
                    expected *= call_fit(table, p, deal[p]) * play_fit(table, p, deal[p])
            assert weigh(deal) == expected
            assert weigh(deal) == expected  # the second time from what it kept
