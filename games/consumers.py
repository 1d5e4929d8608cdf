"""WebSocket consumers. Each renders for its own viewer; group messages never carry hands."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

LOBBY_GROUP = "lobby"


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """Live lobby updates. Anyone may listen; the greeting tells the page who the socket is."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        user = self.scope.get("user")
        name = user.name if user is not None and user.is_authenticated else None
        await self.send_json({"type": "hello", "user": name})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "lobby.changed"})
