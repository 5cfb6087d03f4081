"""The learned call model: how many tricks a dealt hand takes, as a distribution.

A small network (one hidden layer of ``tanh`` units, a softmax over 0–13 tricks) reads the
hand, the seat's place in the calling order, the calls already made, the follow rule and
the call being considered (the call shapes the play: a seat that still needs tricks goes
after them). Its weights are plain JSON lists, a few kilobytes: ``call_model_hard_v1.json``
trained on the normal bots' self-play by ``python -m games.arena.train_calls``, and
``call_model.json``, the hard bot's, those refitted on its own play against a mixed field by
``python -m games.arena.train_calls_field`` (see docs/BENCHMARKS.md).
Pure Python; no Django, no numpy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..cards import SUIT_MASKS
from ..rules import FOLLOW_MODES, Rules
from .calling import estimate_tricks
from .rollout import score_table

WEIGHTS = Path(__file__).with_name("call_model.json")
TRICKS = 14  # 0 to 13
# Ranks whose presence is a feature, per suit: A K Q J T.
HONOURS = (12, 11, 10, 9, 8)


def features(hand: int, order: int, earlier: Sequence[int], call: int,
             follow: str) -> list[float]:
    """The model's inputs, each of order one.

    ``order`` is the seat's place in the calling order (0 calls first), ``earlier`` the
    calls made before it, ``call`` the call considered and ``follow`` the follow rule.
    """
    out: list[float] = []
    for suit in range(4):
        mask = hand >> (13 * suit)
        count = (hand & SUIT_MASKS[suit]).bit_count()
        out.append(count / 4)
        out.extend(float(mask >> rank & 1) for rank in HONOURS)
        if suit:
            out.append(float(count == 0))
            out.append(float(count == 1))
    estimate = estimate_tricks(hand)
    out.append(estimate / 4)
    out.extend(float(order == k) for k in range(4))
    out.append(sum(earlier) / 10)
    out.append(max(earlier, default=0) / 8)
    out.append(call / 8)
    out.append((call - estimate) / 3)
    out.append(abs(call - estimate) / 3)
    out.extend(float(follow == mode) for mode in FOLLOW_MODES)
    return out


@dataclass(frozen=True)
class CallModel:
    """Weights of the network: ``hidden`` rows of inputs+1 (bias last), then ``output``
    rows of hidden+1."""

    hidden: tuple[tuple[float, ...], ...]
    output: tuple[tuple[float, ...], ...]
    meta: dict

    @classmethod
    def from_json(cls, data: dict) -> CallModel:
        """A model from the JSON written by the trainer."""
        return cls(tuple(tuple(r) for r in data["hidden"]),
                   tuple(tuple(r) for r in data["output"]), dict(data.get("meta", {})))

    def to_json(self) -> dict:
        """The JSON the trainer writes (weights rounded to 4 decimals)."""
        return {"meta": self.meta,
                "hidden": [[round(w, 4) for w in r] for r in self.hidden],
                "output": [[round(w, 4) for w in r] for r in self.output]}

    def distribution(self, inputs: Sequence[float]) -> list[float]:
        """P(tricks = t) for t in 0..13."""
        units = [math.tanh(sum(w * x for w, x in zip(row, inputs, strict=False)) + row[-1])
                 for row in self.hidden]
        logits = [sum(w * h for w, h in zip(row, units, strict=False)) + row[-1]
                  for row in self.output]
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        return [e / total for e in exps]


@lru_cache(maxsize=4)
def load_model(path: Path) -> CallModel:
    """The model whose weights are in ``path`` (read once)."""
    return CallModel.from_json(json.loads(path.read_text()))


def shipped_model() -> CallModel:
    """The model the hard bot calls with."""
    return load_model(WEIGHTS)


def call_distributions(model: CallModel, hand: int, order: int, earlier: Sequence[int],
                       rules: Rules, edge: float = 0.0) -> dict[int, list[float]]:
    """For every legal call, the distribution of the tricks the hand takes calling it,
    moved ``edge`` tricks up for a player stronger than the self-play bots."""
    return {c: shifted(model.distribution(features(hand, order, earlier, c, rules.follow)),
                       edge)
            for c in range(rules.min_call, rules.max_call + 1)}


def shifted(dist: Sequence[float], edge: float) -> list[float]:
    """``dist`` (over 0..13 tricks) moved ``edge`` tricks up (0 <= edge), a fraction of a
    trick by sharing each probability between two neighbours; nothing goes past 13."""
    whole, part = int(edge), edge - int(edge)
    out = [0.0] * TRICKS
    for t, p in enumerate(dist):
        low = min(TRICKS - 1, t + whole)
        out[low] += p * (1 - part)
        out[min(TRICKS - 1, low + 1)] += p * part
    return out


def expected_scores(model: CallModel, hand: int, order: int, earlier: Sequence[int],
                    rules: Rules, edge: float = 0.0) -> dict[int, float]:
    """Every legal call's expected hand score in tenths, under the rules' own scoring."""
    scores = score_table(rules)
    return {c: sum(p * scores[c][t] for t, p in enumerate(dist))
            for c, dist in call_distributions(model, hand, order, earlier, rules,
                                              edge).items()}


def model_call(model: CallModel, hand: int, order: int, earlier: Sequence[int],
               rules: Rules, edge: float = 0.0) -> int:
    """The call with the best expected hand score, for a player ``edge`` tricks a hand
    stronger than the self-play bots."""
    values = expected_scores(model, hand, order, earlier, rules, edge)
    return max(values, key=lambda c: (values[c], -c))
