"""A still copy of the table in the page of a player's first visit to a match.

With no service worker yet (whose copy is ``snapshot.js``'s), the table would wait for the
screen's modules to arrive and run. The shell of ``/m/<id>`` carries the table instead, drawn
from the player's own view of the match (the one the API answers) in the markup the table
screen draws (``screens/table.js``, ``screens/tableview.js``, ``cards.js``), so the same style
sheet lays it out; its words and numbers are the ones ``format.js`` and the ``djangojs``
catalogue give. Like the worker's copy it is inert, its buttons disabled and marked as
updating, and the table screen replaces it when it draws. Nothing of the banners, the sheets
or the standings is drawn.

The page's policy refuses style attributes, so the per-element properties (an avatar's hue, a
card's place in the fan) go into one style element, each element named by ``data-snap``.
"""

from __future__ import annotations

import math
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import regex
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.errors import DomainError
from games.bot_names import BOT_NAMES_WRITTEN, WRITTEN_IN
from games.selectors import match_for_user, table_view

POSITIONS = ("bottom", "right", "top", "left")
SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
# Intl's default digits per language (Hindi's are Latin) and the languages grouped in lakhs.
DIGITS = {"ne": "०१२३४५६७८९", "bn": "০১২৩৪৫৬৭৮৯"}
LAKHS = {"ne", "hi", "bn"}


def table_copy(*, user: Any, match_id: int, language: str) -> dict[str, Any] | None:
    """What ``frontend/table_copy/table.html`` draws of match ``match_id`` for ``user``, in
    ``language``; None when they may not see it (the table screen then says why)."""
    if not user.is_authenticated:
        return None
    try:
        match, seats, seat = match_for_user(match_id=match_id, user=user)
        view = table_view(match=match, seats=seats, seat=seat)
    except DomainError:
        return None
    numbers = Numbers(language, latin=user.account.latin_digits)
    return Table(view, numbers, language, now=timezone.now()).context()


