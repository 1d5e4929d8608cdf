"""A Redis cache that shrugs off a Redis that does not answer.

Used for counters that must never turn an outage into an error page (request rate limits): a
read that fails is a miss, and a write that fails is dropped, so with Redis down every limit
simply lets requests through until it is back.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class ForgivingRedisCache(RedisCache):
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
