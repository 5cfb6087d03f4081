"""Celery tasks, each named as the service it calls and a line long. Idempotent (``seq``
guards every action), so late acknowledgement and redelivery are safe. ``games.events``
sends them by name."""

import logging

from celery import shared_task

from games.services import analysis, deadlines, moves, results

logger = logging.getLogger(__name__)


@shared_task(acks_late=True)
def bot_turn_play(match_id: int, seq: int) -> bool:
    return moves.bot_turn_play(match_id=match_id, seq=seq)


@shared_task(acks_late=True)
def turn_timeout(match_id: int, seq: int) -> bool:
    return moves.turn_timeout(match_id=match_id, seq=seq)


@shared_task(acks_late=True, expires=30)
def deadlines_sweep() -> int:
    return deadlines.deadlines_sweep()


@shared_task(acks_late=True)
def match_rate(match_id: int) -> int:
    return results.match_rate(match_id=match_id)


@shared_task(acks_late=True)
def analysis_run(match_id: int, seat: int) -> bool:
    # A crash is marked, so the player is told instead of waiting for a review that never comes.
    try:
        return analysis.analysis_run(match_id=match_id, seat=seat)
    except Exception as error:
        logger.warning("analysis of match %s seat %s failed: %r", match_id, seat, error)
        analysis.analysis_failed(match_id=match_id, seat=seat)
        return False
