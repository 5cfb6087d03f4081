"""The analysis says why the search prefers a card or a call, from the search's own figures."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, apply_action, new_match, view_for
from games.engine.bots import explain_options, reason_for
from games.engine.bots.hard import GREEDY_PLAYOUTS
from games.engine.bots.rollout import LeadRules, rollout, rollout_with_trick
from games.engine.bots.search import Figures, distinct_cards, search_play
from games.engine.bots.table import Table
from games.engine.cards import card_index, mask_of

from .positions import random_position

# Seat 0 holds A♣ K♣ 8♣ and plays last to a trick of 5♣ 7♣ 6♣: 8♣ wins it as surely as
# K♣ does, and keeps A♣ K♣ on top of the clubs for later tricks.
HANDS = [
    "AC KC 8C AS KS QS AH 4H 3H 2H 4D 3D 2D".split(),
    "TC 9C 5C 3C 2C JS TS 9S KH QH JH 6D 5D".split(),
    "QC JC 7C 4C 8S 7S 6S TH 9H QD JD TD 9D".split(),
    "6C 5S 4S 3S 2S 8H 7H 6H 5H AD KD 8D 7D".split(),
]
ROLLOUTS = 1200


def _dealt():
    state = new_match(Rules(hands=1), first_dealer=0)
    return apply_action(state, {"type": "deal", "hands": HANDS})


def _last_to_a_club_trick():
    state = _dealt()
    for seat, call in ((1, 3), (2, 3), (3, 2), (0, 6)):
        state = apply_action(state, {"type": "call", "seat": seat, "call": call})
    for seat, card in ((1, "5C"), (2, "7C"), (3, "6C")):
        state = apply_action(state, {"type": "play", "seat": seat, "card": card})
    return state


def test_a_high_card_spent_on_a_trick_a_low_card_wins_is_wins_anyway():
    view = view_for(_last_to_a_club_trick(), 0)
    rated = explain_options(view, seat=0, rng=random.Random(1), budget_ms=60_000,
                            max_rollouts=ROLLOUTS)
    figures = {action: f for action, _, f in rated}
    best = rated[0][0]
    assert best == "8C"
    assert reason_for("play", "KC", best, figures["KC"], figures["8C"]) == "wins_anyway"
    # Both cards win this trick on every deal; 8♣ leaves more tricks for later.
    assert figures["KC"].trick == figures["8C"].trick == 1.0
    assert figures["8C"].tricks > figures["KC"].tricks
    # The figures are the search's own: the same search with the same deals gives them.
    table = Table.from_view(view, 0)
    options = distinct_cards(table, table.legal)
    own = search_play(table, random.Random(1), options, budget_ms=60_000,
                      max_rollouts=ROLLOUTS, detail=True, greedy=GREEDY_PLAYOUTS)
    assert own.figures[card_index("8C")] == figures["8C"]
    assert own.figures[card_index("KC")] == figures["KC"] == figures["AC"]


def test_a_call_the_hand_cannot_make_is_too_high():
    view = view_for(_dealt(), 1)  # seat 1 calls first, with two or three tricks at most
    rated = explain_options(view, seat=1, rng=random.Random(1), budget_ms=60_000,
                            max_rollouts=ROLLOUTS)
    figures = {action: f for action, _, f in rated}
    best = rated[0][0]
    assert best <= 3
    assert reason_for("call", 8, best, figures[8], figures[best]) == "call_too_high"
    assert figures[8].made == 0.0 and figures[best].made > 0.5
    assert figures[8].tricks < 4 and figures[8].trick is None


def test_asking_for_figures_does_not_change_the_search():
    view = view_for(_last_to_a_club_trick(), 0)
    table = Table.from_view(view, 0)
    options = distinct_cards(table, table.legal)
    plain = search_play(table, random.Random(3), options, budget_ms=60_000, max_rollouts=600)
    detailed = search_play(table, random.Random(3), options, budget_ms=60_000,
                           max_rollouts=600, detail=True)
    assert plain.values == detailed.values and plain.objective == detailed.objective
    assert plain.figures == {} and set(detailed.figures) == set(options)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_a_rollout_told_its_trick_winner_plays_out_exactly_like_a_rollout(seed):
    state = random_position(seed)
    if state.phase != "playing":
        return
    table = Table.from_view(view_for(state, state.turn), state.turn)
    card = card_index(view_for(state, state.turn)["legal"][0])
    hands = [mask_of(h) for h in state.hands]
    hands[state.turn] &= ~(1 << card)
    calls, lead = list(state.calls), LeadRules.of(state.rules)
    args = (table.trick + [card], table.leader, table.won, calls, lead)
    flags = {"broken": table.broken, "first_trick": table.first_trick}
    plain = rollout(list(hands), *args, **flags)
    detailed, winner = rollout_with_trick(list(hands), *args, **flags)
    assert detailed == plain
    first = rollout(list(hands), *args, **flags, one_trick=True)
    assert sum(first) == sum(table.won) + 1 and first[winner] == table.won[winner] + 1


@pytest.mark.parametrize(("chosen", "best", "figures", "reason"), [
    # The lower card also takes the trick: the king was spent for nothing.
    ("KC", "8C", (Figures(5.9, 0.9, 1.0), Figures(6.3, 0.9, 1.0)), "wins_anyway"),
    # The king takes a trick the eight would lose, but costs a later one.
    ("KC", "8C", (Figures(5.0, 0.6, 0.9), Figures(5.4, 0.7, 0.2)), "spends_winner"),
    # The better card wins this trick far more often, and more tricks in all.
    ("4H", "AH", (Figures(4.0, 0.5, 0.1), Figures(4.8, 0.8, 0.9)), "gives_up_trick"),
    # Same tricks on average, but the call is made less often.
    ("4H", "2D", (Figures(4.0, 0.5, 0.3), Figures(4.0, 0.6, 0.3)), "risks_call"),
    ("4H", "2D", (Figures(4.0, 0.5, 0.3), Figures(4.3, 0.52, 0.3)), "fewer_tricks"),
    ("4H", "2D", (Figures(4.0, 0.5, 0.3), Figures(4.05, 0.52, 0.3)), "lower_score"),
    # In the exact endgame the trick chance is unknown: the reason rests on the rest.
    ("KC", "8C", (Figures(1.0, 0.5), Figures(1.5, 0.9)), "risks_call"),
    (5, 3, (Figures(2.3, 0.01), Figures(2.3, 0.4)), "call_too_high"),
    (2, 4, (Figures(4.1, 1.0), Figures(4.1, 0.8)), "call_too_low"),
])
def test_reasons_follow_the_figures(chosen, best, figures, reason):
    kind = "call" if isinstance(chosen, int) else "play"
    assert reason_for(kind, chosen, best, *figures) == reason
