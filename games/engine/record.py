"""The match record (one JSON document per match) and its replay. Format: RECORD.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .ending import final_places
from .errors import EngineError
from .rules import Rules
from .state import MatchState, apply_action, new_match

RECORD_VERSION = 3


def match_record(state: MatchState) -> dict[str, Any]:
    """The whole match so far: rules, every deal, call and card, and the results.

    Completed hands are in ``hands``; a hand under way (or thrown-in deals awaiting the next
    deal) is in ``current``, so the record replays to exactly this state at any moment.
    """
    current = None
    if state.phase != "finished" and (state.deal is not None or state.redeals):
        current = {
            "hand_number": state.hand_number,
            "dealer": state.dealer,
            "deal": state.deal,
            "redeals": state.redeals,
            "calls": state.calls,
            "call_order": [(state.dealer + k) % 4 for k in range(1, 5)
                           if state.calls[(state.dealer + k) % 4] is not None],
            "tricks": [_trick(t) for t in state.tricks],
            "trick": [{"seat": s, "card": c} for s, c in state.trick],
            "play_off": state.play_off > 0,
            "finish_votes": state.finish_votes,
            "finish_agreed": state.finish_agreed,
        }
    record = {
        "version": RECORD_VERSION,
        "rules": state.rules.to_dict(),
        "first_dealer": state.first_dealer,
        "hands": [_hand(h) for h in state.history],
        "current": current,
        "totals": state.scores,
        "places": final_places(state),
        "winners": state.winners,
        "finished": state.phase == "finished",
    }
    # A deep copy, so the caller may keep or change it without touching the state.
    return _copy(record)


def _trick(trick: dict[str, Any]) -> dict[str, Any]:
    """A completed trick as the record gives it: each card with the seat that played it."""
    leader = trick["leader"]
    return {"leader": leader, "winner": trick["winner"],
            "cards": [{"seat": (leader + k) % 4, "card": card}
                      for k, card in enumerate(trick["cards"])]}


def _hand(entry: dict[str, Any]) -> dict[str, Any]:
    return {**entry, "tricks": [_trick(t) for t in entry["tricks"]]}


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


def upgrade_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record in the current format: a version 2 record (before open-ended matches and
    play-offs) gains the hand marks those bring, all off; a current one is returned as is."""
    if record.get("version") != 2:
        return record
    marks = {"play_off": False, "finish_votes": [], "finish_agreed": False}
    upgraded = _copy(record)
    upgraded["version"] = RECORD_VERSION
    upgraded["hands"] = [{**hand, **marks} for hand in upgraded["hands"]]
    if upgraded.get("current"):
        upgraded["current"] = {**upgraded["current"], **marks}
    return upgraded


Visit = Callable[[MatchState, dict[str, Any]], None]


def _replay_hand(state: MatchState, hand: dict[str, Any],
                 visit: Visit | None = None) -> MatchState:
    """Apply one hand's thrown-in deals, deal, calls and cards (``visit`` sees each action
    with the state it is applied to)."""

    def step(state: MatchState, action: dict[str, Any]) -> MatchState:
        if visit is not None:
            visit(state, action)
        return apply_action(state, action)

    for thrown in hand.get("redeals", []):
        state = step(state, {"type": "deal", "hands": thrown["deal"]})
        if thrown["reason"] == "min_total":
            for seat in [(state.dealer + k) % 4 for k in range(1, 5)]:
                state = step(state, {"type": "call", "seat": seat,
                                     "call": thrown["calls"][seat]})
        else:
            state = step(state, {"type": "redeal", "seat": thrown["seat"]})
    if hand.get("deal") is None:
        return state
    state = step(state, {"type": "deal", "hands": hand["deal"]})
    for seat in hand["call_order"]:
        state = step(state, {"type": "call", "seat": seat, "call": hand["calls"][seat]})
    # When a seat agreed within the hand does not change the play, so the votes come first.
    for seat in hand.get("finish_votes") or []:
        state = step(state, {"type": "finish", "seat": seat})
    if hand.get("finish_agreed"):
        state = step(state, {"type": "finish_agreed"})
    plays = [p for t in hand["tricks"] for p in t["cards"]] + list(hand.get("trick") or [])
    for played in plays:
        state = step(state, {"type": "play", "seat": played["seat"], "card": played["card"]})
    return state


def record_steps(record: dict[str, Any]) -> list[tuple[MatchState, dict[str, Any]]]:
    """Every action of a finished record with the state it was taken in, in order; for
    reviewing decisions (the record must already be trusted, e.g. written by this engine)."""
    record = upgrade_record(record)
    steps: list[tuple[MatchState, dict[str, Any]]] = []
    state = new_match(Rules.from_dict(record["rules"]), first_dealer=record["first_dealer"])
    for hand in record["hands"]:
        state = _replay_hand(state, hand, lambda s, a: steps.append((s, a)))
    return steps


def replay_record(record: dict[str, Any]) -> MatchState:
    """Re-apply every deal, call and card of a record through ``apply_action``.

    Returns the final state; raises EngineError("bad_record") if an action is refused or any
    stored result (trick winners, tricks won, scores, totals, places) differs from the replay.
    An older record is upgraded first (``upgrade_record``).
    """
    try:
        record = upgrade_record(record)
        if record["version"] != RECORD_VERSION:
            raise EngineError("bad_record", "This match record has an unknown version.")
        state = new_match(Rules.from_dict(record["rules"]), first_dealer=record["first_dealer"])
        for hand in record["hands"]:
            state = _replay_hand(state, hand)
            if _hand(state.history[-1]) != hand:
                raise EngineError("bad_record",
                                  f"Hand {hand.get('hand_number')} does not replay as recorded.")
        if record.get("current"):
            state = _replay_hand(state, record["current"])
        summary = (state.scores, final_places(state), state.winners, state.phase == "finished")
        if summary != (record["totals"], record["places"], record["winners"], record["finished"]):
            raise EngineError("bad_record", "The recorded totals or places do not match.")
    except EngineError as exc:
        if exc.code == "bad_record":
            raise
        raise EngineError(
            "bad_record", f"The record holds an illegal action: {exc.detail}"
        ) from exc
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise EngineError("bad_record", f"The record is malformed ({exc!r}).") from exc
    return state
