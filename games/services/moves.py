"""Every change to a match in play: a player's call, card, redeal request or return from
autopilot; a bot's turn; an overdue turn played for an absent player.

One shape for all of them (``_commit``, under the row lock): check ``seq`` and the turn, ask the
engine, log the moves, store the new state, and announce the change for what follows the
commit. Bots think *before* the lock is taken, so no lock is held while they do.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import (
    EngineError,
    MatchState,
    Rules,
    apply_action,
    deal_cards,
    new_match,
    view_for,
)
from games.engine.bots import decide
from games.errors import DomainError, Forbidden, IllegalMove, NotFound, NotYourTurn, StaleSeq
from games.models import Match, Move, Seat
from games.queries import table_of
from games.signals import Moment, match_changed

from .external import external_choice

_DEALER_RNG = secrets.SystemRandom()
AUTOPILOT_AFTER_MISSED = 2
AUTOPILOT_LEVEL = "normal"
# With nobody else waiting for it, a seat on autopilot is played after this long at most (or
# the turn time, if shorter): its player can still come back, and an abandoned match ends.
AUTOPILOT_ALONE_SECONDS = 30
# Consecutive bot turns one task plays (one transaction) before handing on to a new task.
BOT_CHAIN = 8
# The fields of a match row a committed move can change.
_CHANGED_BY_A_MOVE = ("seq", "status", "turn", "deadline", "warn_at", "state", "finished_at",
                      "updated_at")
# Agreeing to finish is not a turn: the clock of the seat to play runs on.
_KEEP_THE_CLOCK = ("finish", "finish_agreed")
_STATUS_OF_PHASE = {
    "bidding": Match.Status.BIDDING,
    "playing": Match.Status.PLAYING,
    "finished": Match.Status.FINISHED,
}


@dataclass
class Table:
    """A match as committed, its seats in order, and its engine state (None until it starts)."""

    match: Match
    seats: list[Seat]
    state: MatchState | None


@dataclass
class PendingMove:
    """One action to commit, who made it, and why (for moves made for a player)."""

    action: dict[str, Any]
    made_by: str
    note: str = ""


# --- Players -------------------------------------------------------------------------------


def move_call(*, match_id: int, user: Any, call: int, seq: int) -> Table:
    """Make ``user``'s call in the bidding."""
    return _player_action(match_id=match_id, user=user, seq=seq,
                          action={"type": "call", "call": call})


def move_play(*, match_id: int, user: Any, card: str, seq: int) -> Table:
    """Play ``card`` from ``user``'s hand to the current trick."""
    return _player_action(match_id=match_id, user=user, seq=seq,
                          action={"type": "play", "card": card})


def move_redeal(*, match_id: int, user: Any, seq: int) -> Table:
    """Ask for a redeal (variants only, before the first call)."""
    return _player_action(match_id=match_id, user=user, seq=seq, action={"type": "redeal"},
                          any_turn=True)


def move_finish(*, match_id: int, user: Any, seq: int) -> Table:
    """``user`` agrees to finish the open-ended match after this hand. The match ends after
    the hand once every human seat not on autopilot has agreed; an agreement stands until
    the hand ends."""
    with transaction.atomic():
        match, seats = _locked(match_id)
        seat = _seat_of(seats, user)
        if match.status not in Match.ACTIVE:
            raise DomainError(_("This match is not in play."), code="not_in_play")
        state = _state(match)
        if state.rules.hands is not None:
            raise IllegalMove(_("This match has a fixed number of hands, so it cannot be "
                                "finished early."), code="fixed_length")
        if seq != match.seq:
            raise StaleSeq(_("The table has moved on since you last saw it."),
                           match_id=match.id)
        if seat.number in state.finish_votes:
            raise IllegalMove(_("You have already agreed to finish after this hand."),
                              code="already_agreed")
        if state.finish_agreed or state.play_off:
            raise IllegalMove(_("The match already ends after this hand."),
                              code="already_finishing")
        if _take_back(seat):
            # Back from autopilot: the seat's own turn gets a person's time again.
            _set_deadline(match, seats, state, timezone.now())
        vote = PendingMove({"type": "finish", "seat": seat.number}, Move.MadeBy.HUMAN)
        return _commit(match, seats, state, _with_agreement(seats, state, [vote]))


