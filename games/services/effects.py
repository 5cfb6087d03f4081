"""Side effects of a committed change, scheduled with ``transaction.on_commit``.

Each seated player's socket gets their own view after every step; a bot or autopilot turn is
queued for a worker; a short live deadline gets a task due at the deadline (long ones are left
to the sweeper); a player whose turn it is and who does not have the match open gets a push
notification.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from games import realtime
from games.engine import MatchState
from games.models import Match, Seat
from games.presence import Presence, presence_of
from games.selectors import match_view

Views = dict[int, dict[str, Any]]


def table_presence(match: Match, seats: list[Seat]) -> Presence:
    """Who of the seated players is online and who has ``match`` open, in one look-up for
    every view of a change."""
    return presence_of([s.user_id for s in _players(seats)], match.id)


def views_of(match: Match, seats: list[Seat], state: MatchState | None,
             online: Presence) -> Views:
    """Every seated player's own view of ``match`` as it is now, by user id."""
    return {seat.user_id: match_view(match=match, seats=seats, seat=seat.number, state=state,
                                     online=online.online)
            for seat in _players(seats)}


def after_change(*, match: Match, seats: list[Seat], state: MatchState | None,
                 views: list[Views] | None = None, online: Presence | None = None) -> None:
    """Schedule everything that follows a committed change of ``match``.

    ``views``: the players' views after each step of the change, oldest first (default: their
    views of ``match`` as it is now)."""
    from games import tasks  # tasks call services: imported late to avoid a cycle

    match_id, seq = match.id, match.seq
    if online is None:
        online = table_presence(match, seats)
    if views is None:
        views = [views_of(match, seats, state, online)]
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
        tasks.play_bot_turn.delay_on_commit(match_id, seq)
        return
    if match.turn_seconds <= settings.LIVE_DEADLINE_ETA_MAX_SECONDS and match.deadline:
        deadline = match.deadline
        transaction.on_commit(
            lambda: tasks.enforce_deadline.apply_async((match_id, seq), eta=deadline)
        )
    if seat.user_id not in online.watching:
        tasks.notify_turn.delay_on_commit(match_id, seq)


def _players(seats: list[Seat]) -> list[Seat]:
    return [s for s in seats if s.kind == Seat.Kind.HUMAN and s.user_id is not None]
