"""How a match ends and who is placed where: the last hand, eight-wins, and play-offs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import OPEN_ENDED_MAX_HANDS, PLAY_OFF_MAX_HANDS, Rules, made_call

if TYPE_CHECKING:
    from .state import MatchState


def places(totals: list[int], champion: int | None = None) -> list[int]:
    """1-based place of each seat; equal totals share a place (1, 1, 3, 4).

    ``champion`` (an eight-wins winner) takes first place alone, the others ranked after."""
    ranked = [s for s in range(4) if s != champion]
    out = [0] * 4
    for s in ranked:
        out[s] = 1 + sum(1 for o in ranked if totals[o] > totals[s])
    if champion is not None:
        out[champion] = 1
        for s in ranked:
            out[s] += 1
    return out


def eight_wins_champion(rules: Rules, result: dict[str, Any]) -> int | None:
    """The seat that called 8+ and made it in a hand result, if eight-wins is on.

    At most one seat can: two made calls of 8 would need 16 tricks."""
    if not rules.eight_wins:
        return None
    for s in range(4):
        call, won = result["calls"][s], result["tricks_won"][s]
        if call >= 8 and made_call(call, won, rules):
            return s
    return None


def final_places(state: MatchState) -> list[int]:
    """Places by the current totals (see ``ranked``), the eight-wins winner first if there
    is one."""
    if not state.history:
        return places(state.scores)
    champion = None
    if state.phase == "finished":
        champion = eight_wins_champion(state.rules, state.history[-1])
    return ranked(state.history, state.scores, champion)


def play_off_seats(history: list[dict[str, Any]]) -> list[int] | None:
    """The seats a play-off is between (those sharing first place at the regular end), when
    the last hand of ``history`` was a play-off hand; else None."""
    if not history or not history[-1]["play_off"]:
        return None
    regular = next(h for h in reversed(history) if not h["play_off"])
    return [s for s, place in enumerate(places(regular["totals"])) if place == 1]


def ranked(history: list[dict[str, Any]], totals: list[int],
           champion: int | None = None) -> list[int]:
    """The places with ``totals`` after the last hand of ``history`` (scored hands, oldest
    first).

    By the totals, equal ones sharing a place, the eight-wins ``champion`` first. After a
    play-off, the play-off hands order only the seats that were tied for first: the other
    seats keep the places the regular end gave them, and none of them can take first place
    (an eight-wins call of theirs in a play-off hand wins nothing)."""
    tied = play_off_seats(history)
    if tied is None:
        return places(totals, champion)
    regular = next(h for h in reversed(history) if not h["play_off"])
    out = places(regular["totals"])
    leader = champion if champion in tied else None
    for s in tied:
        if leader is not None:
            out[s] = 1 if s == leader else 2 + sum(
                1 for o in tied if o != leader and totals[o] > totals[s])
        else:
            out[s] = 1 + sum(1 for o in tied if totals[o] > totals[s])
    return out


def regular_end_reached(state: MatchState) -> bool:
    """Whether the hand just played ends the match but for a play-off: the last of a fixed
    match, the agreed or 50th hand of an open-ended one, or any play-off hand."""
    if state.play_off:
        return True
    if state.rules.hands is None:
        return state.finish_agreed or state.hand_number >= OPEN_ENDED_MAX_HANDS
    return state.hand_number >= state.rules.hands


def needs_play_off(rules: Rules, history: list[dict[str, Any]], state: MatchState) -> bool:
    """Whether a match about to end after the last hand of ``history`` deals one more hand
    instead: the play-off tie break, first place shared (among the tied seats, once a
    play-off has begun), fewer than 3 play-off hands so far, and (for an open-ended match)
    the 50-hand cap not reached."""
    if rules.tie_break != "play_off" or ranked(history, history[-1]["totals"]).count(1) < 2:
        return False
    if rules.hands is None and state.hand_number >= OPEN_ENDED_MAX_HANDS:
        return False
    return state.play_off < PLAY_OFF_MAX_HANDS
