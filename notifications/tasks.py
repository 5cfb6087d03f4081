"""Celery tasks of the notifications app, each a line over the service it is named after.
Queued by ``notifications.receivers`` when the games app announces a turn, a deadline or an
end; each checks that what it tells of is still so."""

from celery import shared_task

from notifications.services import matches


@shared_task(acks_late=True)
def notify_turn(match_id: int, seq: int, user_id: int) -> bool:
    return matches.notify_turn(match_id=match_id, seq=seq, user_id=user_id)


@shared_task(acks_late=True)
def notify_deadline(match_id: int, seq: int) -> bool:
    return matches.notify_deadline(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def notify_finished(match_id: int) -> int:
    return matches.notify_finished(match_id=match_id)
