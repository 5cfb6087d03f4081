"""Celery tasks of the notifications app, each a line over the service it is named after.
Queued by ``notifications.receivers`` when the games app announces a turn, a deadline or an
end; each checks that what it tells of is still so."""

from celery import shared_task

from notifications.services import invitations, matches, seeks


@shared_task(acks_late=True)
def notify_turn(match_id: int, seq: int, user_id: int) -> bool:
    return matches.notify_turn(match_id=match_id, seq=seq, user_id=user_id)


@shared_task(acks_late=True)
def notify_deadline(match_id: int, seq: int) -> bool:
    return matches.notify_deadline(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def notify_finished(match_id: int) -> int:
    return matches.notify_finished(match_id=match_id)


@shared_task(acks_late=True)
def notify_invited(match_id: int, user_ids: list[int]) -> int:
    return invitations.notify_invited(match_id=match_id, user_ids=user_ids)


@shared_task(acks_late=True)
def notify_declined(match_id: int, inviter_id: int, invitee_id: int) -> int:
    return invitations.notify_declined(match_id=match_id, inviter_id=inviter_id,
                                       invitee_id=invitee_id)


@shared_task(acks_late=True)
def notify_seek_matched(match_id: int, user_ids: list[int]) -> int:
    return seeks.notify_seek_matched(match_id=match_id, user_ids=user_ids)


@shared_task(acks_late=True)
def notify_seek_waiting(seek_id: int, user_id: int) -> int:
    return seeks.notify_seek_waiting(seek_id=seek_id, user_id=user_id)
