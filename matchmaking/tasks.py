"""Celery tasks of matchmaking, a line each over the service they are named after. Pairing
claims rows under ``SKIP LOCKED``, so runs may overlap and redelivery is safe."""

from celery import shared_task

from matchmaking.services import pairing


@shared_task(acks_late=True, expires=30)
def seeks_pair() -> int:
    return pairing.seeks_pair()


@shared_task(acks_late=True, expires=300)
def seeks_remind() -> int:
    return pairing.seeks_remind()
