"""Redis caches: one connection pool per process, and one that shrugs off a Redis that does
not answer.

Django makes a cache object per thread of execution, and under ASGI every request runs on a
thread of its own (``ThreadSensitiveContext``), so Django's ``RedisCache`` built a new client,
a new connection pool and a new TCP connection for every request that touched a cache: the
rate limiter on every move. ``SharedRedisCache`` keeps one client per location and options
for the whole process (redis-py's pools are thread-safe, and reset themselves after a fork).

``ForgivingRedisCache`` is used for counters that must never turn an outage into an error
page (request rate limits): a read that fails is a miss, and a write that fails is dropped,
so with Redis down every limit simply lets requests through until it is back.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

_CLIENTS: dict[tuple, RedisCacheClient] = {}
_CLIENTS_LOCK = threading.Lock()


class SharedRedisCache(RedisCache):
    @cached_property
    def _cache(self) -> RedisCacheClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _CLIENTS_LOCK:
            client = _CLIENTS.get(key)
            if client is None:
                client = _CLIENTS[key] = self._class(self._servers, **self._options)
        return client


class ForgivingRedisCache(SharedRedisCache):
    def _quietly(self, name: str, default: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return getattr(super(), name)(*args, **kwargs)
        except (RedisError, OSError) as error:
            log.warning("cache %s failed, carrying on without it: %s", name, error)
            return default

    def add(self, *args: Any, **kwargs: Any) -> bool:
        return self._quietly("add", False, *args, **kwargs)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._quietly("get", default, key, default, version)

    def set(self, *args: Any, **kwargs: Any) -> None:
        self._quietly("set", None, *args, **kwargs)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int | None:
        try:
            return super().incr(key, delta, version)
        except ValueError:  # the key expired between add and incr: count from here
            return None
        except (RedisError, OSError) as error:
            log.warning("cache incr failed, carrying on without it: %s", error)
            return None
