"""The referee of a match against bots played with no network, in the browser's worker.

The worker runs ``games.engine`` itself (through Pyodide) and this module on top of it: it
keeps one match as a plain JSON document (the engine's state, its ``seq``, the bots' levels),
applies the player's call or card, plays the bots' turns one at a time, deals each new hand
and draws the player's view in the one shape of ``games.view_shape``, as the server does,
so the table screen cannot tell the two apart. A finished match becomes the body of
``POST /api/matches/offline/``, which the server replays through the same engine.

Pure Python over the engine, the view's shape and the bots' names: no Django (import-linter
checks it). The same files are shipped in the offline bundle and imported by the server's tests.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from games.bot_names import bot_name
from games.engine import (
    EngineError,
    MatchState,
    Rules,
    apply_action,
    deal_cards,
    match_record,
    new_match,
    view_for,
)
from games.engine.bots import decide
from games.engine.rules import PRESETS
from games.view_shape import MatchView, shaped

# The one format of the saved document; a new one reads an old one or refuses it.
SAVED_VERSION = 1
# Offline play offers the first game's length and the levels whose thinking fits a phone.
OFFLINE_HANDS = 5
OFFLINE_LEVELS = ("easy", "normal", "hard")
# The hard bot searches for a shorter time than on the server (150 ms): a phone's CPU runs the
# engine under WebAssembly, and a bot's move must stay within 300 ms there. The other levels
# do not search, so they play exactly as on the server.
OFFLINE_BUDGET_MS = {"hard": 100}
FULL_STRENGTH_OFFLINE = tuple(level for level in OFFLINE_LEVELS
                              if level not in OFFLINE_BUDGET_MS)
MY_SEAT = 0

_STATUS_OF_PHASE = {"bidding": "bidding", "playing": "playing", "finished": "finished"}
_DEALER = secrets.SystemRandom()


def match_start(*, match_id: str, rules: dict[str, Any], levels: list[str], player: str,
                created_at: str) -> dict[str, Any]:
    """A new match of ``OFFLINE_HANDS`` hands under ``rules`` (``{"preset": "standard"}``, or
    a whole ruleset for a rematch): the player in seat 0, bots of ``levels`` in seats 1 to 3,
    the first dealer drawn and the first hand dealt. Returns the saved document."""
    preset = rules.get("preset", "standard") if isinstance(rules, dict) else None
    if preset not in PRESETS:
        raise EngineError("bad_rules", f"There is no preset called {preset!r}.")
    if len(levels) != 3 or any(level not in OFFLINE_LEVELS for level in levels):
        raise EngineError("bad_level", f"Offline bots are {', '.join(OFFLINE_LEVELS)}.")
    rules = Rules.from_dict({**rules, "hands": OFFLINE_HANDS})
    state = _dealt(new_match(rules, first_dealer=_DEALER.randrange(4)))
    return {"version": SAVED_VERSION, "id": match_id, "created_at": created_at,
            "player": player, "levels": [None, *levels], "seq": 1,
            "state": state.to_json()}


def match_act(saved: dict[str, Any], action: dict[str, Any], *, seq: int) -> dict[str, Any]:
    """The saved match after the player's ``action`` (``{"type": "call", "call": 3}``,
    ``{"type": "play", "card": "KH"}``, ``{"type": "redeal"}`` or ``{"type": "finish"}``),
    taken at ``seq``. Raises EngineError (``stale``, or the engine's own refusal with its
    ``params``) and changes nothing when the action may not be taken."""
    if seq != saved["seq"]:
        raise EngineError("stale", "The match has moved on since that view.")
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in ("call", "play", "redeal", "finish"):
        raise EngineError("bad_action", "A player calls, plays, asks for a redeal or finishes.")
    move = {key: action[key] for key in ("call", "card") if key in action}
    after = _apply(_state(saved), {**move, "type": kind, "seat": MY_SEAT})
    if kind == "finish":  # every other seat is a bot, so the table agrees at once
        after = _apply(after, {"type": "finish_agreed"})
    return _saved_with(saved, after)


def bot_turn(saved: dict[str, Any]) -> dict[str, Any] | None:
    """The saved match after the bot whose turn it is has acted, or None when it is the
    player's turn or the match is over. Each bot decides from its own view alone."""
    state = _state(saved)
    seat = state.turn
    if state.phase not in ("bidding", "playing") or seat is None or seat == MY_SEAT:
        return None
    level = saved["levels"][seat]
    rng = random.Random(_DEALER.getrandbits(64))
    action = decide(view_for(state, seat), seat=seat, level=level, rng=rng,
                    budget_ms=OFFLINE_BUDGET_MS.get(level))
    return _saved_with(saved, _apply(state, action))


def match_view(saved: dict[str, Any]) -> MatchView:
    """The player's view, in the one shape of a match view (``games.view_shape``)."""
    state = _state(saved)
    return shaped(
        view_for(state, MY_SEAT), dealt=True,
        id=saved["id"], status=_STATUS_OF_PHASE[state.phase], seq=saved["seq"],
        seats=_seats(saved), hands=state.rules.hands, turn_seconds=0, deadline=None,
        hand_break_until=None,
        invite_code=None, created_at=saved["created_at"], rules=state.rules.to_dict(),
        unrated_reason="offline",
    )


def match_upload(saved: dict[str, Any]) -> dict[str, Any]:
    """The body of ``POST /api/matches/offline/`` for a finished match: its id, the bots in
    seats 1 to 3 and the engine's record, which the server replays."""
    state = _state(saved)
    if state.phase != "finished":
        raise EngineError("not_finished", "A match is sent once it has finished.")
    return {"id": saved["id"], "opponents": [f"bot:{level}" for level in saved["levels"][1:]],
            "created_at": saved["created_at"], "record": match_record(state)}


def _seats(saved: dict[str, Any]) -> list[dict[str, Any]]:
    names = offline_bot_names(saved["id"])
    seats = [{"seat": MY_SEAT, "name": saved["player"], "kind": "human", "level": None,
              "autopilot": False, "online": None}]
    for seat in (1, 2, 3):
        level = saved["levels"][seat]
        seats.append({"seat": seat, "name": names[seat], "kind": f"bot:{level}",
                      "level": level, "autopilot": False, "online": None})
    return seats


def offline_bot_names(match_id: str) -> list[str]:
    """The bots' names, stable for the match: its id read as a number picks them."""
    number = int("".join(c for c in match_id if c in "0123456789abcdef")[:8] or "0", 16)
    return [bot_name(match_id=number, seat_number=seat) for seat in range(4)]


def _state(saved: dict[str, Any]) -> MatchState:
    if saved.get("version") != SAVED_VERSION:
        raise EngineError("bad_state", "This saved offline match has an unknown version.")
    return MatchState.from_json(saved["state"])


def _apply(state: MatchState, action: dict[str, Any]) -> MatchState:
    """One action, and the next deal at once when it ends (or throws in) a hand, as the
    server does."""
    after = apply_action(state, action)
    return _dealt(after) if after.phase == "dealing" else after


def _dealt(state: MatchState) -> MatchState:
    return apply_action(state, {"type": "deal", "hands": deal_cards(_DEALER)})


def _saved_with(saved: dict[str, Any], state: MatchState) -> dict[str, Any]:
    return {**saved, "seq": saved["seq"] + 1, "state": state.to_json()}
