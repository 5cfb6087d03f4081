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
