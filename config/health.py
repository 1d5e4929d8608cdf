"""Checks behind /healthz: can we reach the database, the channel layer and the broker?

Each check returns a small dict and never raises, so one dead service cannot hide the others.
A failure is logged here with its exception; the answer itself says only which service fails
(``public``), because /healthz is open to anyone and exception text carries file paths, socket
paths and host names. Staff (and, in the default profile, the machine itself) see the details.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from redis.backoff import NoBackoff
from redis.retry import Retry

HEARTBEAT_KEY = "dominoes:heartbeat"
TIMEOUT_S = 2.0

log = logging.getLogger(__name__)


def _timed(name: str, check: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        extra = check() or {}
    except Exception as exc:  # a health check reports every failure, whatever its type
        log.warning("health check %s failed: %s: %s", name, type(exc).__name__, exc, exc_info=exc)
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
    return {"ok": True, "ms": round((time.perf_counter() - start) * 1000, 1), **extra}


def _database() -> dict[str, Any]:
    pool = getattr(connection, "pool", None)
    if pool is not None and connection.connection is None:
        # Through the pool, but waiting only a probe's time for a connection: while PostgreSQL
        # is down the pool has none, and a request's wait (DB_POOL_TIMEOUT) is longer than a
        # load balancer gives its probe.
        pool.open()
        with pool.connection(timeout=TIMEOUT_S) as pooled:
            pooled.execute("SELECT 1").fetchone()
        return {"vendor": connection.vendor}
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"vendor": connection.vendor}


def _channel_layer() -> None:
    layer = get_channel_layer()

    async def round_trip() -> None:
        channel = await layer.new_channel("healthz.")
        await layer.send(channel, {"type": "healthz.ping"})
        message = await asyncio.wait_for(layer.receive(channel), TIMEOUT_S)
        if message.get("type") != "healthz.ping":
            raise RuntimeError("the channel layer returned another message")

    async_to_sync(round_trip)()


def broker_client() -> redis.Redis:
    """A plain Redis client for the broker URL (our broker is always Redis, embedded or not).

    It tries once: a probe must answer within its timeout, not back off and retry for seconds
    while a load balancer waits.
    """
    url = settings.CELERY_BROKER_URL
    options: dict[str, Any] = {
        "socket_timeout": TIMEOUT_S,
        "socket_connect_timeout": TIMEOUT_S,
        "retry": Retry(NoBackoff(), 0),
    }
    if url.startswith("redis+socket://"):
        return redis.Redis(unix_socket_path=url.removeprefix("redis+socket://"), **options)
    return redis.Redis.from_url(url, **options)


def _broker() -> dict[str, Any]:
    client = broker_client()
    try:
        client.ping()
        beat = client.get(HEARTBEAT_KEY)
    finally:
        client.close()
    age = round(time.time() - float(beat), 1) if beat else None
    return {"last_heartbeat_s_ago": age}


def record_heartbeat() -> None:
    client = broker_client()
    try:
        client.set(HEARTBEAT_KEY, str(time.time()), ex=3600)
    finally:
        client.close()


def report() -> dict[str, Any]:
    """Every check with its details: timings, the error text of a failure, the heartbeat's age."""
    checks = {
        "database": _timed("database", _database),
        "channel_layer": _timed("channel_layer", _channel_layer),
        "broker": _timed("broker", _broker),
    }
    return {"ok": all(c["ok"] for c in checks.values()), **checks}


def public(full: dict[str, Any]) -> dict[str, Any]:
    """What anyone may see of a report: whether each service answers, and nothing else."""
    return {
        name: value if name == "ok" else {"ok": bool(value["ok"])} for name, value in full.items()
    }
