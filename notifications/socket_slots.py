"""How many sockets a user holds open, bounded: each open socket holds one of a user's
``WEBSOCKET_MAX_PER_USER`` numbered slots in the cache (an atomic add claims one). The slot
lives ``PRESENCE_TTL_SECONDS`` and the socket's server renews it well before then, so a server
that crashed frees its slots by itself."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache


def _slot_key(user_id: int, number: int) -> str:
    return f"presence:socket:{user_id}:{number}"


async def socket_slot_take(*, user_id: int, holder: str) -> str | None:
    """Claim a free slot for the socket ``holder``; its key, or None when all are taken."""
    for number in range(settings.WEBSOCKET_MAX_PER_USER):
        key = _slot_key(user_id, number)
        if await cache.aadd(key, holder, settings.PRESENCE_TTL_SECONDS):
            return key
    return None


async def socket_slot_renew(*, key: str, holder: str) -> None:
    """Keep the slot; claim it again if it lapsed while nobody else took it."""
    if await cache.aget(key) == holder:
        await cache.atouch(key, settings.PRESENCE_TTL_SECONDS)
    else:
        await cache.aadd(key, holder, settings.PRESENCE_TTL_SECONDS)


async def socket_slot_release(*, key: str, holder: str) -> None:
    if await cache.aget(key) == holder:
        await cache.adelete(key)
