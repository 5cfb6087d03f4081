"""``python -m games.arena.train_calls_field --seed S``: the call model refitted on the
calling bot's own play against a mixed field.

``train_calls`` learns what the normal bots' play makes of a hand, and ``hard-v1`` adds a
fixed edge to it, measured against normal bots only. Here the learner is the hard bot
itself, as it stands frozen in ``hard-v1`` (the hard bot's card search, and the calls of the
weights the fit starts from): in the first hand of every match one seat (drawn at random)
calls its call or, half the time, a call up to two away from it, and plays its cards; the
other three seats are drawn from the field (by default ``hard-v1`` in half the seats,
``ismcts`` and ``normal``) and call and play as themselves. The learner seat and every
``hard-v1`` seat of the field (the same bot, calling its own calls) each give one example:
the dealt hand, place in the calling order, the calls before it, the call and the tricks
taken. The network starts from ``hard-v1``'s weights and is fitted further by the same
gradient descent; since it has seen the bot's own play, its calls need no edge: the call
with the best expected score is ``model_call(..., edge=0)``.

The hard levels search a fixed number of rollouts (``--rollouts``) and ``ismcts`` its fixed
iterations, so everything, the weights included, follows from ``--seed``; the learner and
the start are frozen, so a rerun gives the same weights whatever ``hard`` calls with today.
The weights go to ``--out`` (by default under ``var/``): the shipped model is replaced only
by hand, after a paired arena measurement shows the new calls better (``make bench-bots``).
``--played FILE`` keeps the played examples, and a later run with the same seed, hands,
field and rollouts fits from them without playing again (to compare epochs and rates); a
run with other options refuses the file rather than replace it.
The shipped ones: ``--seed 7`` with the defaults (with ``--workers 2``, about 45 minutes).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from games.engine import Rules, apply_action, deal_cards, new_match, view_for
from games.engine.bots import ARENA_LEVELS, decide
from games.engine.bots.hard_v1 import V1_CALLS
from games.engine.cards import mask_of

from .train_calls import OFFSETS, Example, log_loss, train

FIELD = ("hard-v1", "hard-v1", "ismcts", "normal")
LEARNER = "hard-v1"
OUT = Path("var") / "bots" / "call_model_field.json"


def play_hand(rng: random.Random, field: Sequence[str], rollouts: int,
              noise: float = 0.5) -> tuple[list[Example], bool]:
    """The first hand of a 5-hand match with the learner at a random seat: the examples (the
    learner's first, then those of the field's ``hard-v1`` seats), and whether the learner's
    call was the hard bot's own (not moved away from it). A first hand, so the hard levels
    call by their models, as in every hand but a match's last."""
    rules = Rules.preset("standard")
    state = new_match(rules, first_dealer=rng.randrange(4))
    state = apply_action(state, {"type": "deal", "hands": deal_cards(rng)})
    learner = rng.randrange(4)
    levels = [LEARNER if s == learner else rng.choice(field) for s in range(4)]
    rngs = [random.Random(rng.getrandbits(64)) for _ in range(4)]
    dealt = [mask_of(hand) for hand in state.hands]
    first = (state.dealer + 1) % 4
    own = True
    while not state.history:
        seat = state.turn
        action = decide(view_for(state, seat), seat=seat, level=levels[seat], rng=rngs[seat],
                        rollouts=rollouts)
        if state.phase == "bidding" and seat == learner and rng.random() < noise:
            call = action["call"] + rng.choice(OFFSETS)
            action["call"] = min(rules.max_call, max(rules.min_call, call))
            own = False
        state = apply_action(state, action)
    calls = state.history[-1]["calls"]
    won = state.history[-1]["tricks_won"]
    seats = [learner] + [s for s in range(4) if s != learner and levels[s] == LEARNER]
    examples = []
    for seat in seats:
        order = (seat - first) % 4
        earlier = [calls[(first + k) % 4] for k in range(order)]
        examples.append(Example(dealt[seat], order, earlier, calls[seat], rules.follow,
                                won[seat]))
    return examples, own


def _hand(job: tuple[int, Sequence[str], int]) -> tuple[list[Example], bool]:
    seed, field, rollouts = job
    return play_hand(random.Random(seed), field, rollouts)


