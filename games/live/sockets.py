"""What every socket of the site shares: the viewer's language, what a send on a closed socket
raises, and a dispatch that outlives a failing handler.

The sockets of tables and the lobby (``games.live.consumers``), of events and notices
(``tournaments.live.consumers``) and of analyses (``history.consumers``) build on this module,
so it imports nothing of theirs (``games`` learns nothing of tournaments or history).
"""

from __future__ import annotations

import logging
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

    async def _failed(self, message: dict[str, Any]) -> None:
        """What the socket does after a handler failed, once it is logged: by default nothing
        more (a socket that only listens catches up at its next beat)."""
