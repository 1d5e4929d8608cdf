"""WebSocket consumers. Each renders for its own viewer; group messages never carry hands.

A message on a group says only "this table changed (to version v)". Every consumer then reads
the state and renders the partials its own viewer may see, and htmx's ws extension swaps them
in by id. A (re)connecting socket gets the full current state at once.

A socket is never ended by what a client sends: a frame that is not a move (not JSON, not an
object, binary, too long, too many) gets a notice and the socket stays open. Whatever happens,
the seat's presence is released when the socket goes (``finally``), and while it lives it is
refreshed by a heartbeat, which also catches the socket up if it missed a notice (a channel
layer that was down) and retries its group subscription.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from config import bounds
from sockets.base import Guarded, Listening, language_of
from sockets.pool import Flights, in_pool

from ..services import notify, play, presence, reads
from . import rendering
from .presenters import table_lists
from .throttle import Bucket

log = logging.getLogger(__name__)
MAX_FRAME = 2048
#: Renders under way in this process, by key, for the sockets that wait on them (``_shared``).
RENDERS = Flights()


class Heartbeats:
    """The presence heartbeat of every seated socket in this process, sent together: one
    UPDATE per beat for all of them (``presence.all_still_here``) instead of one query per
    socket every beat. A socket joins once present and leaves when it closes; the beat runs
    on the event loop of the sockets it serves (tests give each test a loop of its own)."""

    def __init__(self) -> None:
        self.sockets: dict[str, tuple[int, Any]] = {}
        self.task: asyncio.Task | None = None

    def join(self, channel: str, table_id: int, user) -> None:
        self.sockets[channel] = (table_id, user)
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self._beat())

    def leave(self, channel: str) -> None:
        self.sockets.pop(channel, None)

    async def _beat(self) -> None:
        while self.sockets:
            await asyncio.sleep(settings.PRESENCE_HEARTBEAT)
            if not self.sockets:
                return
            try:
                await in_pool(
                    presence.all_still_here, dict(self.sockets), self.sockets.__contains__
                )
            except Exception as error:  # the database is down: try again next beat
                log.warning("presence heartbeat failed: %s: %s", type(error).__name__, error)


HEARTBEATS = Heartbeats()


class LobbyConsumer(Listening):
    """Live lobby: the list of tables is re-rendered whenever a public table changes."""

    label = "lobby"

    async def connect(self) -> None:
        await self._join([notify.LOBBY_GROUP])  # a channel layer that is down: the page works
        await self.accept()
        user = self.scope.get("user")
        name = user.name if user is not None and user.is_authenticated else None
        await self._send(json.dumps({"type": "hello", "user": name}))

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """The lobby's tables are read once per change and language in this process (every
        socket hears of a change at the same moment); only the "Resume" is the viewer's."""
        user = self.scope.get("user")
        language = language_of(self.scope)
        change = event.get("change") or object()  # a message without one is read afresh
        rows = await LOBBY_ROWS.run((change, language), _lobby_rows, language)
        await self._send(await in_pool(_lobby_html, language, rows, user))


#: The lobby's rows by change and language (a socket hearing of a change a little late
#: finds them still here).
LOBBY_ROWS = Flights(keep=16)


def _lobby_rows(language: str) -> list[dict]:
    with translation.override(language):
        return table_lists.lobby_rows(reads.lobby_tables())


def _lobby_html(language: str, rows: list[dict], user=None) -> str:
    with translation.override(language):
        return render_to_string("games/lobby.html#tables", {"tables": rows, "user": user})


def _render_lobby(language: str, user=None) -> str:
    """The lobby's list for one socket: its viewer's own tables offer "Resume"."""
    return _lobby_html(language, _lobby_rows(language), user)


def notice_html(text: str) -> str:
    """A message for this socket alone, swapped into the page's notice area by id."""
    return (
        '<div id="table-notice" class="table-notice" role="alert" aria-live="assertive">'
        f"{escape(text)}</div>"
    )


