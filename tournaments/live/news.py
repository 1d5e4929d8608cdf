"""A tournament table's game finishing tells the event's pages, at most about once a second.

Every game an event table finishes changes its live score, so each one is news for the event
page and the screen. A club night's fifty tables can finish games within the same second;
rather than one ``event.changed`` each, the first goes out at once and the rest of that
second are folded into one more at its end (per event, per process). The sockets fold what
still arrives into one render per tick (``rendering``), so nobody sees a storm.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import connections

from ..models import TableAssignment
from ..services import notify


class Coalescer:
    """Call ``send(key)`` at once, then at most once per ``interval`` per key: calls in
    between are folded into one at the end of the interval (none is lost)."""

    def __init__(self, send: Callable[[int], None], interval: float) -> None:
        self.send, self.interval = send, interval
        self.last: dict[int, float] = {}
        self.waiting: dict[int, threading.Timer] = {}
        self.lock = threading.Lock()

    def __call__(self, key: int) -> None:
        with self.lock:
            if key in self.waiting:
                return
            now = time.monotonic()
            wait = self.last.get(key, -self.interval) + self.interval - now
            if wait > 0:
                timer = self.waiting[key] = threading.Timer(wait, self._fire, (key,))
                timer.daemon = True
                timer.start()
                return
            self.last[key] = now
        self.send(key)

    def forget(self) -> None:
        """Drop what is waiting and what was sent (the tests: news of one test's event must
        not fire into the next test, whose database it may not touch)."""
        with self.lock:
            for timer in self.waiting.values():
                timer.cancel()
            self.waiting.clear()
            self.last.clear()

    def _fire(self, key: int) -> None:
        with self.lock:
            self.waiting.pop(key, None)
            self.last[key] = time.monotonic()
        try:
            self.send(key)
        finally:  # the timer's thread took a database connection (on_commit asks for one):
            connections.close_all()  # hand it back, or every timer keeps one of the pool's


def event_of_match(match_id: int) -> int | None:
    """The event whose table plays this set, if any."""
    return (
        TableAssignment.objects.filter(match_id=match_id)
        .values_list("round__tournament_id", flat=True)
        .first()
    )


_coalesce = Coalescer(notify.event_changed, float(getattr(settings, "EVENT_NEWS_SECONDS", 1.0)))


def table_news(match_id: int) -> None:
    """A game of this set finished (or the set did): its event's pages re-render soon."""
    event_id = event_of_match(match_id)
    if event_id is not None:
        _coalesce(event_id)


def forget() -> None:
    """Drop the news folded for later (see ``Coalescer.forget``)."""
    _coalesce.forget()
