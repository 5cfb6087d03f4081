"""Why the search prefers one option to another, told by the search's own figures.

Post-match analysis searches a decision with ``detail``: every option is played out on the
same sampled deals, and besides its expected score (tenths of a point over the rest of the
hand) it comes with its ``Figures`` — expected tricks in the hand, the chance of making the
call and, for a card, the chance of winning the trick in progress. ``reason_for`` compares
the chosen option with the best on those figures and names the difference with one of
``REASONS``; the screen words the code with the figures, so a reason is never more than
what the search measured.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import card_index
from ..errors import EngineError
from .hard import search
from .search import Figures
from .table import Table

Action = int | str

# Reasons for a card, in the order they are tried; then the reasons for a call.
PLAY_REASONS = ("wins_anyway", "spends_winner", "gives_up_trick", "risks_call",
                "fewer_tricks", "lower_score")
CALL_REASONS = ("call_too_high", "call_too_low")
REASONS = PLAY_REASONS + CALL_REASONS

# Differences smaller than these are within the noise of a search of a few hundred deals:
# a chance of winning the trick, of making the call, and expected tricks.
TRICK_GAP = 0.2
SAME_TRICK = 0.1
MADE_GAP = 0.05
TRICKS_GAP = 0.1
# "Wins the trick" means more often than not.
LIKELY = 0.5


def explain_options(view: dict[str, Any], *, seat: int, rng: random.Random,
                    budget_ms: float, max_rollouts: int | None = None,
                    ) -> list[tuple[Action, float, Figures]]:
    """Every legal option of ``seat`` with its expected score (tenths) and ``Figures``, from
    one search with ``detail``, best first; equivalent cards share their figures."""
    legal = list(view.get("legal") or [])
    if not legal or view.get("phase") not in ("bidding", "playing"):
        raise EngineError("no_action", "This seat has nothing to decide right now.")
    table = Table.from_view(view, seat)
    searched = search(table, legal, rng, budget_ms=budget_ms, spread=2,
                      max_rollouts=max_rollouts, detail=True)
    result = searched.result
    rated = [(action, result.values[option], result.figures[option])
             for option, actions in searched.groups.items() for action in actions]
    return sorted(rated, key=lambda rated_option: -rated_option[1])


def outranks(a: str, b: str) -> bool:
    """Whether card ``a`` is the stronger card to keep: higher in the same suit, or a spade
    (the trump) against a card of another suit."""
    ia, ib = card_index(a), card_index(b)
    if ia // 13 == ib // 13:
        return ia > ib
    return ia < 13


def reason_for(kind: str, chosen: Action, best: Action, chosen_figures: Figures,
               best_figures: Figures) -> str:
    """The reason code for preferring ``best`` to ``chosen`` (one of ``REASONS``), found by
    comparing their figures; ``kind`` is "call" or "play"."""
    c, b = chosen_figures, best_figures
    if kind == "call":
        return "call_too_high" if int(chosen) > int(best) else "call_too_low"
    more_tricks = b.tricks - c.tricks >= TRICKS_GAP
    if c.trick is not None and b.trick is not None and more_tricks:
        if outranks(str(chosen), str(best)):
            # Both win the trick: the higher card was spent on a trick the lower one took.
            if b.trick >= LIKELY and b.trick >= c.trick - SAME_TRICK:
                return "wins_anyway"
            # The higher card wins this trick more often, at the price of a later one.
            if c.trick - b.trick >= TRICK_GAP:
                return "spends_winner"
        if b.trick - c.trick >= TRICK_GAP:
            return "gives_up_trick"
    if b.made - c.made >= MADE_GAP:
        return "risks_call"
    if more_tricks:
        return "fewer_tricks"
    return "lower_score"


def rounded(figures: Figures) -> Figures:
    """``figures`` to the hundredth, as the decision record keeps them (so a reason chosen
    from rounded figures can be checked against the record)."""
    return Figures(tricks=round(figures.tricks, 2), made=round(figures.made, 2),
                   trick=None if figures.trick is None else round(figures.trick, 2))


def figures_json(value: float, figures: Figures) -> dict[str, float | None]:
    """One option's figures for the decision record: expected score in tenths, expected
    tricks, and the chances (0 to 1) of making the call and of winning the trick."""
    kept = rounded(figures)
    return {"value": round(value, 1), "tricks": kept.tricks, "made": kept.made,
            "trick": kept.trick}
