"""Celery tasks of the accounts app, each a line calling its service."""

from celery import shared_task

from .services import guests


@shared_task(acks_late=True, expires=3600)
def guests_remove_unused() -> int:
    return guests.guests_remove_unused()
