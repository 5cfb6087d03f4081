"""The rule catalogue a new-match form is drawn from: presets, choices and toggles, each
with a short label and a one-sentence explanation. The form holds no copy of its own."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .rules import PRESETS, Rules

PRESET_TEXT = {
    "standard": ("Standard (Nepal)", "Must follow suit, must beat the trick if you can, must "
                 "trump when void; calls 1 to 8."),
    "pagat": ("Free follow", "Any card of the led suit will do, but a void player must still "
              "trump; calls 2 to 12, scored exactly."),
    "casual": ("Casual", "Follow suit if you can, otherwise play anything; calls 1 to 13."),
}

CHOICES = {
    "follow": {
        "label": "Following",
        "options": {
            "strict": ("Must beat", "Follow suit and beat the best card so far if you can; "
                       "if void, trump and over-trump if you can."),
            "free": ("Free follow", "Any card of the led suit; if void, you must still trump "
                     "(and over-trump) if you can."),
            "casual": ("Follow suit only", "Follow suit if you can, otherwise play any card."),
        },
    },
    "scoring": {
        "label": "Scoring",
        "options": {
            "standard": ("Standard", "A made call scores its value plus 0.1 per extra trick: "
                         "call 3, win 4 → 3.1. A missed call scores minus the call."),
            "bonus13": ("Thirteen for eight", "As standard, but a made call of 8 or more "
                        "scores 13."),
            "exact": ("Exact", "Win exactly your call or one more to score it; otherwise minus "
                      "the call. A made 8 or more scores 13."),
        },
    },
}

TOGGLES = {
    "redeal_no_trump": ("Redeal without spades", "A player dealt no spade may ask for new "
                        "cards before the first call."),
    "redeal_weak_hand": ("Redeal a weak hand", "A player dealt no spade, or no card above a "
                         "jack, may ask for new cards before the first call."),
    "min_total_10": ("Calls must reach 10", "If the four calls add up to 9 or less, the cards "
                     "are thrown in and dealt again."),
    "eight_wins": ("Eight wins", "Call 8 or more and make it, and you win the match at once."),
    "no_spade_first_lead": ("No spade first", "The first card of a hand may not be a spade, "
                            "unless the leader holds only spades."),
    "spades_broken": ("Spades must be broken", "Nobody may lead a spade until a spade has been "
                      "played in the hand, unless they hold only spades."),
    "clockwise": ("Clockwise table", "Draw the table clockwise; the order of play is the "
                  "same."),
}


def rules_catalogue() -> dict[str, Any]:
    """Everything a player chooses about the rules, with the engine's own defaults and
    limits, in the order a form shows them."""
    defaults = Rules()
    kinds = {f.name: f.type for f in fields(Rules)}
    return {
        "default_preset": "standard",
        "presets": [
            {"name": name, "label": PRESET_TEXT[name][0], "description": PRESET_TEXT[name][1],
             "rules": Rules.preset(name).to_dict()}
            for name in PRESETS
        ],
        "choices": [
            {"name": name, "label": spec["label"], "default": getattr(defaults, name),
             "options": [{"value": value, "label": label, "description": text}
                         for value, (label, text) in spec["options"].items()]}
            for name, spec in CHOICES.items()
        ],
        "toggles": [
            {"name": name, "label": label, "description": text,
             "default": getattr(defaults, name)}
            for name, (label, text) in TOGGLES.items() if kinds[name] == "bool"
        ],
        "limits": {"hands": {"min": 1, "max": 20, "default": defaults.hands},
                   "call": {"min": 1, "max": 13, "default_min": defaults.min_call,
                            "default_max": defaults.max_call}},
    }
