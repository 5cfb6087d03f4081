"""Django's Redis cache with one client, and so one connection pool, per process.

Django makes a cache object per request context under ASGI; with the stock backend each of
those builds its own connection pool, so every request opened a new Redis connection. Here
every cache object of the process shares the client made for its settings."""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[tuple[Any, ...], RedisCacheClient] = {}
_clients_lock = threading.Lock()


class SharedRedisCache(RedisCache):
    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            return _clients.setdefault(key, self._class(self._servers, **self._options))