def _with_agreement(seats: list[Seat], state: MatchState,
                    pending: list[PendingMove]) -> list[PendingMove]:
    """``pending``, with the table's agreement to finish added once the votes (those in
    ``pending`` included) cover every human seat not on autopilot: after a vote, or before a
    card, since the card may end the hand."""
    if state.rules.hands is None and not state.finish_agreed and not state.play_off:
        votes = set(state.finish_votes)
        votes.update(m.action["seat"] for m in pending if m.action["type"] == "finish")
        present = {s.number for s in seats if s.kind == Seat.Kind.HUMAN and not s.autopilot}
        if votes and present <= votes:
            seat = pending[0].action["seat"]
            agreed = PendingMove({"type": "finish_agreed", "seat": seat},
                                 pending[0].made_by, "every player present has agreed")
            if pending[0].action["type"] == "finish":
                return pending + [agreed]
            return [agreed] + pending
    return pending


def seat_back(*, match_id: int, user: Any) -> Table:
    """The player takes their seat back from autopilot, at once."""
    with transaction.atomic():
        match, seats = _locked(match_id)
        seat = _seat_of(seats, user)
        state = _state(match)
        if _take_back(seat):
            match.seq += 1
            _set_deadline(match, seats, state, timezone.now())
            match.save(update_fields=["seq", "deadline", "warn_at", "updated_at"])
            announce(match, seats, [moment_of(match, state)])
        return Table(match, seats, state)


def _take_back(seat: Seat) -> bool:
    """The seat is its player's again: no autopilot, no missed turns. True if it changed."""
    if not (seat.autopilot or seat.missed_turns):
        return False
    seat.autopilot = False
    seat.missed_turns = 0
    seat.save(update_fields=["autopilot", "missed_turns"])
    return True


def _player_action(*, match_id: int, user: Any, seq: int, action: dict[str, Any],
                   any_turn: bool = False) -> Table:
    with transaction.atomic():
        match, seats = _locked(match_id)
        seat = _seat_of(seats, user)
        if match.status not in Match.ACTIVE:
            raise DomainError(_("This match is not in play."), code="not_in_play")
        state = _state(match)
        if seq != match.seq:
            raise StaleSeq(_("The table has moved on since you last saw it."), match_id=match.id)
        if not any_turn and state.turn != seat.number:
            raise NotYourTurn(_("It is not your turn."))
        _take_back(seat)
        return _commit(match, seats, state,
                       [PendingMove(dict(action, seat=seat.number), Move.MadeBy.HUMAN)])


# --- Bots, autopilot and deadlines -----------------------------------------------------------


def bot_turn_play(*, match_id: int, seq: int, chain: int = BOT_CHAIN) -> bool:
    """Play the turn of a bot seat or a seat on autopilot, if it is still that turn at ``seq``,
    and the bot turns straight after it (up to ``chain`` moves, within the same hand), all in
    one transaction.

    The bots decide from a snapshot before the lock is taken; the moves are written only if
    the match is still at ``seq``. An outside bot answers over the network, so its turn is
    never chained behind another. Returns False when there was nothing to do (a duplicate or
    late delivery)."""
    table = _snapshot(match_id, seq)
    if table is None:
        return False
    pending: list[PendingMove] = []
    state = table.state
    while state.turn is not None and len(pending) < chain:
        seat = table.seats[state.turn]
        if not plays_at_once(table.seats, seat) or (pending and seat.kind == Seat.Kind.EXTERNAL):
            break
        pending.append(_bot_choice(table.match, seat, state))
        state = apply_action(state, pending[-1].action)
        if seat.kind == Seat.Kind.EXTERNAL:
            break
    if not pending:
        return False
    return _apply_if_current(table, pending)


