"""Who has a socket open, and on which match: kept in the cache with a short lifetime that
each socket's heartbeat renews, so a vanished phone drops out by itself."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache


def _online_key(user_id: int) -> str:
    return f"presence:online:{user_id}"


def _watch_key(match_id: int, user_id: int) -> str:
    return f"presence:watch:{match_id}:{user_id}"


async def presence_connect(*, user_id: int) -> None:
    await cache.aset(_online_key(user_id), 1, settings.PRESENCE_TTL_SECONDS)


async def presence_watch(*, user_id: int, match_id: int) -> None:
    await cache.aset(_watch_key(match_id, user_id), 1, settings.PRESENCE_TTL_SECONDS)
    await presence_connect(user_id=user_id)


async def presence_leave(*, user_id: int, match_id: int | None, disconnect: bool) -> None:
    if match_id is not None:
        await cache.adelete(_watch_key(match_id, user_id))
    if disconnect:
        await cache.adelete(_online_key(user_id))


def is_watching(*, user_id: int, match_id: int) -> bool:
    """True while the user has this match open in a connected app."""
    return cache.get(_watch_key(match_id, user_id)) is not None


@dataclass(frozen=True)
class Presence:
    """Who among some players is online, and who has one match open."""

    online: set[int] = field(default_factory=set)
    watching: set[int] = field(default_factory=set)


def presence_of(user_ids: list[int], match_id: int | None = None) -> Presence:
    """The presence of ``user_ids`` in one cache look-up; ``watching`` only for a match."""
    if not user_ids:
        return Presence()
    keys = {_online_key(u): u for u in user_ids}
    watch_keys = {_watch_key(match_id, u): u for u in user_ids} if match_id is not None else {}
    found = cache.get_many([*keys, *watch_keys])
    return Presence(online={u for k, u in keys.items() if k in found},
                    watching={u for k, u in watch_keys.items() if k in found})


def online_users(user_ids: list[int]) -> set[int]:
    """The users among ``user_ids`` with a socket open right now."""
    return presence_of(user_ids).online


# --- Open sockets per user -------------------------------------------------------------------
# Each open socket holds one of a user's WEBSOCKET_MAX_PER_USER numbered slots in the cache
# (an atomic add claims one). The slot lives PRESENCE_TTL_SECONDS and the socket's server
# renews it well before then, so a server that crashed frees its slots by itself.


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
