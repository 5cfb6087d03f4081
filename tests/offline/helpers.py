"""A whole offline match, played by the referee the browser's worker runs (here on CPython),
and the body the phone sends once it has finished."""

from __future__ import annotations

import uuid

from games import offline_referee as referee


def play_offline_match(levels=("easy", "easy", "easy"), preset="standard",
                       stop_after_hands=None) -> dict:
    """The saved document of a finished offline match (or of one ``stop_after_hands`` hands
    in): the player calls the suggested call and plays the first legal card, the bots play
    for themselves."""
    saved = referee.match_start(match_id=str(uuid.uuid4()), rules={"preset": preset},
                                levels=list(levels), player="me",
                                created_at="2025-01-01T10:00:00+00:00")
    while True:
        after = referee.bot_turn(saved)
        if after is not None:
            saved = after
            continue
        view = referee.match_view(saved)
        if view["status"] == "finished" or len(view["hand_results"]) == stop_after_hands:
            return saved
        if view["status"] == "bidding":
            action = {"type": "call", "call": view["suggested_call"] or view["legal"][0]}
        else:
            action = {"type": "play", "card": view["legal"][0]}
        saved = referee.match_act(saved, action, seq=saved["seq"])


def finished_upload(levels=("easy", "easy", "easy")) -> dict:
    return referee.match_upload(play_offline_match(levels))