def turn_timeout(*, match_id: int, seq: int, now: datetime | None = None) -> bool:
    """Play an overdue turn for its absent player (exactly once per overdue turn).

    The caller may be the periodic sweeper or a task due at the deadline: whichever comes
    second finds ``seq`` moved and does nothing."""
    now = now or timezone.now()
    table = _snapshot(match_id, seq)
    if table is None or table.state.turn is None or table.match.deadline is None \
            or table.match.deadline > now:
        return False
    seat = table.seats[table.state.turn]
    if seat.kind == Seat.Kind.HUMAN:
        pending = PendingMove(_decide(table.state, seat.number, AUTOPILOT_LEVEL),
                              Move.MadeBy.AUTOPILOT, "turn deadline passed")
    else:
        pending = _bot_choice(table.match, seat, table.state)
    return _apply_if_current(table, [pending], overdue_at=now)


def plays_at_once(seats: list[Seat], seat: Seat) -> bool:
    """Whether ``seat``'s turn is played as soon as it comes: a bot's always; a seat on
    autopilot only while another player at the table is waiting for it (else it waits, see
    ``AUTOPILOT_ALONE_SECONDS``)."""
    if seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL):
        return True
    return seat.autopilot and any(s.kind == Seat.Kind.HUMAN and not s.autopilot for s in seats)


def _snapshot(match_id: int, seq: int) -> Table | None:
    """The match as it is at ``seq`` (no lock); None when it has moved on or ended."""
    found = table_of(match_id)
    if found is None or found[0].seq != seq or found[0].status not in Match.ACTIVE:
        return None
    match, seats = found
    return Table(match, seats, _state(match))


def _bot_choice(match: Match, seat: Seat, state: MatchState) -> PendingMove:
    if seat.kind == Seat.Kind.EXTERNAL:
        return PendingMove(*external_choice(match=match, seat=seat, state=state))
    if seat.kind == Seat.Kind.BOT:
        return PendingMove(_decide(state, seat.number, seat.bot_level), Move.MadeBy.BOT)
    return PendingMove(_decide(state, seat.number, AUTOPILOT_LEVEL), Move.MadeBy.AUTOPILOT)


def _decide(state: MatchState, seat: int, level: str) -> dict[str, Any]:
    """The bot's action from the seat's own view only."""
    rng = random.Random(secrets.randbits(64))
    budget = settings.EXPERT_BUDGET_MS if level == "expert" else settings.BOT_BUDGET_MS
    return decide(view_for(state, seat), seat=seat, level=level, rng=rng, budget_ms=budget)


def _apply_if_current(table: Table, pending: list[PendingMove], *,
                      overdue_at: datetime | None = None) -> bool:
    """Commit ``pending`` moves decided on a snapshot of the table, unless the match has moved
    on since.

    The snapshot is still the match as it is when ``seq`` is unchanged: every change to the
    match or a seat moves ``seq`` on. So only ``seq`` is read again, under the lock."""
    match, seats = table.match, table.seats
    with transaction.atomic():
        found = table_of(match.pk, lock=True)
        current = found[0] if found else None
        if current is None or current.seq != match.seq or current.status not in Match.ACTIVE:
            return False  # someone else got there first
        if overdue_at is not None and (current.deadline is None
                                       or current.deadline > overdue_at):
            return False
        if pending[0].made_by == Move.MadeBy.AUTOPILOT and overdue_at is not None:
            seat = seats[pending[0].action["seat"]]
            seat.missed_turns += 1
            seat.autopilot = seat.autopilot or seat.missed_turns >= AUTOPILOT_AFTER_MISSED
            seat.save(update_fields=["missed_turns", "autopilot"])
            # A seat gone to autopilot no longer holds up an agreement to finish.
            pending = _with_agreement(seats, table.state, pending)
        _commit(match, seats, table.state, pending)
        return True


# --- The shared core ---------------------------------------------------------------------


def _locked(match_id: int) -> tuple[Match, list[Seat]]:
    found = table_of(match_id, lock=True)
    if found is None:
        raise NotFound(_("No such match."))
    return found


def _seat_of(seats: list[Seat], user: Any) -> Seat:
    for seat in seats:
        if seat.user_id == user.id and seat.kind == Seat.Kind.HUMAN:
            return seat
    raise NotFound(_("No such match."))


