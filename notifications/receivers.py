"""What the notifications app does when the games app announces something (after its commit):
queue the push that tells the player."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import (
    invitation_declined,
    invitations_sent,
    match_finished,
    person_to_play,
    turn_warning_due,
)
from matchmaking.signals import seek_waiting_long, seeks_matched
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


@receiver(invitations_sent, dispatch_uid="notifications-invited")
def tell_of_invitations(*, match_id: int, user_ids: list[int], **_: Any) -> None:
    tasks.notify_invited.delay(match_id, user_ids)


@receiver(invitation_declined, dispatch_uid="notifications-declined")
def tell_of_decline(*, match_id: int, inviter_id: int, invitee_id: int, **_: Any) -> None:
    tasks.notify_declined.delay(match_id, inviter_id, invitee_id)


@receiver(seeks_matched, dispatch_uid="notifications-seeks-matched")
def tell_of_seeks_matched(*, match_id: int, user_ids: list[int], **_: Any) -> None:
    tasks.notify_seek_matched.delay(match_id, user_ids)


@receiver(seek_waiting_long, dispatch_uid="notifications-seek-waiting")
def ask_about_bots(*, seek_id: int, user_id: int, **_: Any) -> None:
    tasks.notify_seek_waiting.delay(seek_id, user_id)
