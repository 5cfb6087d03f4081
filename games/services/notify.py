"""Push notifications about matches: your turn, your time running out, a match over.

A turn notification goes only to a player who does not have that match open right now."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Match, Seat
from games.presence import is_watching

from .deadlines import human_on_turn


def _push(**kwargs: object) -> int:
    from accounts.push import push_to_user

    return push_to_user(**kwargs)


def _others(match: Match) -> str:
    names = [s.display_name for s in match.seats.select_related("user").order_by("number")]
    return ", ".join(names)


def notify_turn(*, match_id: int, seq: int) -> bool:
    """Tell the player on turn, unless they are watching the match or it moved on."""
    match = Match.objects.filter(pk=match_id, seq=seq, status__in=Match.ACTIVE).first()
    seat = human_on_turn(match) if match else None
    if seat is None or is_watching(user_id=seat.user_id, match_id=match_id):
        return False
    return _push(user_id=seat.user_id, kind="turn", title="Your turn in Call Break",
                 body=f"Match #{match_id} with {_others(match)} is waiting for you.",
                 url=f"/m/{match_id}", match_id=match_id) > 0


def notify_deadline(*, match_id: int, seq: int) -> bool:
    """Warn the player on turn that the bot will play for them soon."""
    match = Match.objects.filter(pk=match_id, seq=seq, status__in=Match.ACTIVE).first()
    seat = human_on_turn(match) if match else None
    if seat is None or match.deadline is None:
        return False
    left = _left(match.deadline, timezone.now())
    return _push(user_id=seat.user_id, kind="deadline", title="Your turn is running out",
                 body=f"{left} left in match #{match_id}, then a bot plays for you.",
                 url=f"/m/{match_id}", match_id=match_id) > 0


def notify_finished(*, match_id: int) -> int:
    """Tell every human player the final result."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None:
        return 0
    seats = list(match.seats.filter(kind=Seat.Kind.HUMAN).select_related("user"))
    scores = match.state["scores"]
    sent = 0
    for seat in seats:
        mine = scores[seat.number] / 10
        sent += _push(user_id=seat.user_id, kind="finished", title="Match over",
                      body=f"Match #{match_id} has ended: you scored {mine:g}.",
                      url=f"/m/{match_id}", match_id=match_id)
    return sent


def _left(deadline: datetime, now: datetime) -> str:
    minutes = max(1, int((deadline - now).total_seconds() // 60))
    return f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