def play_hands(seeds: Sequence[int], field: Sequence[str], rollouts: int,
               workers: int) -> list[tuple[list[Example], bool]]:
    """A hand from each of ``seeds``, in order, so the examples are the same whatever the
    number of ``workers`` (processes)."""
    jobs = [(seed, tuple(field), rollouts) for seed in seeds]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            return pool.map(_hand, jobs, chunksize=4)
    return [_hand(job) for job in jobs]


def save_played(path: Path, key: dict, played: Sequence[tuple[list[Example], bool]]) -> None:
    """The played hands as JSON, under the options that determine them (``key``)."""
    hands = [[own, [[e.hand, e.order, e.earlier, e.call, e.follow, e.tricks] for e in examples]]
             for examples, own in played]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**key, "played": hands}, separators=(",", ":")))


def load_played(path: Path, key: dict) -> list[tuple[list[Example], bool]] | None:
    """The hands kept in ``path`` if they were played under ``key``, else None."""
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    if {k: data.get(k) for k in key} != key:
        return None
    return [([Example(*fields) for fields in examples], own) for own, examples in data["played"]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.arena.train_calls_field",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=4500,
                        help="hands played (the first of a match each)")
    parser.add_argument("--field", default=",".join(FIELD),
                        help="the levels the other seats are drawn from, comma-separated")
    parser.add_argument("--rollouts", type=int, default=500,
                        help="rollouts a decision of the hard levels")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=0.005)
    parser.add_argument("--workers", type=int, default=1,
                        help="processes playing the hands (the weights do not depend on it)")
    parser.add_argument("--played", default=None,
                        help="a file keeping the played hands, reused when it holds the same "
                             "seed, hands, field and rollouts")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    field = args.field.split(",")
    if any(level not in ARENA_LEVELS for level in field):
        parser.error(f"--field levels are among {', '.join(ARENA_LEVELS)}")
    rng = random.Random(args.seed)
    start = time.monotonic()
    key = {"seed": args.seed, "hands": args.hands, "field": field, "rollouts": args.rollouts}
    # Drawn whether or not the hands are kept, so the fit's draws that follow are the same.
    seeds = [rng.getrandbits(64) for _ in range(args.hands)]
    kept = Path(args.played) if args.played else None
    played = load_played(kept, key) if kept else None
    if played is None and kept and kept.exists():
        # Hands kept under other options are not thrown away by a run that differs.
        parser.error(f"{kept} keeps hands played under other options; name another "
                     "--played file")
    if played is None:
        played = play_hands(seeds, field, args.rollouts, args.workers)
        if kept:
            save_played(kept, key, played)
    total = sum(len(examples) for examples, _ in played)
    own = [examples[0] for examples, is_own in played if is_own]
    made = sum(e.tricks >= e.call for e in own)
    # Held out by hand, so that no deal is on both sides.
    cut = max(1, len(played) * 9 // 10)
    fitted = [e for examples, _ in played[:cut] for e in examples]
    held_out = [e for examples, _ in played[cut:] for e in examples] or fitted
    first = V1_CALLS.model()
    before = log_loss(first, held_out)
    model = train(fitted, rng, hidden=0, epochs=args.epochs, rate=args.rate, start=first)
    loss = log_loss(model, held_out)
    model = type(model)(model.hidden, model.output, {
        "seed": args.seed, "hands": args.hands, "examples": total,
        "field": field, "learner": LEARNER, "rollouts": args.rollouts, "epochs": args.epochs,
        "rate": args.rate, "hidden": len(model.hidden), "edge": 0.0,
        "from": V1_CALLS.weights.name, "from_meta": first.meta,
        "validation_log_loss": round(loss, 4), "start_log_loss": round(before, 4)})
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(model.to_json(), separators=(",", ":")))
    print(f"the learner's own calls made in {made} of {len(own)} hands", file=sys.stderr)
    print(f"{args.hands} hands, {total} examples, "
          f"{time.monotonic() - start:.0f}s; held-out log-loss {loss:.4f} nats "
          f"(the start {before:.4f}); wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
