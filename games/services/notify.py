"""Tell connected sockets that something changed, once the change is committed.

Messages carry only ids and versions, never tiles: each consumer re-reads the state and renders
it for its own viewer, so a hand can never travel through the channel layer to the wrong seat.
"""

from __future__ import annotations

import asyncio
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from ..models import Table

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


_background: asyncio.AbstractEventLoop | None = None


def use_background_loop() -> None:
    """For processes with no event loop of their own (Celery workers): send through one
    long-lived loop, so the channel layer keeps its Redis connections instead of opening new
    ones for every message."""
    global _background
    if _background is None:
        _background = asyncio.new_event_loop()
        threading.Thread(target=_background.run_forever, name="channel-layer", daemon=True).start()


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    if _background is not None:
        asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _background).result(10)
    else:
        async_to_sync(layer.group_send)(group, message)


def table_changed(
    table: Table, version: int | None = None, *, game: int | None = None, lobby: bool = True
) -> None:
    """Every socket at the table re-renders; the lobby too when seats or state changed."""
    group = table_group(table.pk)
    message = {"type": "table.changed", "game": game, "version": version}
    transaction.on_commit(lambda: _send(group, message))
    if lobby and not table.is_private:
        lobby_changed()


def lobby_changed() -> None:
    transaction.on_commit(lambda: _send(LOBBY_GROUP, {"type": "lobby.changed"}))
