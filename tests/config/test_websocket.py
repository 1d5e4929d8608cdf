"""WebSockets: only our own origins may connect, and a socket knows its session's user."""

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings

from config.asgi import application
from tests.factories import DEFAULT_PASSWORD, make_user

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def _headers(
    origin: str, cookie: str | None = None, host: str = "localhost:8000"
) -> list[tuple[bytes, bytes]]:
    headers = [(b"origin", origin.encode()), (b"host", host.encode())]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    return headers


async def test_websocket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=_headers("http://evil.example")
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


@pytest.mark.parametrize(
    "origin",
    ["http://localhost:9999", "http://localhost", "https://localhost:8000", "null", ""],
)
async def test_websocket_from_another_port_or_scheme_of_our_host_is_refused(origin):
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=_headers(origin))
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


async def test_websocket_from_a_host_not_allowed_is_refused_even_from_its_own_origin():
    headers = _headers("http://evil.example:8000", host="evil.example:8000")
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


async def test_websocket_from_our_origin_is_accepted_as_anonymous():
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=_headers("http://localhost:8000")
    )
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_json_from() == {"type": "hello", "user": None}
    await communicator.disconnect()


async def test_websocket_gets_the_session_user():
    from asgiref.sync import sync_to_async
    from django.test import Client

    def log_in() -> str:
        make_user("ann", display_name="Ann B")
        client = Client()
        assert client.login(username="ann", password=DEFAULT_PASSWORD)
        return client.cookies[settings.SESSION_COOKIE_NAME].value

    session = await sync_to_async(log_in)()
    communicator = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=_headers("http://localhost:8000", f"{settings.SESSION_COOKIE_NAME}={session}"),
    )
    connected, _ = await communicator.connect()
    assert connected
    assert await communicator.receive_json_from() == {"type": "hello", "user": "Ann B"}
    await communicator.disconnect()
