"""``python -m games.arena.train_calls --seed S``: train the call model on self-play.

Self-play: the normal bots play one-hand matches; each seat calls the normal bot's call, or
(half the time) a call up to two away from it, so the model sees what each call leads to.
Every seat of every hand is one example: its dealt hand, place in the calling order, the
calls before it and its own call, and the tricks it took. A network of one hidden layer is
fitted by plain stochastic gradient descent (cross-entropy) and written to
``games/engine/bots/call_model.json``. Everything random comes from ``--seed``; the defaults
regenerate the shipped weights in a few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import decide
from games.engine.bots.callmodel import (
    TRICKS,
    WEIGHTS,
    CallModel,
    features,
    model_call,
)
from games.engine.cards import mask_of

# The follow rules drawn for self-play hands, the standard one most often.
FOLLOWS = ("strict", "strict", "free", "casual")
OFFSETS = (-2, -1, 1, 2)


@dataclass
class Example:
    """One seat of one self-play hand."""

    hand: int
    order: int
    earlier: list[int]
    call: int
    follow: str
    tricks: int

    def inputs(self) -> list[float]:
        return features(self.hand, self.order, self.earlier, self.call, self.follow)


def play_hand(rules: Rules, rng: random.Random,
              calls_by: dict[int, Callable[[dict, int], int]] | None = None,
              noise: float = 0.0, play: bool = True,
              ) -> tuple[list[Example], list[int], list[int]]:
    """One self-play hand of the normal bots: its examples, the calls and the scores
    (``play=False``: the calls alone, with no examples and no scores).

    ``calls_by`` gives some seats' calls, as a function of the seat's view and the normal
    bot's call; ``noise`` is the chance that any other seat moves its call away from the
    normal bot's. Two plays of one ``rng`` seed with the same seats in ``calls_by`` draw the
    same numbers up to those calls, so equal calls give the same hand.
    """
    state = new_match(rules, first_dealer=rng.randrange(4))
    state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
    dealt = [mask_of(h) for h in state.hands]
    first = (state.dealer + 1) % 4
    while state.phase == "bidding":
        seat = state.turn
        view = view_for(state, seat)
        call = decide(view, seat=seat, level="normal", rng=rng)["call"]
        if calls_by is not None and seat in calls_by:
            call = calls_by[seat](view, call)
        elif rng.random() < noise:
            call = min(rules.max_call, max(rules.min_call, call + rng.choice(OFFSETS)))
        state = apply_action(state, {"type": "call", "seat": seat, "call": call})
    calls = list(state.calls)
    if not play:
        return [], calls, []
    while state.phase == "playing":
        view = view_for(state, state.turn)
        state = apply_action(state, decide(view, seat=state.turn, level="normal", rng=rng))
    won = state.history[-1]["tricks_won"]
    examples = []
    for seat in range(4):
        order = (seat - first) % 4
        earlier = [calls[(first + k) % 4] for k in range(order)]
        examples.append(Example(dealt[seat], order, earlier, calls[seat], rules.follow,
                                won[seat]))
    return examples, calls, list(state.history[-1]["scores"])


def self_play(hands: int, rng: random.Random) -> list[Example]:
    """Examples from ``hands`` self-play hands (four each)."""
    out: list[Example] = []
    for _ in range(hands):
        rules = Rules.preset("standard").with_changes(hands=1, follow=rng.choice(FOLLOWS))
        out.extend(play_hand(rules, rng, noise=0.5)[0])
    return out


def train(examples: Sequence[Example], rng: random.Random, *, hidden: int, epochs: int,
          rate: float, start: CallModel | None = None) -> CallModel:
    """Fit the network by stochastic gradient descent on the cross-entropy, from random
    weights or from those of ``start`` (whose hidden size then wins)."""
    data = [(e.inputs(), e.tricks) for e in examples]
    n_in = len(data[0][0])
    scale = 1 / math.sqrt(n_in)
    if start is not None:
        w1 = [list(row) for row in start.hidden]
        w2 = [list(row) for row in start.output]
        hidden = len(w1)
    else:
        w1 = [[rng.gauss(0, scale) for _ in range(n_in)] + [0.0] for _ in range(hidden)]
        w2 = [[rng.gauss(0, 1 / math.sqrt(hidden)) for _ in range(hidden)] + [0.0]
              for _ in range(TRICKS)]
    for epoch in range(epochs):
        rng.shuffle(data)
        step = rate / (1 + epoch)
        for x, target in data:
            h = [math.tanh(sum(w * v for w, v in zip(row, x, strict=False)) + row[-1])
                 for row in w1]
            logits = [sum(w * v for w, v in zip(row, h, strict=False)) + row[-1] for row in w2]
            top = max(logits)
            exps = [math.exp(v - top) for v in logits]
            total = sum(exps)
            grad_out = [e / total for e in exps]
            grad_out[target] -= 1.0
            grad_h = [0.0] * hidden
            for k, g in enumerate(grad_out):
                row = w2[k]
                for j in range(hidden):
                    grad_h[j] += g * row[j]
                    row[j] -= step * g * h[j]
                row[-1] -= step * g
            for j, row in enumerate(w1):
                g = grad_h[j] * (1 - h[j] * h[j])
                if g:
                    for i, v in enumerate(x):
                        row[i] -= step * g * v
                    row[-1] -= step * g
    return CallModel(tuple(map(tuple, w1)), tuple(map(tuple, w2)), {})


def log_loss(model: CallModel, examples: Sequence[Example]) -> float:
    """Mean cross-entropy of the model on ``examples`` (nats)."""
    return -sum(math.log(max(1e-9, model.distribution(e.inputs())[e.tricks]))
                for e in examples) / len(examples)


def compare_calls(model: CallModel, *, deals: int, seed: int,
                  rules: Rules | None = None) -> tuple[float, float, int]:
    """The model's calls against the normal bot's on held-out deals: one seat per deal
    calls by the model, everything else is the normal bot; where the two calls differ, the
    same deal is played out with each call (where they agree the hands would be the same and
    the gain is 0, so only the calls are made). Mean gain in hand score (tenths), its 95 %
    half-width, and how many deals the two calls differed on."""
    rules = rules or Rules.preset("standard").with_changes(hands=1)
    gains = []
    changed = 0

    def by_model(view: dict, call: int) -> int:
        first = (view["dealer"] + 1) % 4
        order = (view["seat"] - first) % 4
        earlier = [view["calls"][(first + k) % 4] for k in range(order)]
        normal.append(call)
        return model_call(model, mask_of(view["hand"]), order, earlier, rules)

    for d in range(deals):
        seat = d % 4
        normal: list[int] = []
        _, calls, _ = play_hand(rules, random.Random(f"held-out-{seed}-{d}"),
                                calls_by={seat: by_model}, play=False)
        if calls[seat] == normal[0]:
            gains.append(0)
            continue
        changed += 1
        _, _, scores = play_hand(rules, random.Random(f"held-out-{seed}-{d}"),
                                 calls_by={seat: by_model})
        _, _, base_scores = play_hand(rules, random.Random(f"held-out-{seed}-{d}"),
                                      calls_by={seat: lambda view, call: call})
        gains.append(scores[seat] - base_scores[seat])
    mean = sum(gains) / len(gains)
    var = sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)
    return mean, 1.959964 * math.sqrt(var / len(gains)), changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.arena.train_calls",
                                     description="Train the call model on self-play.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=12000, help="self-play hands")
    parser.add_argument("--hidden", type=int, default=12)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--rate", type=float, default=0.02)
    parser.add_argument("--out", default=str(WEIGHTS))
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    rng = random.Random(args.seed)
    start = time.monotonic()
    examples = self_play(args.hands, rng)
    cut = len(examples) * 9 // 10
    print(f"{args.hands} self-play hands, {len(examples)} examples, "
          f"{time.monotonic() - start:.0f}s", file=sys.stderr)
    model = train(examples[:cut], rng, hidden=args.hidden, epochs=args.epochs, rate=args.rate)
    loss = log_loss(model, examples[cut:])
    model = CallModel(model.hidden, model.output, {
        "seed": args.seed, "hands": args.hands, "hidden": args.hidden, "epochs": args.epochs,
        "rate": args.rate, "validation_log_loss": round(loss, 4)})
    with open(args.out, "w") as out:
        json.dump(model.to_json(), out, separators=(",", ":"))
    print(f"validation log-loss {loss:.4f} nats, {time.monotonic() - start:.0f}s; "
          f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
