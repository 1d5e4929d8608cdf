"""WebSocket consumers. Each renders for its own viewer; group messages never carry hands.

A message on a group says only "this table changed (to version v)". Every consumer then reads
the state and renders the partials its own viewer may see, and htmx's ws extension swaps them
in by id. A (re)connecting socket gets the full current state at once.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import close_old_connections
from django.template.loader import render_to_string

from .services import notify, presence, queries, rendering

try:  # what Daphne raises for a send on a socket the client has just closed
    from autobahn.exception import Disconnected as CLOSED
except ImportError:  # another ASGI server
    CLOSED = OSError


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """Live lobby: the list of tables is re-rendered whenever a public table changes."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(notify.LOBBY_GROUP, self.channel_name)
        await self.accept()
        user = self.scope.get("user")
        name = user.name if user is not None and user.is_authenticated else None
        await self.send_json({"type": "hello", "user": name})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(notify.LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        html = await sync_to_async(_render_lobby)()
        await self.send(text_data=html)


def _render_lobby() -> str:
    return render_to_string("games/lobby.html#tables", {"tables": list(queries.lobby_tables())})


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One viewer at one table: a seated player (sees their own hand) or a spectator."""

    table_id: int | None = None
    viewer: tuple | None = None
    shown: tuple | None = None

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        table = await sync_to_async(queries.table_by_code)(code)
        if table is None:
            await self.close(code=4404)
            return
        self.table_id = table.pk
        self.group = notify.table_group(table.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await sync_to_async(presence.arrived)(table.pk, self.scope.get("user"))
        await self._push()

    async def disconnect(self, code: int) -> None:
        if self.table_id is None:
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await sync_to_async(presence.left)(self.table_id, self.scope.get("user"))

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        """A move sent over the socket (ws-send): the same service as an hx-post."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or self.table_id is None:
            return
        await sync_to_async(presence.move_from_socket)(self.table_id, user, content)
        await self._push()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Pushes skip Channels' per-message ``close_old_connections`` hop: it runs on the one
        shared sync thread (a queue behind every view), while renders run in pool threads
        that look after their own connections (``rendering.render_live``)."""
        if message["type"] == "table.changed":
            await self.table_changed(message)
        else:
            await super().dispatch(message)

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Re-render for this viewer; straight from the process's cache when possible."""
        game, version = event.get("game"), event.get("version")
        hint = None
        if game is not None and version is not None and self.viewer is not None:
            hint = (self.table_id, game, version, self.viewer)
            if hint == self.shown:
                return
            html = rendering.cached_live(*hint)
            if html is not None:
                self.shown = hint
                await self._send(html)
                return
        await self._push(hint)

    async def _push(self, hint: tuple | None = None) -> None:
        # Not thread-sensitive: renders of many sockets run side by side, so one render's
        # database round trips do not hold up the others.
        html, key = await sync_to_async(_render_in_pool, thread_sensitive=False)(
            self.table_id, self.scope.get("user"), hint
        )
        if key is not None:
            self.viewer = key[3]
        if key is not None and key == self.shown:
            return
        self.shown = key
        await self._send(html)

    async def _send(self, html: str) -> None:
        """Send a push; a socket that closed while it was being rendered just misses it."""
        with suppress(CLOSED):
            await self.send(text_data=html)


def _render_in_pool(table_id: int, user, hint: tuple | None) -> tuple[str, tuple | None]:
    """A render on a pool thread, which drops its own connection if broken or too old, before
    and after (Channels' own clean-up only ever runs on the shared sync thread). With pooled
    connections that hands it back to the pool at once, so no idle thread keeps one checked out
    (such a connection outlives the pool's close, and kept the test database from being dropped).
    """
    close_old_connections()
    try:
        return rendering.render_live(table_id, user, hint)
    finally:
        close_old_connections()
