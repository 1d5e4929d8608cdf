"""Tell the event's sockets that something changed, once the change is committed.

Two groups per event: ``event-<id>`` for its pages (the event page, the organiser's page and
the club-night screen re-render their live part) and ``event-<id>-players`` for the sockets of
its entrants on any page of the site ("your table is ready"). Messages carry no content: each
consumer reads and renders for its own viewer. As in ``games.services.notify``, a notice is
best effort: a channel layer that does not answer is logged and never fails the writer, and a
socket that reconnects gets the whole state at once.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

SEND_TIMEOUT = 2.0
log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None


def event_group(tournament_id: int) -> str:
    return f"event-{tournament_id}"


def players_group(tournament_id: int) -> str:
    return f"event-{tournament_id}-players"


def use_background_loop() -> None:
    """For a Celery worker (no event loop of its own): send through one long-lived loop, so the
    channel layer keeps its Redis connections rather than opening new ones per message."""
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
        threading.Thread(target=_loop.run_forever, name="event-notices", daemon=True).start()


def _send(group: str, message: dict) -> None:
    try:
        layer = get_channel_layer()
        if layer is None:
            return

        async def deliver() -> None:
            await asyncio.wait_for(layer.group_send(group, message), SEND_TIMEOUT)

        if _loop is not None:
            asyncio.run_coroutine_threadsafe(deliver(), _loop).result(SEND_TIMEOUT + 1)
        else:
            async_to_sync(deliver)()
    except Exception as error:  # any layer failure: the change stands, sockets catch up
        log.warning("could not notify %s: %s: %s", group, type(error).__name__, error)


def event_changed(tournament_id: int) -> None:
    """The event's pages re-render (results, rounds, standings, scores), once committed."""
    message = {"type": "event.changed", "at": time.time()}
    transaction.on_commit(lambda: _send(event_group(tournament_id), message), robust=True)


def seats_changed(tournament_id: int) -> None:
    """Every entrant's "your table" notice is looked at again (a round seated or started)."""
    message = {"type": "seats.changed", "at": time.time()}
    transaction.on_commit(lambda: _send(players_group(tournament_id), message), robust=True)
