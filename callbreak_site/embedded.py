"""The embedded default: a Celery worker and beat running inside the server process.

With no ``REDIS_URL`` there is no broker server, so the worker consumes Celery's in-memory
transport from threads of the ASGI server itself. Bot turns and turn deadlines then work on a
single machine with nothing else installed. Production runs separate worker processes instead.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from celery.beat import Service

logger = logging.getLogger(__name__)

_started = threading.Event()
_server_loop: asyncio.AbstractEventLoop | None = None


def start_in_process_worker() -> None:
    """Start one solo worker thread and one beat thread (idempotent)."""
    if _started.is_set():
        return
    _started.set()
    from callbreak_site.celery import app

    worker = app.WorkController(
        concurrency=1,
        pool="solo",
        hostname="embedded@localhost",
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
        loglevel="INFO",
    )
    threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
    beat = Service(app, scheduler_cls="celery.beat:Scheduler")
    threading.Thread(target=beat.start, name="celery-beat", daemon=True).start()
    logger.info("Embedded Celery worker and beat started in-process")


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Record the server's event loop so worker threads can hand it channel-layer messages."""
    global _server_loop
    _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's event loop, when this process is serving requests."""
    return _server_loop
