"""Live event parts: the event and screen sockets re-render on every change for anyone who may
see the event, an entrant's notice tells them their own table only, and games finishing at an
event's tables reach its pages (folded, so fifty tables make no storm)."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import datetime
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from games import signals
from tests.factories import DEFAULT_PASSWORD, make_user
from tests.tournaments.factories import enter, join, make_club, make_event, open_event, owner_of
from tests.waiting import wait_until
from tournaments.live import news, presenters
from tournaments.models import TableAssignment, Tournament
from tournaments.services import entries as entry_services
from tournaments.services import events, notify, results


def live(test):
    """A socket test: async, on a database whose commits the sockets' threads can see."""
    return pytest.mark.asyncio(pytest.mark.django_db(transaction=True)(test))


def _session(username: str) -> str:
    client = Client()
    assert client.login(username=username, password=DEFAULT_PASSWORD)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def _open(path: str, session: str | None = None, origin: bytes = b"http://localhost"):
    headers = [(b"origin", origin), (b"host", b"localhost")]
    if session:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await communicator.connect()
    return communicator, connected, code


async def _connect(path: str, session: str | None = None) -> WebsocketCommunicator:
    communicator, connected, _code = await _open(path, session)
    assert connected
    return communicator


async def _drain(communicator: WebsocketCommunicator, wait: float = 0.8) -> list[str]:
    frames = []
    while not await communicator.receive_nothing(timeout=wait, interval=0.02):
        frames.append(await communicator.receive_from())
    return frames


@sync_to_async
def _running(visibility: str = Tournament.Visibility.PUBLIC) -> Tournament:
    """A running two-party Swiss of four (p1..p4), round 1 at two games tables."""
    club = make_club(make_user("owner"))
    event = open_event(club, turn_clock=0, visibility=visibility)
    enter(event, 4)
    events.start(event, owner_of(club))
    event.refresh_from_db()
    return event


@sync_to_async
def _finish_a_table(event: Tournament) -> TableAssignment:
    table = TableAssignment.objects.filter(round__tournament=event).order_by("number").first()
    results.record_result(event, owner_of(event.club), table, [1, 2], "played on paper")
    notify.event_changed(event.pk)
    return table


@sync_to_async
def _codes(event: Tournament) -> dict[int, str]:
    """Each entry's games table code in round 1."""
    found = {}
    for table in TableAssignment.objects.filter(round__tournament=event).select_related("table"):
        for who in table.seats:
            found[who] = table.table.code
    return found


@live
async def test_an_event_socket_gets_the_live_part_at_once():
    event = await _running()
    socket = await _connect(f"/ws/events/{event.slug}/")
    frame = (await _drain(socket))[0]
    assert 'id="event-live"' in frame
    assert 'id="event-status"' in frame and "hx-swap-oob" in frame
    assert "Round 1" in frame
    await socket.disconnect()


@live
async def test_event_changed_re_renders_the_standings_for_every_viewer():
    event = await _running()
    spectator = await _connect(f"/ws/events/{event.slug}/")
    player = await _connect(f"/ws/events/{event.slug}/", await sync_to_async(_session)("p1"))
    for socket in (spectator, player):
        await _drain(socket)
    await _finish_a_table(event)
    for socket in (spectator, player):
        frames = await _drain(socket, 1.2)
        assert frames, "no re-render after event.changed"
        assert "1 of 2 tables finished" in frames[-1]
        assert "Standings" in frames[-1]
    await spectator.disconnect()
    await player.disconnect()


@live
async def test_many_notices_in_a_tick_make_one_render():
    event = await _running()
    socket = await _connect(f"/ws/events/{event.slug}/screen/")
    await _drain(socket)
    layer = get_channel_layer()
    for _ in range(20):
        await layer.group_send(notify.event_group(event.pk), {"type": "event.changed"})
    frames = await _drain(socket, 1.2)
    assert 1 <= len(frames) <= 2
    assert 'id="screen-live"' in frames[-1]
    await socket.disconnect()


@live
async def test_a_club_event_socket_is_refused_to_outsiders_and_open_to_members():
    event = await _running(Tournament.Visibility.CLUB)
    await sync_to_async(make_user)("stranger")
    _socket, connected, code = await _open(
        f"/ws/events/{event.slug}/", await sync_to_async(_session)("stranger")
    )
    assert not connected and code == 4404
    _socket, connected, _code = await _open(f"/ws/events/{event.slug}/")
    assert not connected
    member = await _connect(f"/ws/events/{event.slug}/", await sync_to_async(_session)("p1"))
    assert 'id="event-live"' in (await _drain(member))[0]
    await member.disconnect()


