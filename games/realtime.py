"""Delivery of views to players' sockets through the channel layer."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from callbreak_site import embedded

logger = logging.getLogger(__name__)


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
    if isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running() \
            and threading.current_thread() is not threading.main_thread():
        # The in-memory layer lives on the server's loop: hand the message to that loop.
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a lost live update is recovered by the client's refetch on seq gaps
        logger.warning("live update to %s could not be sent", group, exc_info=True)
