"""What the notifications app does when the games app announces something (after its commit):
queue the push that tells the player."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import match_finished, person_to_play, turn_warning_due
from notifications import tasks


@receiver(person_to_play, dispatch_uid="notifications-turn")
def tell_of_turn(*, match_id: int, seq: int, user_id: int, **_: Any) -> None:
    tasks.notify_turn.delay(match_id, seq, user_id)


@receiver(turn_warning_due, dispatch_uid="notifications-deadline")
def tell_of_deadline(*, match_id: int, seq: int, **_: Any) -> None:
    tasks.notify_deadline.delay(match_id, seq)


@receiver(match_finished, dispatch_uid="notifications-finished")
def tell_of_end(*, match_id: int, **_: Any) -> None:
    tasks.notify_finished.delay(match_id)
