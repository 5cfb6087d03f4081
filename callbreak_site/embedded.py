"""The embedded default: with no ``REDIS_URL`` there is no broker server, so ``make run``'s
ASGI server runs one Celery worker and beat in threads of its own, on Celery's in-memory
transport, and the channel layer lives in the server's memory. Bot turns and turn deadlines
then work on a single machine with nothing else installed. Production runs separate worker
processes instead (see the Procfile).

``settings.EMBEDDED`` is the one switch, and this module is the one place that reads it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading

from celery.beat import Service
from django.conf import settings

from callbreak_site.celery import app
from core import realtime

logger = logging.getLogger(__name__)

_started = threading.Event()


async def on_server_start() -> None:
    """At the ASGI server's start: in the embedded run, remember its event loop (the
    in-memory channel layer can only be sent to there) and, when the server was started by
    ``make run``, start the in-process worker and beat."""
    if not settings.EMBEDDED:
        return
    realtime.send_on(asyncio.get_running_loop())
    if os.environ.get("CALLBREAK_SERVE") == "1":
        # Off the event loop: the worker's start-up signals touch the database.
        await asyncio.to_thread(_start_worker_and_beat)


def _start_worker_and_beat() -> None:
    if _started.is_set():
        return
    _started.set()
    worker = app.WorkController(
        concurrency=1, pool="solo", hostname="embedded@localhost", without_heartbeat=True,
        without_mingle=True, without_gossip=True, loglevel="INFO",
    )
    threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
    beat = Service(app, scheduler_cls="celery.beat:Scheduler")
    threading.Thread(target=beat.start, name="celery-beat", daemon=True).start()
    logger.info("Embedded Celery worker and beat started in-process")