class TableConsumer(Guarded):
    """One viewer at one table: a seated player (sees their own hand) or a spectator."""

    label = "table"

    table_id: int | None = None
    key: rendering.RenderKey | None = None
    shown: rendering.RenderKey | None = None
    present = False
    heartbeat: asyncio.Task | None = None

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._release()

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        table = await sync_to_async(reads.table_by_code)(code)
        if table is None:
            await self.close(code=4404)
            return
        self.table_id = table.pk
        self.group = notify.table_group(table.pk)
        self.language = language_of(self.scope)
        self.bucket = Bucket(settings.WS_FRAMES_PER_SECOND, settings.WS_FRAME_BURST)
        self.last_push = time.monotonic()
        self.last_notice = 0.0
        await self._join([self.group])
        await self.accept()
        seat = await sync_to_async(presence.arrived)(
            table.pk, self.scope.get("user"), self.channel_name
        )
        self._present(seat is not None)
        await self._push()
        self.heartbeat = asyncio.ensure_future(self._beat())

    async def disconnect(self, code: int) -> None:
        await self._release()

    async def _release(self) -> None:
        """Idempotent clean-up: stop the heartbeat, leave the group, release the presence."""
        if self.table_id is None:
            return
        self.table_id = None
        if self.heartbeat is not None:
            self.heartbeat.cancel()
        HEARTBEATS.leave(self.channel_name)
        await self._leave()
        try:
            await sync_to_async(presence.left)(self.channel_name)
        except Exception:  # the database is down: the sweep expires the presence instead
            log.warning("could not release a presence; the sweep will", exc_info=True)

    async def _handle(self, message: dict[str, Any]) -> None:
        """Pushes skip Channels' per-message ``close_old_connections`` hop: it runs on the one
        shared sync thread (a queue behind every view), while renders run in pool threads
        that look after their own connections."""
        if message["type"] == "table.changed":
            await self.table_changed(message)
        else:
            await super()._handle(message)

    async def _failed(self, message: dict[str, Any]) -> None:
        """Nothing a handler raises ends the socket (``Guarded``); the viewer is told."""
        with translation.override(getattr(self, "language", settings.LANGUAGE_CODE)):
            await self._notice(_("Something went wrong; the table is shown as it is now."))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A move sent over the socket (ws-send): the same service as an hx-post."""
        with translation.override(self.language):
            await self._receive(text_data, bytes_data)

    async def _receive(self, text_data: str | None, bytes_data: bytes | None) -> None:
        if not self.bucket.take():
            await self._throttled()
            return
        content = _decode(text_data, bytes_data)
        if isinstance(content, str):
            await self._notice(content)
            return
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or self.table_id is None:
            await self._notice(_("Log in to play."))
            return
        outcome = await in_pool(_move, self.table_id, user, content, self.language)
        if outcome.message and not outcome.applied:
            await self._notice(outcome.message)
        await self._push()

    async def table_changed(self, event: dict[str, Any]) -> None:
        """Re-render for this viewer; straight from the process's cache when possible, and
        once for every socket here that shows the same render (see ``_shared``)."""
        self.last_push = time.monotonic()
        game, version = event.get("game"), event.get("version")
        hint = None
        if game is not None and version is not None and self.key is not None:
            hint = rendering.RenderKey(
                self.table_id, game, version, self.key.seating, self.key.viewer, self.key.sealed,
                self.key.set_stamp,
            )  # fmt: skip
            if hint == self.shown:
                return
            html = rendering.cached_live(hint)
            if html is not None:
                self.shown = hint
                await self._send(html)
                return
            rendered = await self._shared(hint)
            if rendered is not None:
                await self._show(*rendered)
                return
        await self._push(hint)

    async def _shared(self, hint: rendering.RenderKey) -> tuple[str, Any] | None:
        """The render for ``hint``, made once in this process however many sockets ask at
        once (``RENDERS``: the watchers of a table all hear of a move at the same moment).
        ``None`` if that render failed: the asker then renders on its own."""
        try:
            return await RENDERS.run(
                hint,
                rendering.render_live,
                self.table_id,
                self.scope.get("user"),
                self.language,
                hint,
            )
        except Exception:
            return None

    def _present(self, present: bool) -> None:
        """Seated here: the process's heartbeat refreshes this socket's presence from now."""
        self.present = present
        if present and self.table_id is not None:
            HEARTBEATS.join(self.channel_name, self.table_id, self.scope.get("user"))

    async def _beat(self) -> None:
        """Resubscribe and catch up if the channel layer was away (the presence itself is
        refreshed with every other socket's, by ``HEARTBEATS``)."""
        while True:
            await asyncio.sleep(settings.PRESENCE_HEARTBEAT)
            table_id = self.table_id
            if table_id is None:
                return
            try:
                if not self.joined:
                    await self._join([self.group])
                if time.monotonic() - self.last_push > settings.PRESENCE_HEARTBEAT:
                    await self._catch_up(table_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database is down: try again next beat
                log.warning("table heartbeat failed: %s: %s", type(error).__name__, error)

    async def _catch_up(self, table_id: int) -> None:
        """If the table moved on while no notice reached this socket, show where it is."""
        latest = await in_pool(reads.latest_version, table_id)
        shown = (self.shown.game, self.shown.version) if self.shown is not None else None
        if latest is not None and latest != shown:
            await self._push()

    async def _push(self, hint: rendering.RenderKey | None = None) -> None:
        if self.table_id is None:
            return
        # Not thread-sensitive: renders of many sockets run side by side, so one render's
        # database round trips do not hold up the others.
        html, key = await in_pool(
            rendering.render_live, self.table_id, self.scope.get("user"), self.language, hint
        )
        await self._show(html, key)

    async def _show(self, html: str, key: rendering.RenderKey | None) -> None:
        """Send a render to this socket unless it shows that render already."""
        if self.table_id is None:
            return
        self.last_push = time.monotonic()
        if key is not None:
            self.key = key
            if key.viewer.seat is not None and not self.present:  # sat down since connecting
                await sync_to_async(presence.arrived)(
                    self.table_id, self.scope.get("user"), self.channel_name
                )
                self._present(True)
        if key is not None and key == self.shown:
            return
        self.shown = key
        await self._send(html)

    async def _throttled(self) -> None:
        """Say "too many" at most once a second, so a flood is not answered with a flood."""
        now = time.monotonic()
        if now - self.last_notice >= 1.0:
            self.last_notice = now
            await self._notice(_("Too many messages: wait a moment before the next one."))

    async def _notice(self, text: str) -> None:
        """Tell this socket why its message did nothing (in its language: see ``receive``)."""
        await self._send(notice_html(str(text)))


def _decode(text_data: str | None, bytes_data: bytes | None) -> dict | str:
    """The frame as a JSON object, or the reason it is not one (shown to the sender)."""
    if text_data is None:
        return _("Send moves as text.")
    if len(text_data) > MAX_FRAME:
        return _("That message is too long.")
    try:
        content = bounds.loads(text_data, max_chars=MAX_FRAME)  # "[" * 2000 overflowed the stack
    except ValueError:
        return _("That message is not a move.")
    if not isinstance(content, dict):
        return _("That message is not a move.")
    return content


def _move(table_id: int, user, content: dict, language: str) -> play.Outcome:
    with translation.override(language):
        outcome = play.player_move(table_id, user, content)
    rendering.prime(outcome)
    return outcome
