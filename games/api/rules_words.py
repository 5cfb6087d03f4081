"""The words of the rule catalogue: a label and a one-sentence explanation, with a tiny
example, for every preset, choice, toggle, turn time and bot level the engine offers.

The engine gives the shape (``games.engine.catalogue``); this module gives the words, as lazy
gettext messages rendered in the request's language by ``GET /api/rules/``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from games.engine.bots import BOT_LEVELS, LEVEL_MIN_TURN_SECONDS
from games.engine.catalogue import rules_catalogue

PRESETS = {
    "standard": (_("Standard (Nepal)"),
                 _("Must follow suit, must beat the best card if you can, must trump when you "
                   "have none of the suit led; calls 1 to 8.")),
    "pagat": (_("Free follow"),
              _("Any card of the suit led will do, but with none of it you must still trump; "
                "calls 2 to 12, and only a call made exactly or with one trick over "
                "scores.")),
    "casual": (_("Casual"),
               _("Follow suit if you can, otherwise play any card; calls 1 to 13.")),
}

CHOICES = {
    "follow": pgettext_lazy("rule option", "Following suit"),
    "scoring": pgettext_lazy("rule option", "Scoring"),
    "tie_break": pgettext_lazy("rule option", "Tie for first place"),
}

OPTIONS = {
    ("follow", "strict"): (
        _("Must beat"),
        _("Follow suit and beat the best card so far if you can: hearts led, 9 on top, you "
          "hold the Q and the 5, so you play the Q.")),
    ("follow", "free"): (
        _("Any card of the suit"),
        _("Follow suit with any card of it; with none of it you must still trump: hearts led, "
          "you hold the Q and the 5, either will do.")),
    ("follow", "casual"): (
        _("Follow suit only"),
        _("Follow suit if you can, otherwise play any card: with no hearts you may throw a "
          "club instead of a spade.")),
    ("scoring", "standard"): (
        _("Call plus a tenth a trick"),
        _("A made call scores its value plus 0.1 for each extra trick: call 3, win 4, score "
          "3.1; a missed call scores minus the call.")),
    ("scoring", "bonus13"): (
        _("Thirteen for eight"),
        _("As the standard scoring, but a made call of 8 or more scores 13: call 8, win 8, "
          "score 13.")),
    ("scoring", "exact"): (
        _("Hit your call"),
        _("Win your call or just one trick more to score it, with no tenths, otherwise minus "
          "the call; a made 8 or more scores 13: call 3, win 5, score −3.")),
    ("tie_break", "share"): (
        _("Share it"),
        _("Players level on points at the end share first place: two on 12.3 both win.")),
    ("tie_break", "play_off"): (
        _("Play it off"),
        _("If first place is shared at the end, one more hand is dealt, up to %(count)d "
          "times, and then it is shared: two on 12.3 play on until one is ahead.")),
}

TOGGLES = {
    "redeal_no_trump": (
        _("New cards without spades"),
        _("A player dealt no spade may ask for new cards before the first call: no spade in "
          "your 13, so all four get new cards.")),
    "redeal_weak_hand": (
        _("New cards for a weak hand"),
        _("A player dealt no spade, or no card above a jack, may ask for new cards before the "
          "first call.")),
    "min_total_10": (
        _("Calls must add up to 10"),
        _("If the four calls add up to 9 or less, the cards are thrown in and dealt again: "
          "calls of 2, 2, 3 and 1 make 8, so the hand is dealt again.")),
    "eight_wins": (
        _("Eight wins at once"),
        _("Call 8 or more and make it, and you win the match at once: call 8, win 8, and "
          "the match is yours.")),
    "no_spade_first_lead": (
        _("No spade to start"),
        _("The first card of a hand may not be a spade, unless the player leading holds "
          "only spades.")),
    "spades_broken": (
        _("Spades must be broken"),
        _("Nobody may lead a spade until a spade has been played in the hand, unless they "
          "hold only spades: trump a heart first, then spades may be led.")),
    "clockwise": (
        _("Clockwise table"),
        _("The table is drawn clockwise; the order of play stays the same.")),
}

OPEN_ENDED = (
    _("No fixed end"),
    _("The match goes on hand after hand until everyone at the table agrees to finish after "
      "the current one, for at most %(count)d hands: agree during hand 7, and hand 7 is the "
      "last."))

BOT_LEVEL_WORDS = {
    "easy": (pgettext_lazy("bot level", "Easy"),
             _("Calls roughly and makes mistakes: a gentle start.")),
    "normal": (pgettext_lazy("bot level", "Normal"),
               _("Counts its calls and remembers the cards played.")),
    "hard": (pgettext_lazy("bot level", "Hard"),
             _("Thinks through the ways the unseen cards may lie before every card.")),
    "expert": (pgettext_lazy("bot level", "Expert"),
               _("Searches deepest of all and takes its time: for matches with an hour or "
                 "more per move.")),
}


def turn_time_label(seconds: int) -> str:
    """A turn time in the active language: "30 seconds", "1 hour", "3 days"."""
    if seconds < 60:
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    if seconds < 3600:
        minutes = seconds // 60
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    if seconds < 86400:
        hours = seconds // 3600
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    days = seconds // 86400
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


def _counted(message: Any, count: int) -> str:
    """A message in the active language, with the engine's own number where it names one
    (a message without ``%(count)d`` comes back as it is)."""
    return str(message) % {"count": count}


def rules_catalogue_in_words(*, turn_seconds: tuple[int, ...],
                             default_turn_seconds: dict[str, int]) -> dict[str, Any]:
    """The engine's catalogue with every label and explanation in the active language,
    plus the turn times (``turn_seconds``, and the defaults with and without other people at
    the table) and the bot levels a match can have."""
    shape = rules_catalogue()
    limits = shape["limits"]
    return {
        "default_preset": shape["default_preset"],
        "presets": [{**p, "label": str(PRESETS[p["name"]][0]),
                     "description": str(PRESETS[p["name"]][1])} for p in shape["presets"]],
        "choices": [{"name": c["name"], "label": str(CHOICES[c["name"]]), "default": c["default"],
                     "options": [{"value": value, "label": str(OPTIONS[c["name"], value][0]),
                                  "description": _counted(OPTIONS[c["name"], value][1],
                                                          limits["play_off_hands"])}
                                 for value in c["options"]]}
                    for c in shape["choices"]],
        "toggles": [{**t, "label": str(TOGGLES[t["name"]][0]),
                     "description": str(TOGGLES[t["name"]][1])} for t in shape["toggles"]],
        "limits": limits,
        "open_ended": {"label": str(OPEN_ENDED[0]),
                       "description": _counted(OPEN_ENDED[1], limits["hands"]["open_ended_max"]),
                       "max_hands": limits["hands"]["open_ended_max"]},
        "turn_seconds": [{"seconds": t, "label": turn_time_label(t),
                          "live": t <= settings.LIVE_DEADLINE_ETA_MAX_SECONDS}
                         for t in turn_seconds],
        "default_turn_seconds": default_turn_seconds,
        "bot_levels": [{"name": level, "label": str(BOT_LEVEL_WORDS[level][0]),
                        "description": str(BOT_LEVEL_WORDS[level][1]),
                        "min_turn_seconds": LEVEL_MIN_TURN_SECONDS.get(level)}
                       for level in BOT_LEVELS],
    }
