"""A player's account is removed (a guest unused for a month, or a person deleting theirs):
their seats stay, so every match keeps its record, and read "Guest" or "Deleted player".

The accounts app knows nothing of matches, so this listens for the user's deletion instead of
being called: Django sends ``pre_delete`` before it clears the seats' ``user`` (``SET_NULL``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import pre_delete
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Account
from games.models import Match, Seat, TurnClock


@receiver(pre_delete, sender=get_user_model(), dispatch_uid="games-seats-of-departing-user")
def seats_of_departing_user(sender: type, instance: Any, **kwargs: Any) -> None:
    guest = Account.objects.filter(user=instance, is_guest=True).exists()
    former = Seat.FormerPlayer.GUEST if guest else Seat.FormerPlayer.DELETED
    seats = Seat.objects.filter(user=instance)
    seats.update(former_player=former)
    # The bot plays their seats in matches still going; a turn that is theirs now is due now,
    # so the deadline sweep plays it instead of the table waiting out a long turn time.
    playing = seats.filter(match__status__in=Match.ACTIVE)
    playing.update(autopilot=True)
    for match_id, number in playing.values_list("match_id", "number"):
        TurnClock.objects.filter(match_id=match_id, match__turn=number).update(
            deadline=timezone.now())
    # A seat held for them in a match not yet started is open to anyone again.
    Seat.objects.filter(reserved_for=instance, kind=Seat.Kind.RESERVED).update(
        kind=Seat.Kind.OPEN, reserved_for=None, invited_by=None)
