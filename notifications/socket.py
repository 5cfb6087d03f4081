"""The player's websocket: a signed-in user's sockets (a few at once: tabs and devices), each
carrying that user's own match views and news.

Server → client: ``hello``, ``match.view`` (the user's own view after every committed change),
``match.reaction`` (a reaction at one of the user's tables), ``invitation`` and
``invitation.declined``, ``friends``, ``seek.matched``, ``watching`` and ``pong`` (with the
watched match's latest ``seq``), ``error``. Client → server: ``watch`` / ``unwatch`` a match
(presence: no push while watching), ``react`` (send a reaction), ``ping`` (heartbeat). The
schema and the close codes are in ``docs/WEBSOCKET.md``.

A socket is a long-lived door into the server, so each one is bounded: frames are small text
holding shallow JSON, a connection may send only so fast, and a user may hold only so many.
A socket that breaks a bound is closed with its code and one log line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from core.errors import DomainError
from core.paths import is_id
from core.realtime import credentials_key, user_group
from games.models import Match, Seat
from games.services.reactions import reaction_send
from notifications.socket_auth import credential_holds
from notifications.socket_slots import socket_slot_release, socket_slot_renew, socket_slot_take
from social.presence import presence_connect, presence_leave, presence_watch

logger = logging.getLogger(__name__)

# The largest client message is a few dozen bytes; 4 KB leaves room and bounds the work.
MAX_FRAME_BYTES = 4096
# Client messages are flat objects; nesting deeper than this is never a real message.
MAX_JSON_DEPTH = 4


class CloseCode:
    """Why the server closed a socket (also in docs/WEBSOCKET.md)."""

    BINARY_FRAME = 1003
    BAD_NESTING = 1007
    FRAME_TOO_BIG = 1009
    NOT_SIGNED_IN = 4401
    SIGNED_OUT = 4403
    TOO_MANY_SOCKETS = 4409
    TOO_FAST = 4429


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text``, counted without parsing it (a parser
    would recurse once per level before any limit could be applied)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class MessageBudget:
    """A token bucket: ``burst`` messages at once, refilled at ``per_minute``."""

    def __init__(self, *, burst: int, per_minute: int) -> None:
        self.capacity = float(burst)
        self.tokens = float(burst)
        self.rate = per_minute / 60
        self.checked = time.monotonic()

    def spend(self) -> bool:
        """Take one message from the budget; False when none is left."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.checked) * self.rate)
        self.checked = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@database_sync_to_async
def _is_seated(user_id: int, match_id: int) -> bool:
    return Seat.objects.filter(match_id=match_id, user_id=user_id, kind=Seat.Kind.HUMAN).exists()


@database_sync_to_async
def _react(user: Any, match_id: Any, reaction: Any) -> dict[str, Any] | None:
    """Send a reaction as the API does; the refusal as an ``error`` message, or None."""
    if not is_id(match_id) or not isinstance(reaction, str):
        return {"type": "error", "code": "bad_message",
                "detail": _("A reaction names its match (a number) and its reaction.")}
    try:
        reaction_send(match_id=match_id, user=user, reaction=reaction)
    except DomainError as refused:
        return {"type": "error", "code": refused.code, "detail": refused.detail}
    return None


