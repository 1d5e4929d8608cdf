"""A scripted player (or watcher) in a thread of its own: a table socket that reconnects as htmx's
ws extension does, and tile clicks posted over HTTP as the page posts them.

The test body stays synchronous (it kills and starts processes), while the player keeps reading
its socket in the background and plays the first playable tile whenever its page offers one.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import threading
from dataclasses import dataclass, field

import aiohttp

from tests.waiting import wait_until

VERSION = re.compile(r'data-version="(\d*)" data-game="(\d*)"')
OPTION = re.compile(
    r'name="game" value="(\d+)"><input type="hidden" name="version" value="(\d+)">'
    r'<input type="hidden" name="kind" value="play">\s*'
    r'<input type="hidden" name="tile" value="([0-6]-[0-6])"><input type="hidden" name="on" '
    r'value="([0-6-]*)"'
)


@dataclass
class Seen:
    """What a socket has shown, in order: (game, version) per live frame, and notices; how
    often it connected, was closed after connecting, and had its handshake refused."""

    versions: list[tuple[int, int]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    html: str = ""
    connects: int = 0
    drops: int = 0
    refused: int = 0

    @property
    def latest(self) -> tuple[int, int] | None:
        return self.versions[-1] if self.versions else None


class Player(threading.Thread):
    """One browser at one table: ``session`` None watches; ``play`` clicks tiles by itself."""

    def __init__(self, socket_base: str, code: str, session: str | None = None,
                 post_base: str | None = None, play: bool = True,
                 origin: str | None = None) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.socket_base, self.code, self.session = socket_base, code, session
        self.post_base = post_base or socket_base
        self.origin = origin or socket_base.rstrip("/")
        self.auto = threading.Event()
        if play and session:
            self.auto.set()
        self.seen = Seen()
        self.statuses: list[int] = []
        self.csrf = secrets.token_hex(16)
        self.running = True
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.acting = False
        self.posted: tuple[str, str] | None = None  # (game, version) of the last click taken

    # -- thread ------------------------------------------------------------------------------

    def run(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        async with aiohttp.ClientSession() as http:
            self.http = http
            while self.running:
                try:
                    await self._socket()
                except aiohttp.WSServerHandshakeError:
                    with self.lock:
                        self.seen.refused += 1
                except (TimeoutError, aiohttp.ClientError, OSError):
                    pass
                if self.running:
                    # Not a wait for anything: the pause before reconnecting is the client's
                    # own behaviour (htmx's ws extension waits before it opens a new socket), so
                    # a dropped socket comes back as a browser's does, not in a tight loop.
                    await asyncio.sleep(0.5)

    def cookies(self) -> dict[str, str]:
        cookies = {"csrftoken": self.csrf}
        if self.session:
            cookies["sessionid"] = self.session
        return cookies

    async def _socket(self) -> None:
        url = self.socket_base.replace("http", "ws", 1) + f"ws/table/{self.code}/"
        headers = {"Origin": self.origin,
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies().items())}  # fmt: skip
        async with self.http.ws_connect(url, headers=headers, heartbeat=None) as ws:
            self.ws = ws
            with self.lock:
                self.seen.connects += 1
            try:
                async for message in ws:
                    if not self.running:
                        return
                    if message.type == aiohttp.WSMsgType.TEXT:
                        self._frame(message.data)
                    else:
                        return
            finally:
                if self.running:
                    with self.lock:
                        self.seen.drops += 1

    def _frame(self, html: str) -> None:
        with self.lock:
            if 'id="table-notice"' in html and 'id="table-live"' not in html:
                self.seen.notices.append(html)
                return
            found = VERSION.search(html)
            if found and found.group(1) and found.group(2):
                self.seen.versions.append((int(found.group(2)), int(found.group(1))))
            self.seen.html = html
        self._maybe_act()

    def _maybe_act(self) -> None:
        if not self.auto.is_set() or self.acting:
            return
        option = OPTION.search(self.seen.html)
        if option and option.group(1, 2) != self.posted:
            self.acting = True
            game, version, tile, on = option.groups()
            data = {"game": game, "version": version, "kind": "play", "tile": tile, "on": on}
            self.task = asyncio.ensure_future(self._post("move/", data))

    async def _post(self, path: str, data: dict) -> None:
        """Click; if the site did not take it (down, restarting), click again a moment later,
        as a person would. Frames that came while the click was on its way were not acted on
        (the bots may have played round to this seat again by then), so the latest page is
        looked at once more, as a person looks at the screen after a click."""
        try:
            status = await self.post(path, data)
            with self.lock:
                self.statuses.append(status)
        finally:
            self.acting = False
        if not self.running:
            return
        if status == 200:
            self.posted = (data["game"], data["version"])
            self._maybe_act()
        else:
            self.loop.call_later(1.0, self._maybe_act)

    async def post(self, path: str, data: dict) -> int:
        url = f"{self.post_base}play/t/{self.code}/{path}"
        headers = {"X-CSRFToken": self.csrf, "HX-Request": "true"}
        try:
            async with self.http.post(url, data=data, headers=headers,
                                      cookies=self.cookies()) as response:  # fmt: skip
                await response.read()
                return response.status
        except (aiohttp.ClientError, OSError):
            return 0

    # -- from the test -----------------------------------------------------------------------

    def wait(self, check, timeout: float, what: str):
        """Wait until ``check(seen)`` holds for what the socket has shown (tests/waiting.py)."""

        def holds():
            with self.lock:
                return check(self.seen)

        def last() -> str:
            seen = self.seen
            return (
                f"last frame {seen.latest}, {seen.connects} sockets opened, "
                f"{seen.drops} dropped, {seen.refused} refused"
            )

        return wait_until(holds, timeout, what, detail=last)

    def offers_a_tile(self, seen: Seen) -> bool:
        """The latest page offers this player a tile it has not clicked yet (its turn), and no
        click of its own is on its way."""
        option = OPTION.search(seen.html)
        return bool(option) and option.group(1, 2) != self.posted and not self.acting

    def send(self, text: str | bytes) -> None:
        """Send a raw frame on the socket (from the test's thread)."""
        ws = self.ws

        async def send() -> None:
            if isinstance(text, bytes):
                await ws.send_bytes(text)
            else:
                await ws.send_str(text)

        asyncio.run_coroutine_threadsafe(send(), self.loop).result(5)

    def act_now(self) -> None:
        """Click a playable tile now if the page shows one (no new frame needed)."""
        self.loop.call_soon_threadsafe(self._maybe_act)

    def post_now(self, path: str, data: dict) -> int:
        return asyncio.run_coroutine_threadsafe(self.post(path, data), self.loop).result(30)

    def stop(self) -> None:
        self.running = False
        if self.loop is not None:

            async def close() -> None:
                ws = getattr(self, "ws", None)
                if ws is not None:
                    await ws.close()

            with contextlib.suppress(Exception):  # the loop may be gone already
                asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)
        self.join(10)
