"""Delivery of views to players' sockets through the channel layer's ``group_send``.

Each user's sockets join one group; a change sends each seated user one message holding a
ready ``match.view`` frame per step of the change, encoded once here rather than on the event
loop of the server holding the socket. Sends from synchronous code are handed to one event
loop: the server's own in the embedded run (its in-memory layer lives there: the server
names it with ``send_on``), else a loop thread this process keeps, so the layer keeps its
Redis connections between changes.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any

import orjson
from channels.layers import get_channel_layer
from django.core.cache import cache

logger = logging.getLogger(__name__)
PUBLISH_TIMEOUT_SECONDS = 5
_loop_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_loop_pid: int | None = None
_server_loop: asyncio.AbstractEventLoop | None = None


def send_on(loop: asyncio.AbstractEventLoop) -> None:
    """Send from this process on ``loop``: the embedded server's own, where its in-memory
    channel layer lives."""
    global _server_loop
    _server_loop = loop


def user_group(user_id: int) -> str:
    """The channel-layer group every socket of one user joins."""
    return f"user.{user_id}"


def view_frame(view: dict[str, Any]) -> str:
    """The ``match.view`` socket frame carrying ``view``, as text."""
    return orjson.dumps({"type": "match.view", "match": view},
                        option=orjson.OPT_NON_STR_KEYS).decode()


def publish_views(steps: list[dict[int, dict[str, Any]]]) -> None:
    """Send each user their own view after each step of a change, in order (never anyone
    else's view). Called after the commit, it returns once the views are sent: the move that
    follows (a bot's, or a player's who saw this one) is published after it, so a socket sees
    views in ``seq`` order (and a client that sees a gap refetches)."""
    by_user: dict[int, list[str]] = {}
    for views in steps:
        for user_id, view in views.items():
            by_user.setdefault(user_id, []).append(view_frame(view))
    publish_frames(by_user)


def reaction_frame(*, match_id: int, seat: int, reaction: str, seq: int) -> str:
    """The ``match.reaction`` socket frame: who at the table reacted, and with what."""
    return orjson.dumps({"type": "match.reaction", "match": match_id, "seat": seat,
                         "reaction": reaction, "seq": seq}).decode()


def publish_frames(by_user: dict[int, list[str]]) -> None:
    """Send each user's ready frames to all their sockets, in order."""
    layer = get_channel_layer()
    if not by_user or layer is None:
        return
    messages = [(user_group(user_id), {"type": "match.views", "frames": frames})
                for user_id, frames in by_user.items()]
    future = asyncio.run_coroutine_threadsafe(_send_all(layer, messages), _sending_loop())
    try:
        future.result(PUBLISH_TIMEOUT_SECONDS)
    except Exception:  # a lost live update is recovered by the client's refetch on seq gaps
        future.cancel()
        logger.warning("live update to %s could not be sent", messages[0][0], exc_info=True)


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    for group, message in messages:
        await layer.group_send(group, message)


def _sending_loop() -> asyncio.AbstractEventLoop:
    """The server's loop in the embedded run; else one long-lived loop of this process (a
    forked worker makes its own)."""
    server = _server_loop
    if server is not None and server.is_running():
        return server
    global _loop, _loop_pid
    with _loop_lock:
        if _loop is None or _loop_pid != os.getpid():
            _loop, _loop_pid = asyncio.new_event_loop(), os.getpid()
            threading.Thread(target=_loop.run_forever, name="channel-publisher",
                             daemon=True).start()
        return _loop


def credentials_key(user_id: int) -> str:
    """The cache key counting the changes to ``user_id``'s credentials (a revoked token, an
    ended session, a new password): a socket that sees it move checks its own again."""
    return f"credentials.{user_id}"


# Long enough to outlive any socket; a key that lapsed reads as a change, which costs one check.
CREDENTIALS_KEY_TTL_SECONDS = 60 * 60 * 24 * 30


def credentials_changed(user_id: int) -> None:
    """Tell every socket of ``user_id`` that a credential of theirs ended: each checks the token
    or session it opened with and closes if that one is gone. The count in the cache is what a
    socket checks when next used, should the message itself be lost."""
    key = credentials_key(user_id)
    cache.add(key, 0, CREDENTIALS_KEY_TTL_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # the key lapsed between the two calls
        cache.set(key, 1, CREDENTIALS_KEY_TTL_SECONDS)
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "credentials.changed"}
    future = asyncio.run_coroutine_threadsafe(_send_all(layer, [(user_group(user_id), message)]),
                                              _sending_loop())
    try:
        future.result(PUBLISH_TIMEOUT_SECONDS)
    except Exception:  # the count in the cache still tells each socket when it is next used
        future.cancel()
        logger.warning("sign-out notice to user %s could not be sent", user_id, exc_info=True)
