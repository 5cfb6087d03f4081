"""Side effects of a committed change, scheduled with ``transaction.on_commit``.

Each seated player's socket gets their own view; a bot or autopilot turn is queued for a
worker; a short live deadline gets a task due at the deadline (long ones are left to the
sweeper); an absent player whose turn it is gets a push notification.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from games import realtime
from games.engine import MatchState
from games.models import Match, Seat
from games.presence import online_users
from games.selectors import match_view


def after_change(*, match: Match, seats: list[Seat], state: MatchState | None,
                 queue_bot: bool = True) -> None:
    """Schedule everything that follows a committed change of ``match``.

    ``queue_bot=False``: the caller (a task already playing bot turns) plays the next bot
    turn itself."""
    from games import tasks  # tasks call services: imported late to avoid a cycle

    match_id, seq = match.id, match.seq
    players = [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
    online = online_users([s.user_id for s in players])  # one look-up for every view
    views = {
        seat.user_id: match_view(match=match, seats=seats, seat=seat.number, state=state,
                                 online=online)
        for seat in players
    }
    transaction.on_commit(lambda: realtime.publish_views(views))
    if state is None:
        return
    if state.phase == "finished":
        tasks.notify_finished.delay_on_commit(match_id)
        return
    if state.turn is None:
        return
    seat = seats[state.turn]
    if seat.kind in (Seat.Kind.BOT, Seat.Kind.EXTERNAL) or seat.autopilot:
        if queue_bot:
            tasks.play_bot_turn.delay_on_commit(match_id, seq)
        return
    if match.turn_seconds <= settings.LIVE_DEADLINE_ETA_MAX_SECONDS and match.deadline:
        deadline = match.deadline
        transaction.on_commit(
            lambda: tasks.enforce_deadline.apply_async((match_id, seq), eta=deadline)
        )
    tasks.notify_turn.delay_on_commit(match_id, seq)
