"""Django's Redis cache with one Redis client per process.

Django makes a cache object per request context under ASGI; with the stock backend each of
those builds its own connection pool, so every request opened a new Redis connection. And
the stock client builds a new ``redis.Redis`` object (a few hundred microseconds of set-up)
for every cache call. Here every cache object of the process shares one client for its
settings, and that client hands out the same ``redis.Redis`` object per connection pool:
both are safe to share between threads."""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

_clients: dict[tuple[Any, ...], RedisCacheClient] = {}
_clients_lock = threading.Lock()


class _OneRedisPerPool(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._redis: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._redis.get(id(pool))
        if client is None:
            client = self._redis.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class SharedRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _OneRedisPerPool

    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            return _clients.setdefault(key, self._class(self._servers, **self._options))