@database_sync_to_async
def _seq_of(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("seq", flat=True).first()


class PlayerConsumer(AsyncJsonWebsocketConsumer):
    watching: int | None = None
    slot: str | None = None
    closing: bool = False

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CloseCode.NOT_SIGNED_IN)
            return
        self.user_id = user.id
        # The credential this socket stands on: its token, else its browser session.
        self.token = self.scope.get("auth_token")
        session = self.scope.get("session")
        self.session_key = None if self.token or session is None else session.session_key
        self.credentials_seen = await cache.aget(credentials_key(user.id))
        self.budget = MessageBudget(burst=settings.WEBSOCKET_MESSAGE_BURST,
                                    per_minute=settings.WEBSOCKET_MESSAGES_PER_MINUTE)
        self.slot = await socket_slot_take(user_id=user.id, holder=self.channel_name)
        await self.accept()
        if self.slot is None:
            # Accepted first so that the client sees the code and can tell it from a failure.
            await self.refuse(CloseCode.TOO_MANY_SOCKETS, "too many open sockets")
            return
        self.renewer = asyncio.create_task(self._renew_slot())
        await self.channel_layer.group_add(user_group(user.id), self.channel_name)
        await presence_connect(user_id=user.id)
        await self.send_json({"type": "hello", "username": user.username})

    async def disconnect(self, code: int) -> None:
        if self.slot is None:
            return
        self.renewer.cancel()
        await socket_slot_release(key=self.slot, holder=self.channel_name)
        await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)
        await presence_leave(user_id=self.user_id, match_id=self.watching, disconnect=True)

    async def refuse(self, code: int, reason: str) -> None:
        """Close the socket for breaking a bound, with one log line."""
        self.closing = True
        logger.warning("Closed the websocket of user %s: %s (code %s).",
                       self.user_id, reason, code)
        await self.close(code=code)

    async def credentials_changed(self, event: dict[str, Any]) -> None:
        """A credential of this user ended: close if it was this socket's."""
        await self.credential_check(force=True)

    async def credential_check(self, *, force: bool = False) -> bool:
        """True while this socket's credential holds; else the socket closes (4403). Checked
        in the database when told of a change, or when the user's count of changes moved."""
        if self.closing:
            return False
        seen = await cache.aget(credentials_key(self.user_id))
        if not force and seen == self.credentials_seen:
            return True
        self.credentials_seen = seen
        if await credential_holds(user_id=self.user_id, token=self.token,
                                  session_key=self.session_key):
            return True
        await self.refuse(CloseCode.SIGNED_OUT, "signed out")
        return False

    async def _renew_slot(self) -> None:
        while True:
            await asyncio.sleep(settings.PRESENCE_TTL_SECONDS / 3)
            with contextlib.suppress(Exception):  # a cache hiccup is retried at the next turn
                await socket_slot_renew(key=self.slot, holder=self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        if not await self.credential_check():
            return
        if not self.budget.spend():
            await self.refuse(CloseCode.TOO_FAST, "sending too fast")
        elif text_data is None:
            await self.refuse(CloseCode.BINARY_FRAME, "binary frame")
        elif len(text_data.encode()) > MAX_FRAME_BYTES:
            await self.refuse(CloseCode.FRAME_TOO_BIG, "frame over 4 KB")
        elif json_depth(text_data) > MAX_JSON_DEPTH:
            await self.refuse(CloseCode.BAD_NESTING, "JSON nested too deeply")
        else:
            try:
                content = json.loads(text_data)
            except ValueError:
                content = None  # answered like any other unknown message, the socket stays open
            await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            await presence_connect(user_id=self.user_id)
            pong: dict[str, Any] = {"type": "pong"}
            watching = self.watching
            if watching is not None:
                await presence_watch(user_id=self.user_id, match_id=watching)
                # Views are sent at most once: one missed (a server's Redis link dropped for
                # a moment) is noticed by the client at the next heartbeat from the latest seq.
                seq = await _seq_of(watching)
                if seq is not None:
                    pong.update(match=watching, seq=seq)
            await self.send_json(pong)
        elif kind == "watch":
            match_id = content.get("match")
            if not is_id(match_id) or not await _is_seated(self.user_id, match_id):
                await self.send_json({"type": "error", "code": "not_found",
                                      "detail": "No such match."})
                return
            if self.watching not in (None, match_id):
                await presence_leave(user_id=self.user_id, match_id=self.watching,
                                     disconnect=False)
            self.watching = match_id
            await presence_watch(user_id=self.user_id, match_id=match_id)
            # The views of changes committed before this socket joined its group never come:
            # the latest seq lets the client see at once whether its view is behind.
            seq = await _seq_of(match_id)
            if seq is not None:
                await self.send_json({"type": "watching", "match": match_id, "seq": seq})
        elif kind == "react":
            refused = await _react(self.scope["user"], content.get("match"),
                                   content.get("reaction"))
            if refused is not None:
                await self.send_json(refused)
        elif kind == "unwatch":
            await presence_leave(user_id=self.user_id, match_id=self.watching, disconnect=False)
            self.watching = None
        else:
            await self.send_json({"type": "error", "code": "bad_message",
                                  "detail": "Unknown message type."})

    async def match_views(self, event: dict[str, Any]) -> None:
        """The user's ``match.view`` frames after each step of one change, oldest first,
        encoded by the publisher."""
        for frame in event["frames"]:
            await self.send(text_data=frame)
