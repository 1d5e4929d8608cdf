"""Table sockets under bad frames, floods and lost processes: the socket stays, the seat is freed.

Items 2, 5 and 10 of issue 10: a frame that was not a JSON object ended the consumer with 1011
without ``disconnect()``, so the seat's presence stayed up for ever; a refused move got no
reply; nothing limited frames.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.test.utils import override_settings
from django.utils import timezone

from games.models import Game, Presence, Seat
from games.services import presence
from games.services.sweep import sweep
from tests.factories import make_table, make_user, start_table
from tests.games.helpers import current, play_turn
from tests.games.test_consumers import _connect, _drain, _session

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

# The bracketed frames, short enough to be read, recursed past Python's limit (issue 40).
BAD_FRAMES = ["hello", "[1, 2]", "42", "null", '"pass"', "{", "x" * 5000, '{"kind": []}',
              "[" * 2000, "[" * 1000 + "]" * 1000, '{"game": NaN}']  # fmt: skip


@sync_to_async
def _ann_at_a_table(turn_clock: int = 0):
    ann = make_user("ann")
    table = make_table(ann, turn_clock=turn_clock)
    match = start_table(table, seed=5)
    return table, match


@sync_to_async
def _seat(table) -> Seat:
    return Seat.objects.get(table=table, index=0)


@sync_to_async
def _presences(table) -> int:
    return Presence.objects.filter(seat__table=table).count()


async def test_bad_frames_get_a_notice_and_the_socket_stays_open():
    table, match = await _ann_at_a_table()
    ann = await _connect(table.code, await sync_to_async(_session)("ann"))
    await _drain(ann)
    for frame in BAD_FRAMES:
        await ann.send_to(text_data=frame)
        frames = await _drain(ann, 0.3)
        assert any('id="table-notice"' in f for f in frames), frame
    await ann.send_to(bytes_data=b"\x00\x01")
    assert any("as text" in f for f in await _drain(ann, 0.3))
    game = await sync_to_async(current)(match)
    await sync_to_async(play_turn)(game.pk, game.version)
    assert any('id="table-live"' in f for f in await _drain(ann, 0.5)), "still pushed to"
    assert await _presences(table) == 1
    await ann.disconnect()


async def test_the_seat_is_released_when_the_socket_closes_after_bad_frames():
    table, _ = await _ann_at_a_table()
    ann = await _connect(table.code, await sync_to_async(_session)("ann"))
    await ann.send_to(text_data="[not, json")
    await ann.send_to(bytes_data=b"binary")
    await _drain(ann)
    await ann.disconnect()
    assert await _presences(table) == 0
    seat = await _seat(table)
    assert seat.away_since is not None


async def test_a_refused_move_over_the_socket_gets_its_reason():
    table, match = await _ann_at_a_table()
    ann = await _connect(table.code, await sync_to_async(_session)("ann"))
    await _drain(ann)
    game = await sync_to_async(current)(match)
    await ann.send_json_to({"game": game.pk, "version": game.version, "kind": "play",
                            "tile": "6-6", "on": "0-0"})  # fmt: skip
    frames = await _drain(ann, 0.4)
    notices = [f for f in frames if 'id="table-notice"' in f]
    assert notices and ("turn" in notices[0] or "cannot" in notices[0])
    await ann.disconnect()


@override_settings(WS_FRAMES_PER_SECOND=1.0, WS_FRAME_BURST=3)
async def test_a_flood_of_frames_is_throttled_and_the_socket_survives():
    table, match = await _ann_at_a_table()
    ann = await _connect(table.code, await sync_to_async(_session)("ann"))
    await _drain(ann)
    game = await sync_to_async(current)(match)
    for _ in range(30):
        await ann.send_json_to({"game": game.pk, "version": 9999, "kind": "pass"})
    frames = await _drain(ann, 0.5)
    assert any("Too many messages" in f for f in frames)
    assert len(frames) < 15, "a flood is not answered frame for frame"
    await sync_to_async(play_turn)(game.pk, game.version)
    assert any('id="table-live"' in f for f in await _drain(ann, 0.5))
    await ann.disconnect()


async def test_two_tabs_keep_the_seat_until_the_last_one_closes():
    table, _ = await _ann_at_a_table()
    session = await sync_to_async(_session)("ann")
    first, second = await _connect(table.code, session), await _connect(table.code, session)
    await first.disconnect()
    assert (await _seat(table)).away_since is None
    await second.disconnect()
    assert (await _seat(table)).away_since is not None


@sync_to_async
def _expire_all_presences(table) -> dict:
    Presence.objects.filter(seat__table=table).update(seen_at=timezone.now() - timedelta(minutes=5))
    Game.objects.filter(match__table=table).update(updated_at=timezone.now())
    return sweep()


async def test_a_presence_left_by_a_dead_process_expires_and_the_seat_goes_away():
    """A killed web process cannot run disconnect(): the sweep expires its presences."""
    table, _ = await _ann_at_a_table()
    await sync_to_async(presence.arrived)(table.pk, await sync_to_async(_user)("ann"), "dead")
    assert (await _seat(table)).away_since is None
    assert (await _expire_all_presences(table))["presences"] == 1
    assert (await _seat(table)).away_since is not None


def _user(username: str):
    from accounts.models import User

    return User.objects.get(username=username)
