"""The ruleset of one match: every toggle of docs/RULES.md as a field of a frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from .errors import EngineError

FOLLOW_MODES = ("strict", "free", "casual")
SCORING_MODES = ("standard", "bonus13", "exact")
TIE_BREAKS = ("share", "play_off")
HANDS_RANGE = (1, 20)
# An open-ended match (``hands=None``) ends after this many hands whatever the votes.
OPEN_ENDED_MAX_HANDS = 50
# A shared top place is played off for at most this many extra hands, then shared.
PLAY_OFF_MAX_HANDS = 3


@dataclass(frozen=True)
class Rules:
    """Rules in force for a match; the defaults are the ``standard`` preset.

    - ``follow``: ``"strict"`` (must win if you can), ``"free"`` (any card of the led suit,
      trumping and over-trumping still owed when void) or ``"casual"`` (follow suit, else any).
    - ``hands``: number of hands in the match, 1 to 20; ``None`` for an open-ended match
      that goes on until the players agree to finish (at most ``OPEN_ENDED_MAX_HANDS``).
    - ``min_call`` / ``max_call``: the range of a call, within 1 to 13.
    - ``scoring``: ``"standard"``, ``"bonus13"`` (a made call of 8+ scores 13) or ``"exact"``
      (call or one more made; 8+ scores 13; no 0.1 bonus).
    - ``redeal_no_trump``: a player dealt no spade may ask for a redeal before the first call.
    - ``redeal_weak_hand``: the same, and also a player with no Q, K or A; it includes the
      no-trump case whether or not ``redeal_no_trump`` is set.
    - ``min_total_10``: four calls adding up to 9 or less throw the cards in.
    - ``eight_wins``: a player who calls 8+ and makes it wins the match after that hand.
    - ``no_spade_first_lead``: the first lead of a hand may not be a spade (unless only spades).
    - ``spades_broken``: spades may not be led before a spade has been played in the hand
      (unless only spades).
    - ``clockwise``: how the table is drawn; never changes the order of play.
    - ``tie_break``: ``"share"`` (equal totals share first place) or ``"play_off"`` (a shared
      first place at the end is played off with up to ``PLAY_OFF_MAX_HANDS`` extra hands).
    """

    follow: str = "strict"
    hands: int | None = 5
    min_call: int = 1
    max_call: int = 8
    scoring: str = "standard"
    redeal_no_trump: bool = False
    redeal_weak_hand: bool = False
    min_total_10: bool = False
    eight_wins: bool = False
    no_spade_first_lead: bool = False
    spades_broken: bool = False
    clockwise: bool = False
    tie_break: str = "share"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise EngineError("bad_rules", f"The rule {f.name} must be true or false.")
            # bool is an int subclass; a JSON true must not become one hand.
            whole = not isinstance(value, bool) and isinstance(value, int)
            if f.type == "int" and not whole or f.type == "int | None" and not (
                    whole or value is None):
                raise EngineError("bad_rules", f"The rule {f.name} must be a whole number.")
        if self.follow not in FOLLOW_MODES:
            raise EngineError("bad_rules", f"Follow must be one of {', '.join(FOLLOW_MODES)}.")
        if self.scoring not in SCORING_MODES:
            raise EngineError("bad_rules", f"Scoring must be one of {', '.join(SCORING_MODES)}.")
        if self.tie_break not in TIE_BREAKS:
            raise EngineError("bad_rules", f"Tie break must be one of {', '.join(TIE_BREAKS)}.")
        if self.hands is not None and not HANDS_RANGE[0] <= self.hands <= HANDS_RANGE[1]:
            raise EngineError("bad_rules", "A match has between 1 and 20 hands, or no fixed "
                              "number.")
        if not 1 <= self.min_call <= 13 or not 1 <= self.max_call <= 13:
            raise EngineError("bad_rules", "Calls must lie between 1 and 13.")
        if self.min_call > self.max_call:
            raise EngineError(
                "bad_rules",
                f"The minimum call ({self.min_call}) is above the maximum ({self.max_call}).",
            )
        if self.min_total_10 and 4 * self.max_call < 10:
            # Four calls could never reach 10, so every deal would be thrown in forever.
            raise EngineError(
                "bad_rules",
                "With a maximum call of 2 the calls can never total 10; "
                "the minimum-total-10 variant needs a higher maximum.",
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the named presets of docs/RULES.md section 7: standard, pagat or casual."""
        try:
            return cls(**PRESETS[name])
        except (KeyError, TypeError):
            raise EngineError(
                "bad_rules", f"Unknown preset {name!r}; choose one of {', '.join(PRESETS)}."
            ) from None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from JSON: an optional ``"preset"`` name plus any field overrides."""
        if not isinstance(data, dict):
            raise EngineError("bad_rules", "Rules must be a JSON object.")
        try:
            # Rules are immutable, and every view and stored state carries the same few
            # dicts: each distinct one is validated once. The type is part of the key, so
            # that a JSON true is never taken for a cached 1.
            return _rules_of(tuple((k, type(v), v) for k, v in data.items()))
        except TypeError:  # an unhashable value: validated below, and refused
            return cls._from_dict(data)

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> Rules:
        overrides = dict(data)
        base = cls.preset(overrides.pop("preset", "standard"))
        unknown = sorted(set(overrides) - set(_NAMES))
        if unknown:
            raise EngineError("bad_rules", f"Unknown rule(s): {', '.join(map(str, unknown))}.")
        return replace(base, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """Every field by name; ``Rules.from_dict(r.to_dict()) == r``."""
        return {name: getattr(self, name) for name in _NAMES}  # every field is a scalar

    def with_changes(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like any other Rules)."""
        return replace(self, **changes)


_NAMES = tuple(f.name for f in fields(Rules))


@lru_cache(maxsize=256)
def _rules_of(items: tuple[tuple[str, type, Any], ...]) -> Rules:
    return Rules._from_dict({k: v for k, _, v in items})


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "pagat": {"follow": "free", "min_call": 2, "max_call": 12, "scoring": "exact"},
    "casual": {"follow": "casual", "min_call": 1, "max_call": 13},
}


def score_hand(call: int, tricks: int, rules: Rules) -> int:
    """Score of one player's hand in tenths (3.2 → 32, −4 → −40), per docs/RULES.md section 6."""
    for name, value in (("call", call), ("tricks", tricks)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
            raise EngineError("bad_score", f"The {name} must be a whole number from 0 to 13.")
    value = 13 if call >= 8 and rules.scoring in ("bonus13", "exact") else call
    if rules.scoring == "exact":
        return value * 10 if call <= tricks <= call + 1 else -call * 10
    if tricks >= call:
        return value * 10 + (tricks - call)
    return -call * 10


def made_call(call: int, tricks: int, rules: Rules) -> bool:
    """Whether the call counts as made under the rules' scoring (used by eight-wins)."""
    return score_hand(call, tricks, rules) > 0
