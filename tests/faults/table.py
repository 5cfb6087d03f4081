"""A match against bots driven as a player and a beat would: the player makes its own
moves, the deadline sweeper plays any bot turn whose task was lost."""

from __future__ import annotations

import time
from typing import Any

from games.models import Match, Move
from games.services.deadlines import deadlines_sweep
from tests.api.helpers import act, create, view


def match_against_bots(client, level: str) -> int:
    return create(client, [f"bot:{level}"] * 3, hands=1)["id"]


def play_through(client, match_id: int, timeout: float = 60, sweep: bool = True,
                 until_seq: int | None = None) -> dict[str, Any]:
    """Play the player's turns until the match is over (or reaches ``until_seq``); with
    ``sweep``, play overdue turns here as beat's sweeper would."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if sweep:
            deadlines_sweep()
        current = view(client, match_id)
        if current["status"] == "finished" or until_seq and current["seq"] >= until_seq:
            return current
        if current["turn"] == current["my_seat"] and current["legal"]:
            assert act(client, current).status_code in (200, 409)
        else:
            time.sleep(0.1)
    raise AssertionError(f"match {match_id} did not finish in {timeout} s")


def assert_every_seq_once(match_id: int) -> list[Move]:
    """The stored moves run 1, 2, 3 … after the deal with no gap and no repeat, and a full
    hand of four calls and 52 cards."""
    match = Match.objects.get(pk=match_id)
    moves = list(Move.objects.filter(match_id=match_id).order_by("seq"))
    seqs = [move.seq for move in moves]
    assert seqs == list(range(seqs[0], match.seq + 1)), seqs
    assert [m.kind for m in moves].count("call") == 4
    assert len({m.card for m in moves if m.kind == "play"}) == 52
    return moves
