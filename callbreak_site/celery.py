"""The Celery application: bot turns, turn deadlines and notifications run here."""

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")

app = Celery("callbreak")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def _freeze_startup_objects(**_: object) -> None:
    from callbreak_site.memory import freeze_startup_objects

    freeze_startup_objects()
