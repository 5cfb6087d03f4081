"""Kombu's Redis transport, with one Redis client per channel for publishing.

The stock channel builds a new ``redis.Redis`` object (a few hundred microseconds of set-up)
for every message it publishes and every acknowledgement; the client is safe to share, so each
channel keeps one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    _shared_client: Any = None

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        if client:
            yield client
            return
        if self._shared_client is None:
            self._shared_client = self._create_client()
        yield self._shared_client


class Transport(redis.Transport):
    Channel = Channel