@live
async def test_a_watcher_is_let_go_when_the_event_becomes_club_only():
    event = await _running()
    stranger = await _connect(f"/ws/events/{event.slug}/")
    await _drain(stranger)

    @sync_to_async
    def club_only():
        Tournament.objects.filter(pk=event.pk).update(visibility=Tournament.Visibility.CLUB)
        notify.event_changed(event.pk)

    await club_only()
    closed = await stranger.receive_output(timeout=2)
    assert closed == {"type": "websocket.close", "code": 4404}


@live
async def test_an_event_socket_from_another_origin_is_refused():
    event = await _running()
    _socket, connected, _code = await _open(
        f"/ws/events/{event.slug}/", origin=b"http://localhost:9999"
    )
    assert not connected
    _socket, connected, _code = await _open("/ws/event-notices/", origin=b"http://evil.example")
    assert not connected


@live
async def test_a_draft_has_no_socket_for_anyone_but_its_organisers():
    club = await sync_to_async(make_club)(await sync_to_async(make_user)("owner"))
    draft = await sync_to_async(make_event)(club)
    _socket, connected, _code = await _open(f"/ws/events/{draft.slug}/")
    assert not connected
    owner = await _connect(f"/ws/events/{draft.slug}/", await sync_to_async(_session)("owner"))
    await _drain(owner)
    await owner.disconnect()


@live
async def test_each_player_is_told_their_own_table_and_nobody_elses():
    event = await _running()
    codes = await _codes(event)
    entries = await sync_to_async(lambda: {e.player.username: e.pk for e in event.entries.all()})()
    for name in ("p1", "p2"):
        socket = await _connect("/ws/event-notices/", await sync_to_async(_session)(name))
        frame = (await _drain(socket))[0]
        own = codes[entries[name]]
        assert 'role="status"' in frame and 'aria-live="polite"' in frame
        assert f"/play/t/{own}/" in frame and "is ready" in frame
        others = {code for who, code in codes.items() if code != own}
        assert not any(code in frame for code in others)
        await socket.disconnect()


@live
async def test_the_notice_socket_needs_a_signed_in_person():
    _socket, connected, code = await _open("/ws/event-notices/")
    assert not connected and code == 4401


@live
async def test_a_checked_in_player_is_led_to_their_table_when_the_round_is_seated():
    club = await sync_to_async(make_club)(await sync_to_async(make_user)("owner"))

    @sync_to_async
    def checkin_event():
        event = open_event(club, turn_clock=0)
        enter(event, 4)
        return events.open_checkin(event, owner_of(club))

    event = await checkin_event()
    socket = await _connect("/ws/event-notices/", await sync_to_async(_session)("p1"))
    assert "Check-in is open" in (await _drain(socket))[0]

    @sync_to_async
    def check_in_and_start():
        for entry in event.entries.all():
            entry_services.check_in(event, owner_of(club), entry)
        events.start(event, owner_of(club))
        notify.seats_changed(event.pk)

    await check_in_and_start()
    frames = await _drain(socket, 1.0)
    assert frames and "is ready" in frames[-1] and "/play/t/" in frames[-1]
    await socket.disconnect()


@live
async def test_a_finished_game_at_an_event_table_reaches_the_event_pages_folded():
    event = await _running()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(notify.event_group(event.pk), channel)
    match_id = await sync_to_async(
        lambda: TableAssignment.objects.filter(round__tournament=event).first().match_id
    )()
    for _ in range(10):  # ten games finishing at once: one notice now, one at the second's end
        await sync_to_async(signals.game_finished.send_robust)(
            sender=None, match_id=match_id, game_id=0, table_id=0, style="block", result=None
        )
    first = await asyncio.wait_for(layer.receive(channel), 1)
    assert first["type"] == "event.changed"
    second = await asyncio.wait_for(layer.receive(channel), 2)
    assert second["type"] == "event.changed"
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 1.5)


def test_a_coalescer_folds_calls_within_its_interval_into_one_more():
    sent = []
    fold = news.Coalescer(sent.append, 0.2)
    for _ in range(5):
        fold(7)
    fold(8)
    assert sent == [7, 8]
    # It comes at the interval's end, 0.2 s after the first; the test has always allowed 0.35 s.
    wait_until(lambda: len(sent) > 2, 0.35, "the folded call at the interval's end", interval=0.01)
    assert sent == [7, 8, 7]


