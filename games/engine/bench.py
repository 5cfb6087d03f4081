"""Engine benchmark: ``python -m games.engine.bench [--seconds S]``.

Prints one ``name: value`` line per figure, single process, single core:

- ``random_hands_per_second``: full 13-trick hands, uniformly random legal cards, strict rules,
  through ``fast.random_playout`` on pre-dealt masks (the bots' rollout loop; dealing apart).
- ``random_hands_with_deal_per_second``: the same with a fresh shuffle for every hand.
- ``playout_policy_hands_per_second``: ``fast.playout`` with a trivial Python policy.
- ``legal_plays_per_second``: the string API ``legal_plays`` on positions from real play.
- ``state_machine_hands_per_second``: deal, four calls and 52 cards through ``apply_action``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from .cards import mask_of
from .fast import playout, random_playout
from .play import legal_plays
from .rules import Rules
from .state import apply_action, deal_cards, new_match
from .view import legal_actions


def _rate(run: Callable[[], int], seconds: float) -> float:
    """Units per second of ``run`` (which returns units done) over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while True:
        done += run()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _mask_deals(rng: random.Random, count: int) -> list[list[int]]:
    return [[mask_of(hand) for hand in deal_cards(rng)] for _ in range(count)]


def bench_random_hands(seconds: float, rng: random.Random) -> float:
    deals = _mask_deals(rng, 1000)
    rnd = rng.random

    def run() -> int:
        for k, deal in enumerate(deals):
            random_playout(deal.copy(), k & 3, rnd)
        return len(deals)

    return _rate(run, seconds)


def bench_random_hands_with_deal(seconds: float, rng: random.Random) -> float:
    deck = list(range(52))
    rnd = rng.random

    def run() -> int:
        for k in range(200):
            rng.shuffle(deck)
            hands = [0, 0, 0, 0]
            for pos, card in enumerate(deck):
                hands[pos & 3] |= 1 << card
            random_playout(hands, k & 3, rnd)
        return 200

    return _rate(run, seconds)


def bench_policy_playout(seconds: float, rng: random.Random) -> float:
    deals = _mask_deals(rng, 200)

    def lowest(seat: int, legal: int, trick: list[int], hands: list[int]) -> int:
        return (legal & -legal).bit_length() - 1

    def run() -> int:
        for deal in deals:
            playout(deal.copy(), 0, policy=lowest)
        return len(deals)

    return _rate(run, seconds)


def _positions(rng: random.Random, rules: Rules, hands: int) -> list[tuple[list[str], list[str]]]:
    """(hand, trick) pairs met while playing random legal hands through the state machine."""
    out = []
    for state in _random_hands(rng, rules, hands):
        if state.phase == "playing":
            out.append((state.hands[state.turn], [c for _, c in state.trick]))
    return out


def _random_hands(rng: random.Random, rules: Rules, hands: int):
    """Every state of ``hands`` random hands played through ``apply_action``."""
    state = new_match(rules.with_changes(hands=hands), first_dealer=0)
    while state.phase != "finished":
        if state.phase == "dealing":
            state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
        else:
            legal = legal_actions(state, state.turn)
            if legal["calls"]:
                action = {"type": "call", "seat": state.turn, "call": rng.choice(legal["calls"])}
            else:
                action = {"type": "play", "seat": state.turn, "card": rng.choice(legal["cards"])}
            state = apply_action(state, action)
        yield state


def bench_legal_plays(seconds: float, rng: random.Random) -> float:
    rules = Rules.preset("standard")
    positions = _positions(rng, rules, 20)

    def run() -> int:
        for hand, trick in positions:
            legal_plays(hand, trick, rules)
        return len(positions)

    return _rate(run, seconds)


def bench_state_machine(seconds: float, rng: random.Random) -> float:
    rules = Rules.preset("standard")

    def run() -> int:
        for _ in _random_hands(rng, rules, 5):
            pass
        return 5

    return _rate(run, seconds)


def main(argv: list[str] | None = None) -> None:
    """Run every benchmark and print ``name: value`` lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    figures = [
        ("random_hands_per_second", bench_random_hands),
        ("random_hands_with_deal_per_second", bench_random_hands_with_deal),
        ("playout_policy_hands_per_second", bench_policy_playout),
        ("legal_plays_per_second", bench_legal_plays),
        ("state_machine_hands_per_second", bench_state_machine),
    ]
    for name, bench in figures:
        print(f"{name}: {bench(args.seconds, rng):.0f}", flush=True)


if __name__ == "__main__":
    main()