def _state(match: Match) -> MatchState:
    if match.state is None:
        raise Forbidden(_("This match has not started yet."), code="not_started")
    return MatchState.from_json(match.state)


def _commit(match: Match, seats: list[Seat], state: MatchState,
            pending: list[PendingMove]) -> Table:
    """Apply ``pending`` in order and store everything they change (the caller holds the lock):
    a move row for each and the match row once. Only the last move may end a hand; a hand
    that ends (or is thrown in) is followed by the next deal at once."""
    now = timezone.now()
    moves, moments, current = [], [], state
    for number, move in enumerate(pending, start=1):
        try:
            after = apply_action(current, move.action)
        except EngineError as error:
            raise IllegalMove(error.detail, code=error.code, params=error.params)
        match.seq += 1
        moves.append(Move(
            match=match, hand_number=current.hand_number, seq=match.seq,
            seat=move.action["seat"], kind=move.action["type"], call=move.action.get("call"),
            card=move.action.get("card", ""), made_by=move.made_by, note=move.note[:200],
        ))
        if after.phase == "dealing":
            if number != len(pending):
                raise ValueError("only the last move of a batch may end a hand")
            after = _dealt(after)
        match.status = _STATUS_OF_PHASE[after.phase]
        match.turn = after.turn
        new_turn = move.action["type"] not in _KEEP_THE_CLOCK
        if new_turn:
            _set_deadline(match, seats, after, now)
        moments.append(moment_of(match, after, new_turn=new_turn))
        current = after
    Move.objects.bulk_create(moves)
    match.state = current.to_json()
    if current.phase == "finished":
        match.finished_at = now
    match.save(update_fields=_CHANGED_BY_A_MOVE)
    announce(match, seats, moments)
    return Table(match, seats, current)


def moment_of(match: Match, state: MatchState | None, *, new_turn: bool = True) -> Moment:
    """The match as it stands now, for the views of one step of a change."""
    return Moment(seq=match.seq, status=match.status, deadline=match.deadline, state=state,
                  new_turn=new_turn)


def announce(match: Match, seats: list[Seat], moments: list[Moment]) -> None:
    """Tell what follows a commit (``games.events``) that ``match`` changed."""
    match_changed.send(sender=Match, match=match, seats=seats, moments=moments)


def _dealt(state: MatchState) -> MatchState:
    """The next deal (a new hand, or the same hand dealt again), shuffled by the CSPRNG."""
    return apply_action(state, {"type": "deal", "hands": deal_cards(_DEALER_RNG)})


def _set_deadline(match: Match, seats: list[Seat], state: MatchState, now: datetime) -> None:
    """The current turn's deadline: the turn time for a present human; for a seat on autopilot
    that nobody is waiting for, the turn time up to ``AUTOPILOT_ALONE_SECONDS``; else a short
    grace for a turn played at once (a safety net should its task be lost). A long human turn
    also gets the moment its player is warned that time is running out."""
    match.deadline = match.warn_at = None
    if state.turn is None or state.phase == "finished":
        return
    seat = seats[state.turn]
    if seat.autopilot and not plays_at_once(seats, seat):
        match.deadline = now + timedelta(
            seconds=min(match.turn_seconds, AUTOPILOT_ALONE_SECONDS))
    elif seat.kind == Seat.Kind.HUMAN and not seat.autopilot:
        match.deadline = now + timedelta(seconds=match.turn_seconds)
        if match.turn_seconds > settings.LIVE_DEADLINE_ETA_MAX_SECONDS:
            match.warn_at = now + timedelta(
                seconds=match.turn_seconds * settings.DEADLINE_WARNING_FRACTION)
    else:
        match.deadline = now + timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS)


def start_match(match: Match, seats: list[Seat]) -> MatchState:
    """All four seats are taken: draw the first dealer and deal the first hand (the caller
    saves the match)."""
    state = new_match(Rules.from_dict(match.rules), first_dealer=_DEALER_RNG.randrange(4))
    state = _dealt(state)
    match.state = state.to_json()
    match.status = _STATUS_OF_PHASE[state.phase]
    match.turn = state.turn
    match.seq += 1
    _set_deadline(match, seats, state, timezone.now())
    return state