@pytest.mark.django_db
def test_the_screen_page_shows_tables_and_standings(client):
    club = make_club(make_user("owner"))
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    events.start(event, owner_of(club))
    response = client.get(reverse("event_screen", kwargs={"slug": event.slug}))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'ws-connect="/ws/events/' in html and "/screen/" in html
    assert "Round 1" in html and "Standings" in html
    assert len(re.findall(r'class="screen-table ', html)) == 2


@pytest.mark.django_db
def test_the_screen_of_a_club_event_is_for_members_only(client):
    club = make_club(make_user("owner"))
    event = open_event(club, visibility=Tournament.Visibility.CLUB)
    client.force_login(make_user("stranger"))
    assert client.get(reverse("event_screen", kwargs={"slug": event.slug})).status_code == 404
    client.force_login(join(club, make_user("friend")))
    assert client.get(reverse("event_screen", kwargs={"slug": event.slug})).status_code == 200


@pytest.mark.django_db
def test_pages_open_the_notice_socket_only_for_entrants_of_a_live_event(client):
    club = make_club(make_user("owner"))
    event = open_event(club, turn_clock=0)
    enter(event, 4)
    client.force_login(make_user("visitor"))
    assert "/ws/event-notices/" not in client.get(reverse("events")).content.decode()
    client.force_login(event.entries.first().player)
    assert "/ws/event-notices/" not in client.get(reverse("events")).content.decode()
    events.start(event, owner_of(club))
    assert "/ws/event-notices/" in client.get(reverse("events")).content.decode()


@pytest.mark.django_db
def test_the_event_page_links_organisers_to_the_screen(client):
    club = make_club(make_user("owner"))
    event = open_event(club)
    url = reverse("event_screen", kwargs={"slug": event.slug})
    assert url not in client.get(event.get_absolute_url()).content.decode()
    client.force_login(owner_of(club))
    assert url in client.get(event.get_absolute_url()).content.decode()


def _round(tables: int, state: str = "running", **times) -> presenters.LiveRound:
    rows = [
        presenters.LiveTable(n, "", "playing", "Playing", [], None) for n in range(1, tables + 1)
    ]
    return presenters.LiveRound(3, state, rows, [], 0, times.get("starts"), times.get("deadline"))


def test_the_screen_cycles_tables_and_standings_each_through_their_own_pages():
    standings = [object()] * 40
    first = presenters.screen_page(_round(25), standings, 0)
    assert first.count == 3 and first.first_table == 1 and first.last_table == 20
    second = presenters.screen_page(_round(25), standings, 1)
    assert (second.first_table, second.last_table) == (21, 25)
    assert (second.first_rank, second.last_rank) == (17, 32)
    third = presenters.screen_page(_round(25), standings, 2)
    assert third.first_table == 1 and (third.first_rank, third.last_rank) == (33, 40)
    assert presenters.screen_page(_round(25), standings, 3).first_rank == 1


def test_the_status_says_when_the_next_round_starts_and_the_deadline():
    event = SimpleNamespace(tournament=SimpleNamespace(state="running", starts_at=None))
    at = timezone.make_aware(datetime(2026, 12, 4, 20, 15))
    assert presenters.status_line(event, _round(4, "seated", starts=at)) == (
        "Round 3 starts at 20:15."
    )
    assert presenters.status_line(event, _round(4, deadline=at)).endswith("Deadline 20:15.")


@live
async def test_a_socket_that_closes_ends_its_consumer():
    event = await _running()
    for path in (f"/ws/events/{event.slug}/", "/ws/event-notices/"):
        socket = await _connect(path, await sync_to_async(_session)("p1"))
        await _drain(socket, 0.3)
        started = time.monotonic()
        await socket.disconnect()  # waits for the consumer to finish (up to a second)
        assert time.monotonic() - started < 0.5


@pytest.mark.django_db
def test_before_round_one_the_screen_shows_who_has_checked_in(client):
    club = make_club(make_user("owner"))
    event = open_event(club)
    made = enter(event, 3)
    events.open_checkin(event, owner_of(club))
    entry_services.check_in(event, owner_of(club), made[0])
    html = client.get(reverse("event_screen", kwargs={"slug": event.slug})).content.decode()
    assert "3 entries" in html and "1 checked in" in html
    assert html.count('class="screen-here"') == 1
