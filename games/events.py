"""What follows a committed change of a match, scheduled with ``transaction.on_commit``.

``after_commit`` is called by the transaction core with the ``Change`` it made. Every seated
player's socket gets their own view after each step; then the next turn's kind decides the
rest through ``EFFECTS``, the one table of what each kind of turn sets going:

- a turn played at once queues ``games.tasks.bot_turn_play`` (after a hand, for the end of
  the pause between hands: ``NextTurn.starts_at``);
- a turn due at its deadline queues ``games.tasks.turn_timeout`` for that moment (a long turn's
  deadline is left to the sweeper, which also warns its player);
- a person whose turn begins and who does not have the match open is announced to the apps
  above (``games.signals.person_to_play``: the notifications app pushes);
- a finished match is rated (``games.tasks.match_rate``) and announced
  (``games.signals.match_finished``: the notifications app sends the result).

The tasks sit above the services that call this module, so they are sent by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from celery import signature
from django.db import transaction

from core import realtime
from games.engine import MatchState
from games.models import Match, Seat
from games.signals import invitation_declined, invitations_sent, match_finished, person_to_play
from games.turns import NextTurn, TurnKind
from games.view_shape import MatchView

BOT_TURN_TASK = "games.tasks.bot_turn_play"
TURN_TIMEOUT_TASK = "games.tasks.turn_timeout"
ANALYSIS_TASK = "games.tasks.analysis_run"
RATE_TASK = "games.tasks.match_rate"


@dataclass
class Change:
    """A committed change of a match: the match and its seats as written, its engine state
    (None until it starts), what happens next, and each seated person's view after each step
    of the change (user id → view, oldest step first; empty when nothing changed)."""

    match: Match
    seats: list[Seat]
    state: MatchState | None
    next: NextTurn
    frames: list[dict[int, MatchView]] = field(default_factory=list)
    watching: set[int] = field(default_factory=set)

    def view_of(self, user_id: int) -> MatchView | None:
        """``user_id``'s own view of the table as committed, if the change built one."""
        return self.frames[-1].get(user_id) if self.frames else None


class Effect(StrEnum):
    PLAY_NOW = "play_now"
    PLAY_AT_DEADLINE = "play_at_deadline"
    TELL_PLAYER = "tell_player"
    RATE = "rate"
    ANNOUNCE_END = "announce_end"


EFFECTS: dict[TurnKind, tuple[Effect, ...]] = {
    TurnKind.WAITING: (),
    TurnKind.FINISHED: (Effect.RATE, Effect.ANNOUNCE_END),
    TurnKind.BOT: (Effect.PLAY_NOW,),
    TurnKind.AUTOPILOT: (Effect.PLAY_NOW,),
    TurnKind.AUTOPILOT_ALONE: (Effect.PLAY_AT_DEADLINE,),
    TurnKind.PERSON_LIVE: (Effect.PLAY_AT_DEADLINE, Effect.TELL_PLAYER),
    TurnKind.PERSON_SLOW: (Effect.TELL_PLAYER,),
}


def planned(change: Change) -> list[Effect]:
    """What follows ``change``: its next turn's effects, less telling a player who has been
    told already (the turn is not new) or who has the match open."""
    turn = change.next
    told = not turn.fresh or turn.user_id is None or turn.user_id in change.watching
    return [effect for effect in EFFECTS[turn.kind]
            if not (effect is Effect.TELL_PLAYER and told)]


def after_commit(change: Change) -> None:
    """Schedule everything that follows ``change`` once its transaction commits: the views
    first, so a socket sees them before anything they set going."""
    if change.frames:
        frames = change.frames
        transaction.on_commit(lambda: realtime.publish_views(frames))
    for effect in planned(change):
        _DO[effect](change)


def analysis_queued(*, match_id: int, seat: int) -> None:
    """A seat's analysis was asked for: the worker computes it after the commit."""
    _send_on_commit(ANALYSIS_TASK, match_id, seat)


def invitations_made(*, match_id: int, user_ids: list[int]) -> None:
    """Seats of a new match were reserved for ``user_ids``: announced after the commit (the
    notifications app tells each invitee)."""
    if user_ids:
        transaction.on_commit(lambda: invitations_sent.send(
            sender=Match, match_id=match_id, user_ids=user_ids))


def invitation_refused(*, match_id: int, inviter_id: int | None, invitee_id: int) -> None:
    """An invitee declined and their seat is open: the inviter is told after the commit."""
    if inviter_id is not None:
        transaction.on_commit(lambda: invitation_declined.send(
            sender=Match, match_id=match_id, inviter_id=inviter_id, invitee_id=invitee_id))


def _play_now(change: Change) -> None:
    # After a hand ends, the bot waits out the scoreboard's pause like everyone else.
    options = {"eta": change.next.starts_at} if change.next.starts_at else {}
    _send_on_commit(BOT_TURN_TASK, change.match.id, change.match.seq, **options)


def _play_at_deadline(change: Change) -> None:
    _send_on_commit(TURN_TIMEOUT_TASK, change.match.id, change.match.seq,
                    eta=change.next.deadline)


def _tell_player(change: Change) -> None:
    match_id, seq, user_id = change.match.id, change.match.seq, change.next.user_id
    transaction.on_commit(lambda: person_to_play.send(
        sender=Match, match_id=match_id, seq=seq, user_id=user_id))


def _rate(change: Change) -> None:
    _send_on_commit(RATE_TASK, change.match.id)


def _announce_end(change: Change) -> None:
    match_id = change.match.id
    transaction.on_commit(lambda: match_finished.send(sender=Match, match_id=match_id))


_DO: dict[Effect, Callable[[Change], None]] = {
    Effect.PLAY_NOW: _play_now,
    Effect.PLAY_AT_DEADLINE: _play_at_deadline,
    Effect.TELL_PLAYER: _tell_player,
    Effect.RATE: _rate,
    Effect.ANNOUNCE_END: _announce_end,
}


def _send_on_commit(name: str, *args: object, **options: object) -> None:
    task = signature(name, args=args)
    transaction.on_commit(lambda: task.apply_async(**options))
