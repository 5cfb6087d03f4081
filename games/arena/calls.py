"""``python -m games.arena.calls --policy hard``: call policies compared on their own.

One seat of each 5-hand match calls by the policy under test; every other call and every
card is the ``normal`` bot's, so the policy's calls alone make the difference. Match ``m``
deals the same cards whatever the policy (paired deals) and the tested seat rotates.
Policies: ``counted`` (the normal bot's call), ``model`` (the best expected hand score by
the call model trained on the normal bots' play, ``hard-v1``'s weights) and ``hard`` (the
hard bot's call: the one its own weights give the best chance of winning the match, in
the last hand reading the rivals who called before it by their calls).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import decide
from games.engine.bots.hard import learned_call
from games.engine.bots.hard_v1 import V1_CALLS
from games.engine.bots.table import Table

from .stats import mean_ci

POLICIES = ("counted", "model", "hard")


def policy_call(policy: str, view: dict[str, Any], rng: random.Random) -> int:
    """The call of ``policy`` for the seat of ``view``."""
    seat = view["seat"]
    if policy == "model":
        # Behind the normal bots' play the trick counts of weights trained on it hold: no edge.
        return learned_call(Table.from_view(view, seat), edge=0.0, calls=V1_CALLS)
    level = "hard" if policy == "hard" else "normal"
    return decide(view, seat=seat, level=level, rng=rng)["call"]


def play(policy: str, match: int, rules: Rules) -> tuple[float, float, float]:
    """One match: the tested seat's win share (%), points per hand and calls made (%)."""
    deal_rng = random.Random(f"deal-{match}")
    rng = random.Random(match)
    seat = match % 4
    state = new_match(rules, first_dealer=deal_rng.randrange(4))
    made = 0
    while state.phase != "finished":
        if state.phase == "dealing":
            state = apply_action(state, {"type": "deal", "hands": deal_cards(deal_rng)})
            continue
        view = view_for(state, state.turn)
        if state.phase == "bidding" and state.turn == seat:
            action = {"type": "call", "seat": seat, "call": policy_call(policy, view, rng)}
        else:
            action = decide(view, seat=state.turn, level="normal", rng=rng)
        before = len(state.history)
        state = apply_action(state, action)
        if len(state.history) > before:
            made += state.history[-1]["scores"][seat] > 0
    share = 100 / len(state.winners) if seat in state.winners else 0.0
    hands = len(state.history) or 1
    return share, state.scores[seat] / 10 / hands, 100 * made / hands


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.arena.calls",
                                     description="Compare call policies behind normal play.")
    parser.add_argument("--policy", choices=POLICIES, default="hard")
    parser.add_argument("--matches", type=int, default=1000)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    rules = Rules.preset("standard")
    rows = [play(args.policy, m, rules) for m in range(args.matches)]
    win, points, made = (mean_ci([r[k] for r in rows]) for k in range(3))
    print(f"{args.policy}: {args.matches} matches, win {win[0]:.1f} ± {win[1]:.1f} %, "
          f"points per hand {points[0]:.2f} ± {points[1]:.2f}, calls made "
          f"{made[0]:.1f} ± {made[1]:.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
