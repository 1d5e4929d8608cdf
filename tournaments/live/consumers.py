"""Event sockets: the event page and the club-night screen, and each entrant's notice.

As every socket of the site (``sockets``), a group message carries nothing: each socket
reads and renders what its own viewer may see and pushes it as htmx out-of-band swaps, and a
(re)connecting socket gets the whole live part at once. The origin and the session are
checked before a socket gets here (``config.origin``, Channels' auth); whatever a client
sends is ignored.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings

from sockets.base import Listening, language_of
from sockets.pool import Flights, in_pool

from ..services import attendance, notify
from . import notices, rendering

log = logging.getLogger(__name__)

#: How often the screen turns to its next page, and every socket catches up on its own.
SCREEN_CYCLE = 12.0
CATCH_UP = 30.0
#: One read and one render per event, view, language, page and tick in this process, for all
#: the sockets that ask (``rendering``'s ticks).
RENDERS = Flights(keep=256)


class EventConsumer(Listening):
    """The live part of an event page (``view="page"``) or of its screen (``"screen"``).

    The live part is the same for every viewer allowed to see it (but for the same-deals
    event's own players, who get it without links to tables they may not watch: ``barred``;
    and but for its organisers, whose page shows a round of same deals in play, marked as not
    to be shown: ``Viewer.sees_in_play``, never on the screen);
    an event page's "Entering" part is each viewer's own, so it is rendered for this socket
    alone, and only when the event's state has changed since it last was (the Check in
    button comes with check-in), or when the socket connects."""

    label = "event"
    tasks = ("beat", "later")
    view = "page"
    event_id: int | None = None
    pending: float | None = None
    beat: asyncio.Task | None = None
    later: asyncio.Task | None = None
    state_seen: str | None = None  # the state the viewer's "Entering" part was last sent for

    async def connect(self) -> None:
        slug = self.scope["url_route"]["kwargs"]["slug"]
        self.view = self.scope["url_route"]["kwargs"].get("view", "page")
        self.user = self.scope.get("user")
        found = await in_pool(rendering.event_of, slug, self.user)
        if found is None:  # no such event, or not for this viewer: say nothing more
            await self.close(code=4404)
            return
        event, self.viewer = found
        self.event_id = event.pk
        self.language = language_of(self.scope)
        await self._join([notify.event_group(event.pk)])
        await self.accept()
        await self._push(None)
        self.beat = asyncio.ensure_future(self._beat())

    async def event_changed(self, message: dict[str, Any]) -> None:
        """Render at the next tick (shared with every socket that heard of it by then)."""
        tick = rendering.next_tick()
        if self.pending is not None and self.pending >= tick:
            return  # a render already comes at that tick
        self.pending = tick
        self.later = asyncio.ensure_future(self._push_at(tick))

    async def _push_at(self, tick: float) -> None:
        await asyncio.sleep(max(0.0, tick - time.time()))
        if self.pending == tick:
            self.pending = None
        try:
            await self._push(tick)
        except Exception:
            log.exception("event socket: a push failed")

    def _page(self, at: float) -> int:
        return int(at // SCREEN_CYCLE) if self.view == "screen" else 0

    async def _push(self, tick: float | None) -> None:
        if self.event_id is None:
            return
        if tick is None:
            facts = await in_pool(rendering.facts, self.event_id)
        else:  # one read of the event's state per tick for all its sockets
            key = (self.event_id, "facts", tick)
            facts = await RENDERS.run(key, rendering.facts, self.event_id)
        if facts is None or not rendering.allowed(*facts, self.viewer):
            await self.close(code=4404)  # deleted, made club-only or a draft: no more to see
            self.event_id = None
            return
        page = self._page(tick or time.time())
        organiser = self.view == "page" and self.viewer.sees_in_play  # never the screen
        args = (self.event_id, self.view, self.language, page, self.viewer.barred, organiser)
        if tick is None:
            html = await in_pool(rendering.event_html, *args)
        else:
            html = await RENDERS.run((*args, tick), rendering.event_html, *args)
        await self._send(html)
        if self.view == "page" and facts[0] != self.state_seen:
            self.state_seen = facts[0]
            await self._send(await in_pool(self._enter_html))

    def _enter_html(self) -> str:
        cookie = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME, "")
        return rendering.enter_html(self.event_id, self.user, self.language, cookie)

    async def _beat(self) -> None:
        """The screen turns its page; every socket catches up now and then (a notice lost
        while the channel layer was away), at shared ticks so the renders are shared too."""
        period = SCREEN_CYCLE if self.view == "screen" else CATCH_UP
        while self.event_id is not None:
            tick = rendering.next_tick(period)
            await asyncio.sleep(max(0.0, tick - time.time()))
            try:
                if not self.joined and self.event_id is not None:  # the layer was away
                    await self._join([notify.event_group(self.event_id)])
                await self._push(tick)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("event socket catch-up failed: %s: %s", type(error).__name__, error)


class NoticeConsumer(Listening):
    """A signed-in entrant's notice, on any page of the site: "your table is ready". While it
    is open its person counts as on the site for their events (``services.attendance``): it
    says so when it connects and at every beat."""

    label = "notice"
    beat: asyncio.Task | None = None

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=4401)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        self.here = (query.get("here") or [""])[0][:200]
        self.language = language_of(self.scope)
        events = await in_pool(notices.event_ids_of, self.user)
        await self._join([notify.players_group(pk) for pk in events])
        await self.accept()
        await in_pool(attendance.here, self.user.pk)
        await self._push()
        self.beat = asyncio.ensure_future(self._around())

    async def _around(self) -> None:
        """Say every beat that this person is still on the site (the mark lapses unless
        renewed: a lost process stops counting on its own)."""
        while True:
            await asyncio.sleep(settings.PRESENCE_HEARTBEAT)
            try:
                await in_pool(attendance.here, self.user.pk)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("notice socket beat failed: %s: %s", type(error).__name__, error)

    async def seats_changed(self, message: dict[str, Any]) -> None:
        await self._push()

    async def event_changed(self, message: dict[str, Any]) -> None:
        return  # sent to event pages; a notice changes with the seats

    async def _push(self) -> None:
        """Send the notice if it reads differently from the last one sent: swapping in the same
        link again could take it from under a player's finger as they tap it."""
        html = await in_pool(rendering.notice_html, self.user, self.language, self.here)
        if html == getattr(self, "last_html", None):
            return
        self.last_html = html
        await self._send(html)
