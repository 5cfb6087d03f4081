"""Celery tasks: each is a line that calls a service. Idempotent (``seq`` guards every
action), so late acknowledgement and redelivery are safe."""

from celery import shared_task

from games.services import analysis, deadlines, moves, notify


@shared_task(acks_late=True)
def play_bot_turn(match_id: int, seq: int) -> bool:
    return moves.bot_turn_play(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def enforce_deadline(match_id: int, seq: int) -> bool:
    return moves.turn_timeout(match_id=match_id, seq=seq)


@shared_task(acks_late=True, expires=30)
def sweep_deadlines() -> int:
    return deadlines.deadlines_sweep()


@shared_task(acks_late=True)
def notify_turn(match_id: int, seq: int) -> bool:
    return notify.notify_turn(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def notify_deadline(match_id: int, seq: int) -> bool:
    return notify.notify_deadline(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def notify_finished(match_id: int) -> int:
    return notify.notify_finished(match_id=match_id)


@shared_task(acks_late=True)
def analyse_match(match_id: int, seat: int) -> bool:
    return analysis.analysis_run(match_id=match_id, seat=seat)
