"""The Redis cache keeps one client per process, whichever request context asks for it."""

from __future__ import annotations

from django.core.cache import caches

from tests.conftest import needs_services

pytestmark = needs_services


def test_every_cache_object_of_the_process_shares_one_redis_client():
    first = caches.create_connection("default")
    second = caches.create_connection("default")
    assert first is not second
    assert first._cache is second._cache  # so one connection pool, not one per request
    first.set("shared-client-check", 41)
    assert second.get("shared-client-check") == 41


def test_every_cache_call_uses_the_same_redis_object():
    cache = caches.create_connection("default")
    assert cache._cache.get_client(write=True) is cache._cache.get_client(write=True)
    assert cache._cache.get_client() is cache._cache.get_client()
