"""A socket's synchronous work (reads, renders) on a pool thread that minds its own connection.

Channels' own connection clean-up runs only on the one shared sync thread, a queue behind every
view; so sockets of tables, events and analyses run their reads on the pool instead, side by
side, and each call drops a broken or too old connection before and after. With pooled
connections that hands the connection back at once, so no idle thread keeps one checked out
(such a connection outlived the pool's close and kept a test database from being dropped), and
a database restart is forgotten at the next call.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
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


class Flights:
    """One run of ``function(*args)`` per key in this process, however many sockets ask for
    it at once: the first asker runs it on a pool thread and the others await its result in
    the event loop, instead of each taking a pool thread only to wait there for the same
    render (every watcher of a table or an event hears of a change at the same moment).

    With ``keep`` the last ``keep`` results stay (an event's render at one tick is asked for
    by sockets that hear of it a little apart); without, a key is forgotten once its run is
    done (a table's render key names its version, so a later asker is served from the table's
    own cache). A run that fails is forgotten, and every asker gets its error.
    """

    def __init__(self, keep: int = 0) -> None:
        self.keep = keep
        self.runs: OrderedDict[Hashable, tuple[asyncio.AbstractEventLoop, asyncio.Future]] = (
            OrderedDict()
        )

    async def run(self, key: Hashable, function: Callable, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        held = self.runs.get(key)
        if held is not None and held[0] is loop:  # tests give each test a loop of its own
            self.runs.move_to_end(key)
            return await asyncio.shield(held[1])
        future = asyncio.ensure_future(in_pool(function, *args))
        self.runs[key] = (loop, future)
        if self.keep:
            while len(self.runs) > self.keep:
                self.runs.popitem(last=False)
        else:
            future.add_done_callback(lambda _done: self._forget(key, future))
        try:
            return await asyncio.shield(future)
        except Exception:
            self._forget(key, future)
            raise

    def _forget(self, key: Hashable, future: asyncio.Future) -> None:
        held = self.runs.get(key)
        if held is not None and held[1] is future:
            del self.runs[key]

    def clear(self) -> None:
        self.runs.clear()
