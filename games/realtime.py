"""Delivery of views to players' sockets through the channel layer.

With Redis Pub/Sub (any server with Redis) the views of a change are published straight from
the thread that committed it: one pipelined ``PUBLISH`` per change, in the layer's own message
format, with no hand-over to an event loop. Other layers (the in-memory one of the embedded
run) are sent to on an event loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import weakref
from functools import cache
from typing import Any

import orjson
import redis
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from callbreak_site import embedded

logger = logging.getLogger(__name__)
PUBLISH_TIMEOUT_SECONDS = 5
_loop_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None
_send_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary())


def user_group(user_id: int) -> str:
    """The channel-layer group every socket of one user joins."""
    return f"user.{user_id}"


def view_frame(view: dict[str, Any]) -> str:
    """The ``match.view`` socket frame carrying ``view``, as text."""
    return orjson.dumps({"type": "match.view", "match": view},
                        option=orjson.OPT_NON_STR_KEYS).decode()


def publish_views(steps: list[dict[int, dict[str, Any]]]) -> None:
    """Send each user their own view after each step of a change, in order (never anyone
    else's view): one channel-layer message per user carrying one ready ``match.view`` frame
    per step, which their sockets send on as they are (each view is encoded once, by the
    process that committed it, not on the event loop of the server holding the socket).
    Called right after the commit and before the change's tasks are queued, it returns once
    the views are sent: the move that follows a change (a bot's, or a player's who saw it) is
    published after it, so a socket sees the views in the order of ``seq`` (and a client that
    sees a gap refetches)."""
    by_user: dict[int, list[str]] = {}
    for views in steps:
        for user_id, view in views.items():
            by_user.setdefault(user_id, []).append(view_frame(view))
    messages = [(user_group(user_id), {"type": "match.views", "frames": frames})
                for user_id, frames in by_user.items()]
    if not messages:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    publisher = _publisher_for(layer)
    if publisher is not None and _running_loop() is None:
        _publish_now(layer, publisher, messages)
        return
    loop = embedded.server_loop()
    if not (isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running()):
        loop = _publisher_loop()
    sending = _send_in_order(layer, messages)
    if _running_loop() is loop:
        loop.create_task(sending)
        return
    # Wait until sent: whatever the caller does next (queueing the bots' turn, answering the
    # player) happens after the sockets have this change, so views arrive in seq order.
    try:
        asyncio.run_coroutine_threadsafe(sending, loop).result(PUBLISH_TIMEOUT_SECONDS + 1)
    except TimeoutError:  # still queued behind earlier changes; it goes out when they have
        logger.warning("live update to %s is late", messages[0][0])


def _publisher_for(layer: Any) -> redis.Redis | None:
    """A synchronous client of the layer's Redis when it is the Pub/Sub layer on one server
    given by URL (as the settings configure it); None otherwise."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    hosts = _layer_config().get("hosts") or []
    if len(hosts) != 1 or not isinstance(hosts[0], str):
        return None
    return _redis_at(hosts[0])


@cache
def _redis_at(url: str) -> redis.Redis:
    """One client per Redis URL and process (it is safe to share between threads)."""
    return redis.Redis.from_url(url, socket_timeout=PUBLISH_TIMEOUT_SECONDS,
                                socket_connect_timeout=PUBLISH_TIMEOUT_SECONDS)


def _publish_now(layer: Any, publisher: redis.Redis,
                 messages: list[tuple[str, dict[str, Any]]]) -> None:
    # The name Redis Pub/Sub carries a group's messages on, as the layer's group_send uses it
    # (the socket tests fail should it ever change).
    prefix = _layer_config().get("prefix", "asgi")
    try:
        with publisher.pipeline(transaction=False) as pipe:
            for group, message in messages:
                pipe.publish(f"{prefix}__group__{group}", layer.serialize(message))
            pipe.execute()
    except redis.RedisError:  # a lost live update is recovered by the client's refetch
        logger.warning("live update to %s could not be sent", messages[0][0], exc_info=True)


def _layer_config() -> dict[str, Any]:
    return settings.CHANNEL_LAYERS[DEFAULT_CHANNEL_LAYER].get("CONFIG", {})


async def _send_in_order(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    # Tasks start in the order they were handed over and the lock is fair, so the changes
    # go out in the order they were committed in this process.
    lock = _send_locks.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock:
        try:
            async with asyncio.timeout(PUBLISH_TIMEOUT_SECONDS):
                for group, message in messages:
                    await layer.group_send(group, message)
        except Exception:  # a lost live update is recovered by the client's refetch on seq gaps
            logger.warning("live update to %s could not be sent", messages[0][0],
                           exc_info=True)


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
