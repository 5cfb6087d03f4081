"""Everything that follows a committed change, scheduled with ``transaction.on_commit``: the
one module that queues tasks.

Each seated player's socket gets their own view after every step; a bot or autopilot turn is
queued for a worker; a short live deadline gets a task due at the deadline (long ones are left
to the sweeper); a player whose turn it is and who does not have the match open is notified.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from games import realtime, tasks
from games.models import Match, Seat
from games.presence import presence_of
from games.selectors import match_view
from games.services.moves import plays_at_once
from games.signals import (
    Moment,
    analysis_requested,
    match_changed,
    reaction_sent,
    turn_warning_due,
)


@receiver(match_changed)
def after_match_changed(*, match: Match, seats: list[Seat], moments: list[Moment],
                        **_: Any) -> None:
    players = [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
    presence = presence_of([s.user_id for s in players], match.id)
    frames = [{seat.user_id: match_view(match=match, seats=seats, seat=seat.number, at=moment,
                                        online=presence.online)
               for seat in players}
              for moment in moments]
    transaction.on_commit(lambda: realtime.publish_views(frames))
    state = moments[-1].state
    if state is None:
        return
    match_id, seq = match.id, match.seq
    if state.phase == "finished":
        tasks.notify_finished.delay_on_commit(match_id)
        tasks.match_ratings_update.delay_on_commit(match_id)
        return
    if state.turn is None:
        return
    seat = seats[state.turn]
    if plays_at_once(seats, seat):
        tasks.bot_turn_play.delay_on_commit(match_id, seq)
        return
    deadline = match.deadline
    if deadline and (seat.autopilot
                     or match.turn_seconds <= settings.LIVE_DEADLINE_ETA_MAX_SECONDS):
        transaction.on_commit(
            lambda: tasks.turn_timeout.apply_async((match_id, seq), eta=deadline))
    if moments[-1].new_turn and not seat.autopilot and seat.user_id not in presence.watching:
        tasks.notify_turn.delay_on_commit(match_id, seq)


@receiver(turn_warning_due)
def warn_of_deadline(*, match_id: int, seq: int, **_: Any) -> None:
    tasks.notify_deadline.delay_on_commit(match_id, seq)


@receiver(analysis_requested)
def queue_analysis(*, match_id: int, seat: int, **_: Any) -> None:
    tasks.analysis_run.delay_on_commit(match_id, seat)


@receiver(reaction_sent)
def deliver_reaction(*, match_id: int, seat: int, reaction: str, seq: int,
                     recipients: list[int], **_: Any) -> None:
    frame = realtime.reaction_frame(match_id=match_id, seat=seat, reaction=reaction, seq=seq)
    transaction.on_commit(lambda: realtime.publish_frames({u: [frame] for u in recipients}))