class Numbers:
    """Numbers as ``format.js`` writes them: the language's digits, or Latin ones."""

    def __init__(self, language: str, *, latin: bool) -> None:
        digits = None if latin else DIGITS.get(language)
        self.digits = str.maketrans("0123456789", digits) if digits else {}
        self.group = 2 if language in LAKHS else 3

    def _grouped(self, whole: int) -> str:
        text = str(whole)
        head, groups = text[:-3], [text[-3:]]
        while head:
            head, groups = head[:-self.group], [head[-self.group:], *groups]
        return ",".join(groups)

    def number(self, n: int, *, width: int = 1) -> str:
        return self._grouped(n).zfill(width).translate(self.digits)

    def score(self, tenths: int) -> str:
        """Tenths as a score: 32 → "3.2", -40 → "−4" (U+2212)."""
        whole, tenth = divmod(abs(tenths), 10)
        text = self._grouped(whole) + (f".{tenth}" if tenth else "")
        return ("\u2212" if tenths < 0 else "") + text.translate(self.digits)

    def time_left(self, deadline: datetime, span: int | None, now: datetime) -> str:
        """``timeLeft``: "0:45", "12:30", "3 h 20 min", "2 days", by the length of the turn."""
        secs = max(0, math.floor((deadline - now).total_seconds() + 0.5))
        scale = span if span is not None else secs
        if scale <= 3600:
            return f"{self.number(secs // 60)}:{self.number(secs % 60, width=2)}"
        hours = secs // 3600
        if scale < 172800 or hours < 48:
            return _("%(hours)s h %(minutes)s min") % {
                "hours": self.number(hours), "minutes": self.number(secs % 3600 // 60)}
        days = hours // 24
        return ngettext("%(n)s day", "%(n)s days", days) % {"n": self.number(days)}


def fixed(value: float) -> str:
    """JavaScript's ``toFixed(1)``: ties away from zero on the double's exact value."""
    return str(Decimal(value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def initials(name: str) -> str:
    """``initials`` of dom.js: two letters (whole grapheme clusters), no bracketed note."""
    every = [w for w in regex.split(r"[\s._-]+", (name or "?").split("(")[0]) if w]
    # Words of digits alone ("Guest-91274", "asha_88") give no initial.
    words = [w for w in every if regex.search(r"\p{L}", w)] or every
    if len(words) > 1:
        text = regex.findall(r"\X", words[0])[0] + regex.findall(r"\X", words[1])[0]
    else:
        text = "".join(regex.findall(r"\X", words[0] if words else "?")[:2])
    return text.upper()


def avatar_hue(name: str) -> int:
    """``avatarHue`` of dom.js, over UTF-16 code units as JavaScript's charCodeAt reads them."""
    value = 0
    for ch in name:
        code = ord(ch)
        if code > 0xFFFF:
            code = 0xD800 + ((code - 0x10000) >> 10)
        value = (value * 31 + code) % 2**32
    return value % 360


def card(code: str, classes: str, **extra: Any) -> dict[str, Any]:
    return {"card": code, "classes": classes, "rank": "10" if code[0] == "T" else code[0],
            "ten": code[0] == "T", "suit": SUITS[code[1]], **extra}


class Table:
    """One drawing of ``view``: its parts in document order, numbering the styled elements."""

    def __init__(self, view: dict[str, Any], numbers: Numbers, language: str, *,
                 now: datetime) -> None:
        self.view, self.numbers, self.language, self.now = view, numbers, language, now
        self.rules: list[str] = []

    def snap(self, style: str) -> int:
        self.rules.append(f'.table-snapshot [data-snap="{len(self.rules)}"]{{{style}}}')
        return len(self.rules) - 1

    def context(self) -> dict[str, Any]:
        view = self.view
        me = view["my_seat"]
        bottom = me if me is not None else 0
        finished = view["status"] == "finished"
        calling = view["status"] == "bidding" and view["turn"] == me and bool(view["legal"])
        classes = ["table-screen", *(["calling"] if calling else []),
                   *(["finished"] if finished else []), "table-snapshot", "updating"]
        others = [self.seat_panel(s["seat"]) for s in view["seats"] if s["seat"] != bottom]
        trick = [card(c["card"], f"card suit-{c['card'][1]} trick-card at-"
                      f"{self.position(c['seat'])}{' led' if not k else ''}", seat=c["seat"])
                 for k, c in enumerate(view["trick"])]
        copy = {
            "match": view["id"], "classes": " ".join(classes), "hand_number": self.hand_label(),
            "seats": others, "trick": trick, "picker": self.picker() if calling else None,
            "me": self.seat_panel(bottom), "status": self.status_line(),
            "hand": None if finished else self.hand(),
        }
        copy["style"] = "\n".join(self.rules)
        return copy

    def position(self, seat: int) -> str:
        me = self.view["my_seat"] if self.view["my_seat"] is not None else 0
        offset = (seat - me + 4) % 4
        if (self.view["rules"] or {}).get("clockwise") and offset % 2 == 1:
            return POSITIONS[4 - offset]
        return POSITIONS[offset]

    def hand_label(self) -> str:
        view, count = self.view, self.numbers.number
        if view["status"] == "waiting":
            return _("Not started")
        if view["play_off"]:
            return _("Play-off hand %(number)s") % {"number": count(view["hand_number"])}
        if view["hands"] is None:
            return _("Hand %(number)s") % {"number": count(view["hand_number"])}
        return _("Hand %(number)s of %(hands)s") % {"number": count(view["hand_number"]),
                                                    "hands": count(view["hands"])}

    def seat_label(self, info: dict[str, Any]) -> str:
        kind, name = info["kind"], info["name"]
        if kind == "open":
            return _("Open seat")
        if kind == "external":
            return _("External bot")
        if kind == "reserved":
            return _("%(name)s (invited)") % {"name": name} if name else _("Invited")
        if kind.startswith("bot:") and name:
            written = BOT_NAMES_WRITTEN.get(name)
            if written and self.language in WRITTEN_IN:
                return written[WRITTEN_IN.index(self.language)]
            return name
        return name or _("Seat %(n)s") % {"n": self.numbers.number(info["seat"] + 1)}

    def seat_name(self, seat: int) -> str:
        if seat == self.view["my_seat"]:
            return _("You")
        return self.seat_label(self.view["seats"][seat])

    @staticmethod
    def level_name(info: dict[str, Any]) -> str:
        level = info["level"] or info["kind"][4:]
        names = {"easy": pgettext("bot level", "easy"), "normal": pgettext("bot level", "normal"),
                 "hard": pgettext("bot level", "hard")}
        return names.get(level, level)

    def avatar(self, info: dict[str, Any]) -> dict[str, Any]:
        name = self.seat_label(info)
        bot = info["kind"].startswith("bot:")
        return {
            "snap": self.snap(f"--hue:{avatar_hue(info['name'] or name)}"),
            "text": "?" if info["kind"] == "open" else initials(name),
            "dot": ("dot online" if info["online"] else "dot") if info["kind"] == "human" else None,
            "dealer": {"title": _("dealer"), "text": pgettext("dealer chip", "D")}
            if info["seat"] == self.view["dealer"] else None,
            "level": {"classes": f"level level-{info['level'] or 'bot'}",
                      "text": self.level_name(info) if info["level"]
                      else pgettext("seat kind", "bot")} if bot
            else {"classes": "level", "text": pgettext("seat kind", "invited")}
            if info["kind"] == "reserved" else None,
        }

    def seat_panel(self, seat: int) -> dict[str, Any]:
        view, numbers = self.view, self.numbers
        info = view["seats"][seat]
        position = self.position(seat)
        turn = view["turn"] == seat and view["status"] != "finished"
        call = view["calls"][seat]
        tags = ([{"classes": "tag tag-warn", "text": _("autopilot")}] if info["autopilot"] else [])
        if info["kind"] == "external":
            tags.append({"classes": "tag", "text": _("program")})
        return {
            "seat": seat, "position": position,
            "classes": f"seat seat-{position}{' is-turn' if turn else ''}"
                       f"{' is-me' if seat == view['my_seat'] else ''}",
            # An invited player's name alone: "invited" is the badge on the avatar.
            "avatar": self.avatar(info), "tags": tags,
            "name": info["name"] if info["kind"] == "reserved" and info["name"]
            else self.seat_name(seat),
            "call": pgettext("bid", "Call %(n)s") % {
                "n": "–" if call is None else numbers.number(call)},
            "won": _("Won %(n)s") % {"n": numbers.number(view["tricks_won"][seat])},
            "total": numbers.score(view["scores"][seat]),
        }

    def clock_runs(self) -> bool:
        view = self.view
        if not view["deadline"] or view["status"] == "finished" or view["turn"] is None:
            return False
        info = view["seats"][view["turn"]]
        return not info["kind"].startswith("bot:") and not info["autopilot"]

    def status_line(self) -> dict[str, Any]:
        view = self.view
        bidding = view["status"] == "bidding"
        if view["status"] == "waiting":
            text = _("Waiting for players to join")
        elif view["status"] == "finished":
            text = _("Match over")
        elif view["turn"] == view["my_seat"]:
            text = _("Your call") if bidding else _("Your turn")
        elif view["turn"] is not None:
            name = {"name": self.seat_name(view["turn"])}
            text = (_("%(name)s to call") if bidding else _("%(name)s to play")) % name
        else:
            text = _("Dealing…")
        mine = view["turn"] == view["my_seat"] and view["status"] != "finished"
        countdown = None
        if self.clock_runs():
            deadline = datetime.fromisoformat(view["deadline"])
            countdown = {"deadline": view["deadline"], "span": view["turn_seconds"],
                         "text": self.numbers.time_left(deadline, view["turn_seconds"], self.now)}
        return {"classes": "status status-mine" if mine else "status", "text": text,
                "countdown": countdown}

    def hand(self) -> dict[str, Any]:
        view = self.view
        my_turn = view["turn"] == view["my_seat"] and view["status"] == "playing"
        legal = set(view["legal"]) if view["status"] == "playing" else set()
        cards = view["hand"]
        mid = (len(cards) - 1) / 2
        hand = {"classes": "hand hand-active" if my_turn else "hand",
                "snap": self.snap(f"--n:{max(len(cards), 1)}"), "cards": []}
        for i, code in enumerate(cards):
            state = (" legal" if code in legal else " dimmed") if my_turn else ""
            style = f"--r:{fixed((i - mid) * 1.1)}deg;--y:{fixed((i - mid) ** 2 * 0.3)}px"
            hand["cards"].append(card(code, f"card suit-{code[1]}{state}", snap=self.snap(style),
                                      unplayable=my_turn and code not in legal))
        return hand

    def picker(self) -> dict[str, Any]:
        view, number = self.view, self.numbers.number
        hint = view["suggested_call"]
        return {
            "hint": None if hint is None else _("A normal bot would call %(n)s with this hand.")
            % {"n": number(hint)},
            "options": [{"n": n, "text": number(n), "hinted": n == hint} for n in view["legal"]],
            "redeal": view["can_redeal"],
        }
