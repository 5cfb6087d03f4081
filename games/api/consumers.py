"""The player's websocket: one per signed-in user, carrying that user's own match views.

Server → client: ``hello``, ``match.view`` (the user's own view after every committed change),
``pong`` (with the watched match's latest ``seq``), ``error``. Client → server: ``watch`` /
``unwatch`` a match (presence: no push while watching), ``ping`` (heartbeat). The schema is in
``docs/WEBSOCKET.md``.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.models import Match, Seat
from games.presence import presence_connect, presence_leave, presence_watch
from games.realtime import user_group


@database_sync_to_async
def _is_seated(user_id: int, match_id: int) -> bool:
    return Seat.objects.filter(match_id=match_id, user_id=user_id, kind=Seat.Kind.HUMAN).exists()


@database_sync_to_async
def _seq_of(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("seq", flat=True).first()


class PlayerConsumer(AsyncJsonWebsocketConsumer):
    watching: int | None = None

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user_id = user.id
        await self.channel_layer.group_add(user_group(user.id), self.channel_name)
        await self.accept()
        await presence_connect(user_id=user.id)
        await self.send_json({"type": "hello", "username": user.username})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "user_id"):
            await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)
            await presence_leave(user_id=self.user_id, match_id=self.watching, disconnect=True)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return None  # answered like any other unknown message, the socket stays open

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
            if not isinstance(match_id, int) or not await _is_seated(self.user_id, match_id):
                await self.send_json({"type": "error", "code": "not_found",
                                      "detail": "No such match."})
                return
            if self.watching not in (None, match_id):
                await presence_leave(user_id=self.user_id, match_id=self.watching,
                                     disconnect=False)
            self.watching = match_id
            await presence_watch(user_id=self.user_id, match_id=match_id)
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
