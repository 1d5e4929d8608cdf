"""Tell sockets that something changed: a group message, sent best effort once committed.

Every app's notices go through here (tables and the lobby in ``games.services.notify``, events
in ``tournaments.services.notify``, analyses in ``history.progress``). A message carries only
ids, versions and counts, never tiles: each consumer re-reads the state and renders it for its
own viewer, so a hand can never travel through the channel layer to the wrong seat.

A notice is best effort: the change is already committed when it is sent, so a channel layer
that does not answer (Redis down) is logged and never turns the writer's answer into an error.
Sockets that missed a notice catch up by themselves, and so does every socket that reconnects.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

SEND_TIMEOUT = 2.0
log = logging.getLogger(__name__)

_background: asyncio.AbstractEventLoop | None = None


def use_background_loop() -> None:
    """For processes with no event loop of their own (Celery workers): send through one
    long-lived loop, so the channel layer keeps its Redis connections instead of opening new
    ones for every message."""
    global _background
    if _background is None:
        _background = asyncio.new_event_loop()
        threading.Thread(target=_background.run_forever, name="channel-layer", daemon=True).start()


def send(group: str, message: dict) -> None:
    """Best effort, now (``after_commit`` is the usual way in)."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return

        async def deliver() -> None:
            await asyncio.wait_for(layer.group_send(group, message), SEND_TIMEOUT)

        if _background is not None:
            asyncio.run_coroutine_threadsafe(deliver(), _background).result(SEND_TIMEOUT + 1)
        else:
            async_to_sync(deliver)()
    except Exception as error:  # any layer failure: the change stands, sockets catch up
        log.warning("could not notify %s: %s: %s", group, type(error).__name__, error)


def after_commit(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` once the current transaction commits (now, outside one)."""
    transaction.on_commit(lambda: send(group, message), robust=True)
