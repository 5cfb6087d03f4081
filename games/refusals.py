"""The engine's refusals in the player's language. The engine (no Django) gives a stable
``code`` and the facts behind it (``params``); the sentence a player reads is chosen here, in
the language of the request."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine.cards import pretty


def _suit(letter: object) -> str:
    names = {"S": pgettext("suit", "spades"), "H": pgettext("suit", "hearts"),
             "C": pgettext("suit", "clubs"), "D": pgettext("suit", "diamonds")}
    return names.get(str(letter), str(letter))


def _cards(cards: object) -> str:
    return ", ".join(pretty(c) for c in cards) if isinstance(cards, Sequence) else ""


def _must_play(p: dict[str, object]) -> str:
    held = p.get("cards") or []
    return ngettext(
        "You hold %(cards)s, which beats the %(winning)s — you must play it.",
        "You hold %(cards)s, which beat the %(winning)s — you must play one of them.",
        len(held),
    ) % {"cards": _cards(held), "winning": pretty(str(p["winning"]))}


def _spade_lead(p: dict[str, object]) -> str:
    if p.get("first_trick"):
        return _("Spades may not be led to the first trick while you hold another suit.")
    return _("Spades are not broken yet, so lead another suit.")


SENTENCES: dict[str, Callable[[dict[str, object]], str]] = {
    "not_in_hand": lambda p: _("You do not hold %(card)s.") % {"card": pretty(str(p["card"]))},
    "spade_lead": _spade_lead,
    "must_follow": lambda p: _("%(suit)s were led and you hold some: you must follow suit.")
    % {"suit": _suit(p["led"]).capitalize()},
    "must_beat": _must_play,
    "must_overtrump": lambda p: _("You have no %(suit)s.") % {"suit": _suit(p["led"])}
    + " " + _must_play(p),
    "must_trump": lambda p: _("You have no %(suit)s, so you must play a spade.")
    % {"suit": _suit(p["led"])},
    "not_your_turn": lambda p: _("It is not your turn."),
    "bad_call": lambda p: _("Calls in this match run from %(min)s to %(max)s.")
    % {"min": p["min"], "max": p["max"]},
    "wrong_phase": lambda p: _("That cannot be done at this point of the match."),
    "no_redeal": lambda p: _("A redeal cannot be asked for now."),
    "bad_action": lambda p: _("That move is not understood."),
    "bad_card": lambda p: _("That is not a card."),
    "bad_rules": lambda p: _("Those rules are not allowed."),
}


def refusal_sentence(code: str, params: dict[str, object], fallback: str) -> str:
    """What the player reads for the engine's refusal ``code``; ``fallback`` for a code this
    table does not know (or facts it cannot word)."""
    sentence = SENTENCES.get(code)
    if sentence is None:
        return fallback
    try:
        return sentence(params)
    except (KeyError, TypeError, ValueError):
        return fallback
