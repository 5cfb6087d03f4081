"""Delivery of views to players' sockets through the channel layer."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer

from callbreak_site import embedded

logger = logging.getLogger(__name__)
PUBLISH_TIMEOUT_SECONDS = 5
_loop_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None


def user_group(user_id: int) -> str:
    """The channel-layer group every socket of one user joins."""
    return f"user.{user_id}"


def publish_views(views: dict[int, dict[str, Any]]) -> None:
    """Send each user their own view of a match (never anyone else's)."""
    for user_id, view in views.items():
        _group_send(user_group(user_id), {"type": "match.view", "match": view})


def _group_send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    loop = embedded.server_loop()
    if not (isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running()):
        loop = _publisher_loop()
    if _running_loop() is loop:
        loop.create_task(layer.group_send(group, message))
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    try:
        future.result(timeout=PUBLISH_TIMEOUT_SECONDS)
    except Exception:  # a lost live update is recovered by the client's refetch on seq gaps
        logger.warning("live update to %s could not be sent", group, exc_info=True)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _publisher_loop() -> asyncio.AbstractEventLoop:
    """One long-lived event loop per process for publishing from synchronous code, so the
    channel layer keeps its connections instead of opening new ones for every message."""
    global _loop, _loop_pid
    with _loop_lock:
        if _loop is None or _loop_pid != os.getpid():  # a forked worker needs its own
            _loop, _loop_pid = asyncio.new_event_loop(), os.getpid()
            threading.Thread(target=_loop.run_forever, name="channel-publisher",
                             daemon=True).start()
        return _loop
