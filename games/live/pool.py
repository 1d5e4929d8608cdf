"""A socket's synchronous work (reads, renders) on a pool thread that minds its own connection.

Channels' own connection clean-up runs only on the one shared sync thread, a queue behind every
view; so sockets of tables, events and analyses run their reads on the pool instead, side by
side, and each call drops a broken or too old connection before and after. With pooled
connections that hands the connection back at once, so no idle thread keeps one checked out
(such a connection outlived the pool's close and kept a test database from being dropped), and
a database restart is forgotten at the next call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.db import close_old_connections


def fresh(function: Callable) -> Callable:
    """``function`` wrapped to drop a broken or old connection before and after it runs."""

    def call(*args: Any) -> Any:
        close_old_connections()
        try:
            return function(*args)
        finally:
            close_old_connections()

    return call


def in_pool(function: Callable, *args: Any):
    """Await ``function(*args)`` run on a pool thread (not the shared sync thread)."""
    return sync_to_async(fresh(function), thread_sensitive=False)(*args)
