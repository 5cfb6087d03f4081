"""The Celery application: bot turns, turn deadlines and notifications run here."""

import os
from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "callbreak_site.settings")


class DjangoCeleryConfig(Mapping):
    """The ``CELERY_`` names of Django's settings as a plain dict, read when Celery first
    needs its configuration.

    Celery looks up every setting it reads (several per task sent or run) under four spellings
    in each source; with Django's lazy settings object as the source, each spelling it lacks
    is a failed attribute look-up, which made that a quarter of the CPU of sending a task.
    Settings do not change while a process runs, so one copy serves it."""

    @cached_property
    def _values(self) -> dict[str, Any]:
        from django.conf import settings

        return {name: getattr(settings, name) for name in dir(settings)
                if name.startswith("CELERY_")}

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


app = Celery("callbreak")
app.config_from_object(DjangoCeleryConfig(), namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def _freeze_startup_objects(**_: object) -> None:
    from callbreak_site.memory import freeze_startup_objects

    freeze_startup_objects()
