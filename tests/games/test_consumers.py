"""Table sockets: full state on connect, a re-render per viewer on every change, moves in."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from games.models import Game
from games.services import play, seating
from tests.factories import DEFAULT_PASSWORD, make_table, make_user, start_table
from tests.games.helpers import current, play_turn
from tests.games.test_leaks import hidden_from, leaked

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def _session(username: str) -> str:
    client = Client()
    assert client.login(username=username, password=DEFAULT_PASSWORD)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def _connect(code: str, session: str | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/table/{code}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _drain(communicator: WebsocketCommunicator, wait: float = 0.5) -> list[str]:
    """Every frame that arrives within ``wait`` of the last (without cancelling the consumer)."""
    frames = []
    while not await communicator.receive_nothing(timeout=wait, interval=0.02):
        frames.append(await communicator.receive_from())
    return frames


@sync_to_async
def _table_with_two_people():
    ann, bob = make_user("ann"), make_user("bob")
    table = make_table(ann, bots=[None, None, "casual", "casual"], turn_clock=0)
    seating.join(table, bob, 1)
    match = start_table(table, seed=4)
    return table, match


async def test_a_socket_gets_the_full_table_on_connect():
    table, _ = await _table_with_two_people()
    session = await sync_to_async(_session)("ann")
    ann = await _connect(table.code, session)
    frame = (await _drain(ann))[0]
    assert 'id="table-live"' in frame
    assert "Your hand" in frame
    await ann.disconnect()


async def test_every_move_reaches_each_viewer_rendered_for_them_alone():
    table, match = await _table_with_two_people()
    ann = await _connect(table.code, await sync_to_async(_session)("ann"))
    bob = await _connect(table.code, await sync_to_async(_session)("bob"))
    watcher = await _connect(table.code)
    for socket in (ann, bob, watcher):
        await _drain(socket)
    for _ in range(6):
        game = await sync_to_async(current)(match)
        if game.state == Game.State.OVER:
            break
        await sync_to_async(play_turn)(game.pk, game.version)
        game = await sync_to_async(current)(match)
        for seat, socket in ((0, ann), (1, bob), (None, watcher)):
            frames = await _drain(socket, 0.4)
            assert frames, f"viewer {seat} got nothing"
            hidden = await sync_to_async(hidden_from)(game, seat)
            for frame in frames:
                assert not leaked(frame, hidden)
    for socket in (ann, bob, watcher):
        await socket.disconnect()


async def test_two_tabs_of_one_player_both_stay_current():
    table, match = await _table_with_two_people()
    session = await sync_to_async(_session)("ann")
    first, second = await _connect(table.code, session), await _connect(table.code, session)
    await _drain(first)
    await _drain(second)
    game = await sync_to_async(current)(match)
    await sync_to_async(play_turn)(game.pk, game.version)
    assert await _drain(first, 0.4)
    assert await _drain(second, 0.4)
    await first.disconnect()
    await second.disconnect()


async def test_a_move_sent_over_the_socket_goes_through_the_move_service():
    table, match = await _table_with_two_people()
    session = await sync_to_async(_session)("ann")
    ann = await _connect(table.code, session)
    for _ in range(8):
        game = await sync_to_async(current)(match)
        if game.turn == 0:
            break
        await sync_to_async(play_turn)(game.pk, game.version)
    game = await sync_to_async(current)(match)
    assert game.turn == 0
    state = await sync_to_async(play.load)(game)
    move = state.game.legal_moves()[0]
    await _drain(ann)
    await ann.send_json_to({
        "kind": move.kind, "tile": str(move.tile), "on": str(move.on) if move.on else "",
        "game": game.pk, "version": game.version,
    })  # fmt: skip
    frames = await _drain(ann, 0.5)
    assert frames
    await sync_to_async(game.refresh_from_db)()
    assert game.version > 0 and game.turn != 0
    await ann.disconnect()


async def test_a_spectator_socket_cannot_move_for_anyone():
    table, match = await _table_with_two_people()
    watcher_user = await sync_to_async(make_user)("carol")
    watcher = await _connect(table.code, await sync_to_async(_session)("carol"))
    game = await sync_to_async(current)(match)
    await watcher.send_json_to({"kind": "pass", "game": game.pk, "version": game.version})
    frames = await _drain(watcher)
    assert any("You are not playing at this table" in frame for frame in frames)
    await sync_to_async(game.refresh_from_db)()
    assert game.version == (await sync_to_async(current)(match)).version
    assert watcher_user.pk
    await watcher.disconnect()


async def test_an_unknown_table_closes_the_socket():
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    communicator = WebsocketCommunicator(application, "/ws/table/nope/", headers=headers)
    connected, _ = await communicator.connect()
    assert not connected


async def test_the_lobby_updates_live_when_a_public_table_opens():
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    lobby = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
    connected, _ = await lobby.connect()
    assert connected
    await _drain(lobby)
    table = await sync_to_async(make_table)(await sync_to_async(make_user)("dora"))
    frames = await _drain(lobby, 0.5)
    assert any(table.code in frame and 'id="lobby-tables"' in frame for frame in frames)
    await lobby.disconnect()


async def test_the_lobby_reads_its_tables_once_per_change_for_every_socket(monkeypatch):
    """Many people watch the lobby: a change reads its tables once in a process, and each
    socket still gets its own "Resume" (see tests/games/test_lobby_resume.py)."""
    from games.live import consumers
    from games.services import reads

    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    sockets = [WebsocketCommunicator(application, "/ws/lobby/", headers=headers) for _ in range(3)]
    for socket in sockets:
        assert (await socket.connect())[0]
        await _drain(socket)
    table = await sync_to_async(make_table)(await sync_to_async(make_user)("dora"))
    for socket in sockets:
        await _drain(socket, 0.3)
    reading = reads.lobby_tables
    calls = []
    monkeypatch.setattr(reads, "lobby_tables", lambda: calls.append(1) or reading())
    await sync_to_async(consumers.notify.lobby_changed)()
    for socket in sockets:
        frames = await _drain(socket, 0.5)
        assert any(table.code in frame for frame in frames)
    assert len(calls) == 1
    for socket in sockets:
        await socket.disconnect()
