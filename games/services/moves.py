"""Every command on a match in play: a player's call, card, redeal request, agreement to
finish or return from autopilot; a bot's turn; an overdue turn played for an absent player.

Each checks ``seq`` and the turn under the row lock and commits through the transaction core
(``games.services.table``). Bots think *before* the lock is taken, so no lock is held while
they do; under the lock only the match's ``seq``, status and deadline are read again.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import DomainError
from games.engine import MatchState, apply_action, view_for
from games.engine.bots import decide
from games.errors import IllegalMove, NotYourTurn
from games.events import Change
from games.models import Match, Move, Seat, TurnClock
from games.queries import table_of
from games.turns import next_turn

from .external import external_choice
from .table import (
    PendingMove,
    announce,
    commit,
    schedule,
    seat_of,
    stale,
    state_of,
    table_locked,
)

AUTOPILOT_AFTER_MISSED = 2
AUTOPILOT_LEVEL = "normal"
# Consecutive bot turns one task plays (one transaction) before handing on to a new task.
BOT_CHAIN = 8


# --- Players -------------------------------------------------------------------------------


# Each player's command may be given ``in_transaction``, called with the change before its
# transaction commits: the answer to an ``Idempotency-Key`` is stored beside the move that way.
InTransaction = Callable[[Change], object] | None


def move_call(*, match_id: int, user: Any, call: int, seq: int,
              in_transaction: InTransaction = None) -> Change:
    """Make ``user``'s call in the bidding."""
    return _player_action(match_id=match_id, user=user, seq=seq,
                          action={"type": "call", "call": call}, in_transaction=in_transaction)


def move_play(*, match_id: int, user: Any, card: str, seq: int,
              in_transaction: InTransaction = None) -> Change:
    """Play ``card`` from ``user``'s hand to the current trick."""
    return _player_action(match_id=match_id, user=user, seq=seq,
                          action={"type": "play", "card": card}, in_transaction=in_transaction)


def move_redeal(*, match_id: int, user: Any, seq: int,
                in_transaction: InTransaction = None) -> Change:
    """Ask for a redeal (variants only, before the first call)."""
    return _player_action(match_id=match_id, user=user, seq=seq, action={"type": "redeal"},
                          any_turn=True, in_transaction=in_transaction)


def move_finish(*, match_id: int, user: Any, seq: int,
                in_transaction: InTransaction = None) -> Change:
    """``user`` agrees to finish the open-ended match after this hand. The match ends after
    the hand once every human seat not on autopilot has agreed; an agreement stands until
    the hand ends."""
    with transaction.atomic():
        match, seats = table_locked(match_id)
        seat = seat_of(seats, user)
        if match.status not in Match.ACTIVE:
            raise DomainError(_("This match is not in play."), code="not_in_play")
        state = state_of(match)
        if state.rules.hands is not None:
            raise IllegalMove(_("This match has a fixed number of hands, so it cannot be "
                                "finished early."), code="fixed_length")
        if not _seen_this_hand(match, seq, state):
            raise stale(match, seats, seat, state)
        if seat.number in state.finish_votes:
            raise IllegalMove(_("You have already agreed to finish after this hand."),
                              code="already_agreed")
        if state.finish_agreed or state.play_off:
            raise IllegalMove(_("The match already ends after this hand."),
                              code="already_finishing")
        if _take_back(seat):
            # Back from autopilot: the seat's own turn gets a person's time again.
            schedule(match, seats, state, timezone.now())
            TurnClock.write(match)
        vote = PendingMove({"type": "finish", "seat": seat.number}, Move.MadeBy.HUMAN)
        change = commit(match, seats, state, _with_agreement(seats, state, [vote]))
        if in_transaction is not None:
            in_transaction(change)
        return change


def _seen_this_hand(match: Match, seq: int, state: MatchState) -> bool:
    """Whether the view at ``seq`` showed the hand now under way. An agreement to finish is
    about the hand, not the board, so the calls and cards made since the player looked do not
    make it stale; a move of an earlier hand in between does."""
    if seq == match.seq:
        return True
    return 0 <= seq < match.seq and not Move.objects.filter(
        match=match, seq__gt=seq, hand_number__lt=state.hand_number).exists()


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
            # The moves' states were worked out without the agreement: work them out again.
            pending = [PendingMove(m.action, m.made_by, m.note) for m in pending]
            if pending[0].action["type"] == "finish":
                return pending + [agreed]
            return [agreed] + pending
    return pending


