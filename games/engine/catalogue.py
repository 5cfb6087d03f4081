"""The shape of the rule catalogue a new-match form is drawn from: presets, choices, toggles
and limits, with the engine's own defaults. Words for players are attached above the engine
(``games/api/rules_words.py``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .rules import (
    FOLLOW_MODES,
    HANDS_RANGE,
    OPEN_ENDED_MAX_HANDS,
    PLAY_OFF_MAX_HANDS,
    PRESETS,
    SCORING_MODES,
    TIE_BREAKS,
    Rules,
)

DEFAULT_PRESET = "standard"
CALL_RANGE = (1, 13)
# The choices among named values, in the order a form shows them.
CHOICES: dict[str, tuple[str, ...]] = {
    "follow": FOLLOW_MODES,
    "scoring": SCORING_MODES,
    "tie_break": TIE_BREAKS,
}
# Whole-number options and their ranges; ``hands`` may also be None (open-ended).
NUMBERS: dict[str, tuple[int, int]] = {
    "hands": HANDS_RANGE,
    "min_call": CALL_RANGE,
    "max_call": CALL_RANGE,
}
TOGGLES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.type == "bool")


def rules_catalogue() -> dict[str, Any]:
    """Every option a player chooses about the rules, with the engine's defaults and limits,
    in the order a form shows them (names and values only)."""
    defaults = Rules()
    return {
        "default_preset": DEFAULT_PRESET,
        "presets": [{"name": name, "rules": Rules.preset(name).to_dict()} for name in PRESETS],
        "choices": [{"name": name, "default": getattr(defaults, name), "options": list(values)}
                    for name, values in CHOICES.items()],
        "toggles": [{"name": name, "default": getattr(defaults, name)} for name in TOGGLES],
        "limits": {
            "hands": {"min": HANDS_RANGE[0], "max": HANDS_RANGE[1], "default": defaults.hands,
                      "open_ended": True, "open_ended_max": OPEN_ENDED_MAX_HANDS},
            "call": {"min": CALL_RANGE[0], "max": CALL_RANGE[1],
                     "default_min": defaults.min_call, "default_max": defaults.max_call},
            "play_off_hands": PLAY_OFF_MAX_HANDS,
        },
    }
