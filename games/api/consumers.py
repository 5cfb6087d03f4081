"""The player's websocket: one per signed-in user, carrying that user's own match views."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer


def user_group(user_id: int) -> str:
    """The channel-layer group every socket of one user joins."""
    return f"user.{user_id}"


class PlayerConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user_id = user.id
        await self.channel_layer.group_add(user_group(user.id), self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "username": user.username})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "user_id"):
            await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)
