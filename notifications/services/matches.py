"""Push notifications about matches: your turn, your time running out, a match over.

A turn notification goes only to a player who does not have that match open right now (one
with the app open elsewhere also hears a ``turn`` frame over their socket). Each is
worded in its recipient's language: the account's choice, or the site's default."""

from __future__ import annotations

from datetime import datetime

import orjson
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.selectors import account_language
from core.realtime import publish_frames
from games.models import Match, Seat
from games.stored_state import state_of_match
from notifications.services.push import push_audience, push_to_user
from social.presence import is_watching, online_users


def _speaking_to(user_id: int) -> translation.override:
    return translation.override(account_language(user_id) or settings.LANGUAGE_CODE)


def _others(match_id: int) -> str:
    seats = Seat.objects.filter(match_id=match_id).select_related("user").order_by("number")
    return ", ".join(s.display_name for s in seats)


def _still_at(match_id: int, seq: int) -> bool:
    """Whether ``match_id`` is still in play at ``seq`` (it has not moved on since)."""
    return Match.objects.filter(pk=match_id, seq=seq, status__in=Match.ACTIVE).exists()


def notify_turn(*, match_id: int, seq: int, user_id: int) -> bool:
    """Tell ``user_id`` that their turn in ``match_id`` began at ``seq`` (``games.events``
    decided it is a present person's turn), unless they opened the match meanwhile or it
    moved on."""
    if not _still_at(match_id, seq) or is_watching(user_id=user_id, match_id=match_id):
        return False
    if user_id in online_users([user_id]):
        # The app is open on another screen: it says so there too, one tap from the table.
        publish_frames({user_id: [orjson.dumps({"type": "turn", "match": match_id}).decode()]})
    if not push_audience(user_ids=[user_id], kind="turn"):
        return False
    with _speaking_to(user_id):
        title = _("Your turn in Call Break")
        body = _("Match #%(id)s with %(players)s is waiting for you.") % {
            "id": match_id, "players": _others(match_id)}
    return push_to_user(user_id=user_id, kind="turn", title=title, body=body,
                        url=f"/m/{match_id}", match_id=match_id) > 0


def notify_deadline(*, match_id: int, seq: int) -> bool:
    """Warn the player on a long turn (the sweeper found it due for a warning at ``seq``)
    that the bot will play for them soon."""
    found = (Match.objects.filter(pk=match_id, seq=seq, status__in=Match.ACTIVE)
             .values_list("turn", "clock__deadline").first())
    if found is None or found[1] is None:
        return False
    turn, deadline = found
    user_id = (Seat.objects.filter(match_id=match_id, number=turn, kind=Seat.Kind.HUMAN,
                                   autopilot=False)
               .values_list("user_id", flat=True).first())
    if user_id is None or not push_audience(user_ids=[user_id], kind="deadline"):
        return False
    with _speaking_to(user_id):
        title = _("Your turn is running out")
        body = _("%(left)s left in match #%(id)s, then a bot plays for you.") % {
            "left": _left(deadline, timezone.now()), "id": match_id}
    return push_to_user(user_id=user_id, kind="deadline", title=title, body=body,
                        url=f"/m/{match_id}", match_id=match_id) > 0


def notify_finished(*, match_id: int) -> int:
    """Tell every human player the final result."""
    seat_of = dict(Seat.objects.filter(match_id=match_id, kind=Seat.Kind.HUMAN,
                                       match__status=Match.Status.FINISHED)
                   .values_list("user_id", "number"))
    audience = push_audience(user_ids=list(seat_of), kind="finished")
    if not audience:
        return 0
    match = Match.objects.filter(pk=match_id).only("state", "rules").first()
    state = state_of_match(match) if match is not None else None
    if state is None:
        return 0
    scores = state.scores
    sent = 0
    for user_id in sorted(audience):
        mine = scores[seat_of[user_id]] / 10
        with _speaking_to(user_id):
            title = _("Match over")
            body = _("Match #%(id)s has ended: you scored %(total)s.") % {
                "id": match_id, "total": f"{mine:g}"}
        sent += push_to_user(user_id=user_id, kind="finished", title=title, body=body,
                             url=f"/m/{match_id}", match_id=match_id)
    return sent


def _left(deadline: datetime, now: datetime) -> str:
    minutes = max(1, int((deadline - now).total_seconds() // 60))
    if minutes >= 60:
        return _("%(hours)s h %(minutes)s min") % {"hours": minutes // 60, "minutes": minutes % 60}
    return _("%(n)s min") % {"n": minutes}
