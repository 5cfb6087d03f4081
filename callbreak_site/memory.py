"""The garbage collector in the long-running processes (web, Celery worker).

Django, DRF, Channels, Celery and everything they import leave some 130,000 objects (a web
process; a worker about 145,000) that live as long as the process. Python's full collection
walks all of them: under load a web process spent 100–200 ms in one every 10–20 s, and every
request in flight waited for it (they were most of the slowest 1 % of moves). Frozen once the
process has started, those objects are left out of every collection, and a full collection
walks only what the process has made since.
"""

from __future__ import annotations

import gc
import logging

logger = logging.getLogger(__name__)
_frozen = False


def freeze_startup_objects() -> None:
    """Collect what start-up left behind, then keep every object alive now out of all later
    collections (once per process)."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()
    logger.info("%d objects of start-up left out of garbage collection", gc.get_freeze_count())
