"""The Celery application: bot turns, turn deadlines and notifications run here. Its settings
are the ``CELERY_`` names of Django's settings."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")

app = Celery("callbreak")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