def seat_back(*, match_id: int, user: Any) -> Change:
    """The player takes their seat back from autopilot, at once."""
    with transaction.atomic():
        match, seats = table_locked(match_id)
        seat = seat_of(seats, user)
        state = state_of(match)
        if not _take_back(seat):
            return Change(match, seats, state, next_turn(
                seats=seats, state=state, turn_seconds=match.turn_seconds, now=timezone.now()))
        match.seq += 1
        turn = schedule(match, seats, state, timezone.now())
        match.save(update_fields=["seq", "updated_at"])
        TurnClock.write(match)
        return announce(match, seats, state, turn)


def _take_back(seat: Seat) -> bool:
    """The seat is its player's again: no autopilot, no missed turns. True if it changed."""
    if not (seat.autopilot or seat.missed_turns):
        return False
    seat.autopilot = False
    seat.missed_turns = 0
    seat.save(update_fields=["autopilot", "missed_turns"])
    return True


def _player_action(*, match_id: int, user: Any, seq: int, action: dict[str, Any],
                   any_turn: bool = False, in_transaction: InTransaction = None) -> Change:
    with transaction.atomic():
        match, seats = table_locked(match_id)
        seat = seat_of(seats, user)
        if match.status not in Match.ACTIVE:
            raise DomainError(_("This match is not in play."), code="not_in_play")
        state = state_of(match)
        if seq != match.seq:
            raise stale(match, seats, seat, state)
        if not any_turn and state.turn != seat.number:
            raise NotYourTurn(_("It is not your turn."))
        _take_back(seat)
        change = commit(match, seats, state,
                        [PendingMove(dict(action, seat=seat.number), Move.MadeBy.HUMAN)])
        if in_transaction is not None:
            in_transaction(change)
        return change


# --- Bots, autopilot and deadlines -----------------------------------------------------------


@dataclass
class _Snapshot:
    """The match as it was read, without a lock, at the ``seq`` a task was queued for."""

    match: Match
    seats: list[Seat]
    state: MatchState


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
        turn = next_turn(seats=table.seats, state=state, turn_seconds=table.match.turn_seconds,
                         now=timezone.now())
        if not turn.plays_at_once or (pending and seat.kind == Seat.Kind.EXTERNAL):
            break
        move = _bot_choice(table.match, seat, state)
        move.after = state = apply_action(state, move.action)
        pending.append(move)
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


def _snapshot(match_id: int, seq: int) -> _Snapshot | None:
    """The match as it is at ``seq`` (no lock); None when it has moved on or ended."""
    found = table_of(match_id)
    if found is None or found[0].seq != seq or found[0].status not in Match.ACTIVE:
        return None
    match, seats = found
    return _Snapshot(match, seats, state_of(match))


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


def _apply_if_current(table: _Snapshot, pending: list[PendingMove], *,
                      overdue_at: datetime | None = None) -> bool:
    """Commit ``pending`` moves decided on a snapshot of the table, unless the match has moved
    on since.

    The snapshot is still the match as it is when ``seq`` is unchanged: every change to the
    match or a seat moves ``seq`` on. So only ``seq``, the status and the deadline are read
    again, under the lock."""
    match, seats = table.match, table.seats
    with transaction.atomic():
        current = (Match.objects.select_for_update(no_key=True, of=("self",))
                   .filter(pk=match.pk).values_list("seq", "status", "clock__deadline").first())
        if current is None:
            return False
        seq, status, deadline = current
        if seq != match.seq or status not in Match.ACTIVE:
            return False  # someone else got there first
        if overdue_at is not None and (deadline is None or deadline > overdue_at):
            return False
        if pending[0].made_by == Move.MadeBy.AUTOPILOT and overdue_at is not None:
            seat = seats[pending[0].action["seat"]]
            seat.missed_turns += 1
            seat.autopilot = seat.autopilot or seat.missed_turns >= AUTOPILOT_AFTER_MISSED
            seat.save(update_fields=["missed_turns", "autopilot"])
            # A seat gone to autopilot no longer holds up an agreement to finish.
            pending = _with_agreement(seats, table.state, pending)
        commit(match, seats, table.state, pending)
        return True
