"""The rules a new match asks for, checked option by option so that each refusal names the
option in a sentence the player reads and carries a stable code:

- ``bad_rules``: the rules are not an object, or two options cannot go together;
- ``unknown_preset`` / ``unknown_rule``: no preset or option of that name;
- ``bad_rule_value``: an option's value is of the wrong kind or out of range.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.errors import DomainError
from games.engine import EngineError, Rules
from games.engine.catalogue import CHOICES, NUMBERS, TOGGLES
from games.engine.rules import PRESETS


def rules_from_request(rules: Any) -> Rules:
    """The ``Rules`` of ``rules`` (an optional ``"preset"`` and option overrides), or a
    DomainError naming the first option that is wrong."""
    if not isinstance(rules, dict):
        raise DomainError(_("Rules must be an object such as {\"preset\": \"standard\"}."),
                          code="bad_rules")
    data = dict(rules)
    preset = data.setdefault("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise DomainError(_("There is no preset called %(name)s; choose one of %(names)s.")
                          % {"name": _shown(preset), "names": ", ".join(PRESETS)},
                          code="unknown_preset")
    for name, value in data.items():
        if name != "preset":
            _check_option(name, value)
    merged = {**Rules().to_dict(), **PRESETS[preset], **data}
    low, high = merged["min_call"], merged["max_call"]
    if low > high:
        raise DomainError(_("The lowest call (%(low)d) is above the highest call (%(high)d).")
                          % {"low": low, "high": high}, code="bad_rules")
    if merged.get("min_total_10") and 4 * high < 10:
        raise DomainError(_("With a highest call of %(high)d the four calls can never add up "
                            "to 10; allow higher calls or switch that option off.")
                          % {"high": high}, code="bad_rules")
    try:
        return Rules.from_dict(data)
    except EngineError as error:  # a combination the checks above do not know yet
        raise DomainError(_("These rule options cannot be played together."),
                          code=error.code) from None


def _check_option(name: Any, value: Any) -> None:
    whole = isinstance(value, int) and not isinstance(value, bool)
    if name in CHOICES:
        if not isinstance(value, str) or value not in CHOICES[name]:
            raise DomainError(_("The option %(name)s is one of %(values)s.")
                              % {"name": name, "values": ", ".join(CHOICES[name])},
                              code="bad_rule_value")
    elif name in TOGGLES:
        if not isinstance(value, bool):
            raise DomainError(_("The option %(name)s is true or false.") % {"name": name},
                              code="bad_rule_value")
    elif name == "hands":
        low, high = NUMBERS[name]
        if value is not None and not (whole and low <= value <= high):
            raise DomainError(_("A match has from %(low)d to %(high)d hands, or no fixed end "
                                "(null).") % {"low": low, "high": high}, code="bad_rule_value")
    elif name in NUMBERS:
        low, high = NUMBERS[name]
        if not (whole and low <= value <= high):
            raise DomainError(_("The option %(name)s is a whole number from %(low)d to "
                                "%(high)d.") % {"name": name, "low": low, "high": high},
                              code="bad_rule_value")
    else:
        raise DomainError(_("There is no rule option called %(name)s.") % {"name": _shown(name)},
                          code="unknown_rule")


def _shown(value: Any) -> str:
    """A name as the player sent it, cut short so an error cannot be made to say much."""
    text = str(value)
    return text if len(text) <= 40 else text[:40] + "…"
