"""Turn environment variables into settings values.

Kept apart from ``settings.py`` as plain functions of a mapping so that every switch
(SQLite or PostgreSQL, embedded or external Redis, debug) is tested without reloading Django.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


class ConfigError(RuntimeError):
    """A setting in the environment cannot be understood; the message says which and why."""


def flag(env: Mapping[str, str], name: str, default: bool = False) -> bool:
    """Read a yes/no variable strictly, so a typo fails loudly instead of meaning "off"."""
    raw = env.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ConfigError(f"{name}={raw!r} is not a yes/no value (use 1/0, true/false, yes/no, on/off)")


def words(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    """A comma-separated list; empty items are dropped."""
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def var_dir(env: Mapping[str, str], base_dir: Path) -> Path:
    """Where the embedded defaults keep their files (database, secret key, Redis socket)."""
    path = Path(env.get("DOMINOES_VAR_DIR") or base_dir / "var")
    path.mkdir(parents=True, exist_ok=True)
    return path


def secret_key(env: Mapping[str, str], var: Path) -> str:
    """Use SECRET_KEY if given; otherwise generate one into var/ on first start and keep it.

    The file is created exclusively, so several processes starting at once agree on one key.
    """
    if env.get("SECRET_KEY"):
        return env["SECRET_KEY"]
    path = var / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text().strip()
        if key:
            return key
        raise ConfigError(f"{path} is empty: delete it to generate a new secret key") from None
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


def database(env: Mapping[str, str], var: Path) -> dict[str, Any]:
    """PostgreSQL (psycopg 3) from DATABASE_URL, or SQLite under var/ when it is unset."""
    url = env.get("DATABASE_URL")
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(var / "db.sqlite3"),
            # WAL: the web, worker and beat processes read while one of them writes, and a
            # commit need not wait for a disk flush (NORMAL: a power cut may lose the last
            # moments, never the file). PostgreSQL is the choice for a club's server.
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    if not url.startswith(("postgres://", "postgresql://")):
        raise ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL")
    pool = int(env.get("DB_POOL_MAX", "16"))
    if pool <= 0:  # persistent connections, for a purely synchronous deployment
        config = dj_database_url.parse(url, conn_max_age=int(env.get("DB_CONN_MAX_AGE", "60")))
        config["CONN_HEALTH_CHECKS"] = True
        return config
    # Under ASGI every request runs in a thread of its own, so a persistent connection would be
    # opened per request and left behind with its thread: a pool hands connections back instead.
    # A request waits at most DB_POOL_TIMEOUT for a connection. While PostgreSQL restarts the
    # pool has none, and the wait is the whole of the request: long enough to ride out a quick
    # restart unseen, short enough that a longer outage answers its 503 page promptly. A slot
    # that cannot reconnect is given up after 5 s (psycopg-pool's default is 5 minutes of
    # retries ever further apart: a pool down 44 s came back 16 s after the server); the next
    # request then grows the pool again with a fresh attempt.
    config = dj_database_url.parse(url, conn_max_age=0)
    timeout = seconds(env, "DB_POOL_TIMEOUT", 5.0)
    config.setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1, "max_size": pool, "timeout": timeout, "reconnect_timeout": 5.0,
    }  # fmt: skip
    return config


def redis_url(env: Mapping[str, str], var: Path) -> str:
    """The Redis the site talks to: REDIS_URL, or the embedded one on a unix socket in var/."""
    url = env.get("REDIS_URL")
    if url:
        if not url.startswith(("redis://", "rediss://", "unix://")):
            raise ConfigError("REDIS_URL must start with redis://, rediss:// or unix://")
        return url
    return f"unix://{embedded_redis_socket(var)}"


def embedded_redis_socket(var: Path) -> Path:
    """A unix socket path must stay under ~100 bytes; deep checkouts fall back to /tmp."""
    path = var / "redis.sock"
    if len(str(path)) < 100:
        return path
    digest = hashlib.sha1(str(var).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"dominoes-{digest}.sock"


def uses_embedded_redis(env: Mapping[str, str]) -> bool:
    return not env.get("REDIS_URL")


def broker_url(redis: str) -> str:
    """Celery (kombu) spells a unix socket ``redis+socket://PATH``; TCP URLs pass through."""
    if redis.startswith("unix://"):
        return "redis+socket://" + redis.removeprefix("unix://")
    return redis


def channel_layers(redis: str) -> dict[str, Any]:
    """Redis pub/sub: one PUBLISH reaches every socket of a table in every web process.

    Pub/sub delivers at most once, which is all a table needs: a socket that missed a push
    gets the full state again when it reconnects, and the next move re-renders everything.
    """
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [redis], "prefix": "dominoes"},
        }
    }


def seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a number of seconds") from None
    if value <= 0:
        raise ConfigError(f"{name} must be more than 0 seconds")
    return value


NATURAL_THINK = {"random": (0.4, 1.0), "casual": (0.6, 1.6), "expert": (0.8, 2.0)}


def think_times(env: Mapping[str, str]) -> dict[str, tuple[float, float]]:
    """Bot pauses per level: natural by default, none with BOT_THINK=0, or a fixed BOT_DELAY."""
    if "BOT_DELAY" in env:
        delay = seconds(env, "BOT_DELAY", 1.0)
        return {level: (delay, delay) for level in NATURAL_THINK}
    return dict(NATURAL_THINK) if flag(env, "BOT_THINK", default=True) else {}
