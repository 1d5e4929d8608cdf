"""What every socket of the site shares: the viewer's language, what a send on a closed socket
raises, a dispatch that outlives a failing handler, and the socket that only listens.

The sockets of tables and the lobby (``games.live.consumers``), of events and notices
(``tournaments.live.consumers``) and of analyses (``history.live.consumers``) build on this module,
so it imports nothing of theirs.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import Any

from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

try:  # what Daphne raises for a send on a socket the client has just closed
    from autobahn.exception import Disconnected as CLOSED
except ImportError:  # another ASGI server
    CLOSED = OSError


def language_of(scope: dict) -> str:
    """The viewer's language: their saved choice, else the language cookie, else the site's."""
    user = scope.get("user")
    chosen = getattr(user, "preferred_language", "") if user is not None else ""
    if not chosen:
        chosen = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    known = {code for code, _name in settings.LANGUAGES}
    return chosen if chosen in known else settings.LANGUAGE_CODE


class Guarded(AsyncWebsocketConsumer):
    """A consumer that nothing a handler raises can end: the failure is logged (on the logger
    of the consumer's own module, as "<label> socket: <type> failed") and the socket stays
    open, since one bad render or a database that is briefly down must not drop a viewer.
    ``StopConsumer`` (the socket closed) still ends it, as Channels means it to."""

    #: The socket's name in the log.
    label = "socket"

    async def dispatch(self, message: dict[str, Any]) -> None:
        try:
            await self._handle(message)
        except StopConsumer:  # the socket closed: let Channels end the consumer
            raise
        except Exception:
            log = logging.getLogger(type(self).__module__)
            log.exception("%s socket: %s failed", self.label, message.get("type"))
            await self._failed(message)

    async def _handle(self, message: dict[str, Any]) -> None:
        """Run the message's handler; a consumer may take some messages a shorter way."""
        await super().dispatch(message)

    groups_joined: list[str]

    async def _join(self, groups: list[str]) -> None:
        """Join ``groups``; a channel layer that is down is logged, and the socket's own beat
        calls this again (its catch-up renders come meanwhile)."""
        self.groups_joined = []
        for group in groups:
            try:
                await self.channel_layer.group_add(group, self.channel_name)
                self.groups_joined.append(group)
            except Exception as error:
                logging.getLogger(type(self).__module__).warning(
                    "%s socket could not subscribe: %s: %s", self.label, type(error).__name__, error
                )

    @property
    def joined(self) -> bool:
        return bool(getattr(self, "groups_joined", None))

    async def _leave(self) -> None:
        """Leave the groups joined (best effort: a closing socket cannot wait on the layer)."""
        for group in getattr(self, "groups_joined", []):
            with suppress(Exception):
                await self.channel_layer.group_discard(group, self.channel_name)

    async def _send(self, html: str) -> None:
        """Send a push; a socket that closed while it was being rendered just misses it."""
        with suppress(CLOSED):
            await self.send(text_data=html)

    async def _failed(self, message: dict[str, Any]) -> None:
        """What the socket does after a handler failed, once it is logged: by default nothing
        more (a socket that only listens catches up at its next beat)."""


class Listening(Guarded):
    """A socket that only listens: what a client sends is ignored, its pushes are rendered
    on the server. When it closes it leaves its groups and cancels its background tasks (the
    attributes named in ``tasks``)."""

    #: The attributes that hold this socket's background tasks, cancelled when it closes.
    tasks: tuple[str, ...] = ("beat",)

    async def disconnect(self, code: int) -> None:
        await self._leave()
        for name in self.tasks:
            task: asyncio.Task | None = getattr(self, name, None)
            if task is not None:
                task.cancel()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        return
