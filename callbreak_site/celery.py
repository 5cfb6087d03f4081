"""The Celery application: bot turns, turn deadlines and notifications run here."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")

app = Celery("callbreak")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
