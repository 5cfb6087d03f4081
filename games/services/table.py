"""The transaction core every change of a match goes through: load the table under its row
lock, ask the engine, write the moves and the state, decide the next turn once, build each
seated person's view once, and hand the change to ``games.events`` for after the commit.

The commands on top of it are in ``games.services.moves`` (calls, cards, bots, deadlines) and
``games.services.matches`` (creating, joining, rematches).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import Forbidden, NotFound
from games import events
from games.engine import EngineError, MatchState, Rules, apply_action, deal_cards, new_match
from games.errors import IllegalMove, StaleSeq
from games.events import Change
from games.match_view import Moment, match_view, moment_of
from games.models import Match, Move, Seat, TurnClock
from games.queries import table_of
from games.refusals import refusal_sentence
from games.stored_state import state_of_match, store
from games.turns import NextTurn, hand_break_seconds, next_turn
from games.view_shape import MatchView
from social.presence import presence_of

_DEALER_RNG = secrets.SystemRandom()
# The fields of a match row a committed move can change.
_CHANGED_BY_A_MOVE = ("seq", "status", "turn", "state", "finished_at", "updated_at")
# Agreeing to finish is not a turn: the clock of the seat to play runs on.
_KEEP_THE_CLOCK = ("finish", "finish_agreed")
_STATUS_OF_PHASE = {
    "bidding": Match.Status.BIDDING,
    "playing": Match.Status.PLAYING,
    "finished": Match.Status.FINISHED,
}


@dataclass
class PendingMove:
    """One action to commit, who made it and why (for moves made for a player), and the state
    after it when it was worked out already (a bot thinking ahead), so it is not applied twice."""

    action: dict[str, Any]
    made_by: str
    note: str = ""
    after: MatchState | None = None


def table_locked(match_id: int) -> tuple[Match, list[Seat]]:
    """The match and its seats, its row locked for the rest of the transaction."""
    found = table_of(match_id, lock=True)
    if found is None:
        raise NotFound(_("No such match."))
    return found


def seat_of(seats: list[Seat], user: Any) -> Seat:
    """``user``'s seat at the table; a player not seated is told there is no such match."""
    for seat in seats:
        if seat.user_id == user.id and seat.kind == Seat.Kind.HUMAN:
            return seat
    raise NotFound(_("No such match."))


def state_of(match: Match) -> MatchState:
    state = state_of_match(match)
    if state is None:
        raise Forbidden(_("This match has not started yet."), code="not_started")
    return state


def stale(match: Match, seats: list[Seat], seat: Seat, state: MatchState | None) -> StaleSeq:
    """The refusal of an action decided on an older view, carrying the current one."""
    online = presence_of([s.user_id for s in seats if s.user_id]).online
    view = match_view(match=match, seats=seats, seat=seat.number,
                      at=moment_of(match, state), online=online)
    return StaleSeq(_("The table has moved on since you last saw it."), view=view)


def commit(match: Match, seats: list[Seat], state: MatchState,
           pending: list[PendingMove]) -> Change:
    """Apply ``pending`` in order and store everything they change (the caller holds the lock):
    a move row for each and the match row once. Only the last move may end a hand; a hand
    that ends (or is thrown in) is followed by the next deal at once, and a hand scored by the
    pause between hands before the next turn begins."""
    now = timezone.now()
    moves, steps, current, turn = [], [], state, None
    for number, move in enumerate(pending, start=1):
        after = move.after or _applied(current, move.action)
        match.seq += 1
        moves.append(Move(
            match=match, hand_number=current.hand_number, seq=match.seq,
            seat=move.action["seat"], kind=move.action["type"], call=move.action.get("call"),
            card=move.action.get("card", ""), made_by=move.made_by, note=move.note[:200],
            created_at=now,
        ))
        pause_until = None
        if after.phase == "dealing":
            if number != len(pending):
                raise ValueError("only the last move of a batch may end a hand")
            if len(after.history) > len(current.history):
                # A hand was scored: its scoreboard shows before the next hand's first turn.
                pause_until = now + timedelta(seconds=hand_break_seconds(match.turn_seconds))
            after = dealt(after)
        match.status = _STATUS_OF_PHASE[after.phase]
        match.turn = after.turn
        if move.action["type"] in _KEEP_THE_CLOCK:
            turn = next_turn(seats=seats, state=after, turn_seconds=match.turn_seconds,
                             now=now, fresh=False, pause_until=match.hand_break_until)
        else:
            turn = schedule(match, seats, after, now, pause_until=pause_until)
        steps.append(moment_of(match, after))
        current = after
    Move.objects.bulk_create(moves)
    store(match, current, before=state)
    if current.phase == "finished":
        match.finished_at = now
    match.save(update_fields=_CHANGED_BY_A_MOVE)
    if any(m.action["type"] not in _KEEP_THE_CLOCK for m in pending):
        TurnClock.write(match)
    return announce(match, seats, current, turn, steps)


def schedule(match: Match, seats: list[Seat], state: MatchState | None,
             now: datetime, *, pause_until: datetime | None = None) -> NextTurn:
    """Decide the next turn and set the match's deadline (and warning) from it (the caller
    saves the match and writes its ``TurnClock``). A pause between hands (``pause_until``,
    or one still running) holds the turn back until it ends."""
    turn = next_turn(seats=seats, state=state, turn_seconds=match.turn_seconds, now=now,
                     pause_until=pause_until or match.hand_break_until)
    match.deadline, match.warn_at = turn.deadline, turn.warn_at
    match.hand_break_until = turn.starts_at
    return turn


def announce(match: Match, seats: list[Seat], state: MatchState | None, turn: NextTurn,
             steps: list[Moment] | None = None) -> Change:
    """Build each seated person's view after each step (``steps``; by default the match as it
    stands) with one presence look-up, and hand the change and its next ``turn`` to
    ``games.events``."""
    players = [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
    presence = presence_of([s.user_id for s in players], match.id)
    frames: list[dict[int, MatchView]] = [
        {seat.user_id: match_view(match=match, seats=seats, seat=seat.number, at=step,
                                  online=presence.online) for seat in players}
        for step in (steps or [moment_of(match, state)])
    ]
    change = Change(match, seats, state, turn, frames, presence.watching)
    events.after_commit(change)
    return change


def dealt(state: MatchState) -> MatchState:
    """The next deal (a new hand, or the same hand dealt again), shuffled by the CSPRNG."""
    return apply_action(state, {"type": "deal", "hands": deal_cards(_DEALER_RNG)})


def start_match(match: Match, seats: list[Seat]) -> tuple[MatchState, NextTurn]:
    """All four seats are taken: draw the first dealer, deal the first hand and start the
    first turn's clock (the caller saves the match and writes its ``TurnClock``)."""
    state = new_match(Rules.from_dict(match.rules), first_dealer=_DEALER_RNG.randrange(4))
    state = dealt(state)
    store(match, state)
    match.status = _STATUS_OF_PHASE[state.phase]
    match.turn = state.turn
    match.seq += 1
    return state, schedule(match, seats, state, timezone.now())


def _applied(state: MatchState, action: dict[str, Any]) -> MatchState:
    try:
        return apply_action(state, action)
    except EngineError as error:
        raise IllegalMove(refusal_sentence(error.code, error.params, error.detail),
                          code=error.code, params=error.params)
