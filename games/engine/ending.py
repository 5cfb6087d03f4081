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
    """Places by the current totals, the eight-wins winner first if there is one."""
    champion = None
    if state.phase == "finished" and state.history:
        champion = eight_wins_champion(state.rules, state.history[-1])
    return places(state.scores, champion)


def regular_end_reached(state: MatchState) -> bool:
    """Whether the hand just played ends the match but for a play-off: the last of a fixed
    match, the agreed or 50th hand of an open-ended one, or any play-off hand."""
    if state.play_off:
        return True
    if state.rules.hands is None:
        return state.finish_agreed or state.hand_number >= OPEN_ENDED_MAX_HANDS
    return state.hand_number >= state.rules.hands


def needs_play_off(rules: Rules, totals: list[int], state: MatchState) -> bool:
    """Whether a match about to end with ``totals`` deals one more hand instead: the
    play-off tie break, first place shared, fewer than 3 play-off hands so far, and (for an
    open-ended match) the 50-hand cap not reached."""
    if rules.tie_break != "play_off" or places(totals).count(1) < 2:
        return False
    if rules.hands is None and state.hand_number >= OPEN_ENDED_MAX_HANDS:
        return False
    return state.play_off < PLAY_OFF_MAX_HANDS
