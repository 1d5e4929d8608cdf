"""What every socket shares (``sockets.base``): a handler that raises is logged on the
consumer's own module's logger and leaves the socket open; a closing socket still ends; the
viewer's language is their saved choice, else the cookie, else the site's."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from channels.exceptions import StopConsumer
from django.conf import settings

from sockets.base import Guarded, Listening, language_of


class _Failing(Guarded):
    label = "test"

    def __init__(self) -> None:
        self.told: list[str] = []

    async def boom(self, message: dict) -> None:
        raise RuntimeError("a render failed")

    async def closing(self, message: dict) -> None:
        raise StopConsumer

    async def _failed(self, message: dict) -> None:
        self.told.append(message["type"])


# Channels' dispatch closes the sync thread's old database connections before a handler, and
# that thread may hold one from an earlier test: these tests may touch the database.
@pytest.mark.django_db
def test_a_failing_handler_is_logged_by_the_consumers_module_and_the_socket_lives(caplog):
    socket = _Failing()
    with caplog.at_level(logging.ERROR, logger=__name__):
        asyncio.run(socket.dispatch({"type": "boom"}))
    [record] = [r for r in caplog.records if r.name == __name__]
    assert record.getMessage() == "test socket: boom failed"
    assert record.exc_info is not None
    assert socket.told == ["boom"]


@pytest.mark.django_db
def test_a_closing_socket_still_ends_the_consumer():
    socket = _Failing()
    with pytest.raises(StopConsumer):
        asyncio.run(socket.dispatch({"type": "closing"}))
    assert socket.told == []


def test_the_language_is_the_saved_choice_else_the_cookie_else_the_sites():
    cookies = {settings.LANGUAGE_COOKIE_NAME: "fr"}
    chosen, unset = SimpleNamespace(preferred_language="es"), SimpleNamespace(preferred_language="")
    assert language_of({"user": chosen, "cookies": cookies}) == "es"
    assert language_of({"user": unset, "cookies": cookies}) == "fr"
    assert language_of({"cookies": {settings.LANGUAGE_COOKIE_NAME: "xx"}}) == settings.LANGUAGE_CODE
    assert language_of({}) == settings.LANGUAGE_CODE


class _Layer:
    """A channel layer that refuses the first group it is asked to join."""

    def __init__(self) -> None:
        self.joined: list[str] = []
        self.left: list[str] = []

    async def group_add(self, group: str, channel: str) -> None:
        if group == "down":
            raise ConnectionError("the layer is away")
        self.joined.append(group)

    async def group_discard(self, group: str, channel: str) -> None:
        self.left.append(group)


def test_a_listening_socket_leaves_the_groups_it_joined_and_stops_its_beat():
    async def live() -> tuple[_Layer, Listening]:
        socket = Listening()
        socket.channel_layer, socket.channel_name = _Layer(), "me"
        await socket._join(["down", "event-1"])
        socket.beat = asyncio.ensure_future(asyncio.sleep(60))
        await socket.receive(text_data="anything")  # ignored
        await socket.disconnect(1000)
        await asyncio.sleep(0)
        return socket.channel_layer, socket

    layer, socket = asyncio.run(live())
    assert socket.joined and socket.groups_joined == ["event-1"]
    assert layer.left == ["event-1"]
    assert socket.beat.cancelled()
