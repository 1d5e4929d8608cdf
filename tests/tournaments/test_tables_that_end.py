"""Tables that end as they did (issue 41, points 2 and 3): an event table says it is over with
the player's place, points and the way back; a forfeit says it counts; a player whose table-mates
never came wins outright; a correction takes the forfeit line with it; a no-show never collects
a result a bot played for them; nobody waits out a clock for someone who is not there; an
organiser who plays and runs the event from the run page is not forfeited; the bots that fill
empty seats bear no entrant's name; and the run page shows who is at each table."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Match, Seat, Table
from games.services import presence
from tests.factories import DEFAULT_PASSWORD, make_user
from tests.games.helpers import play_out_match
from tests.tournaments.factories import (
    ONE_GAME,
    enter,
    first_table,
    open_event,
    owner_of,
    person,
    started,
)
from tests.waiting import wait_until
from tournaments import room
from tournaments.models import TableAssignment, Tournament
from tournaments.presenters import forfeit_names, table_view
from tournaments.services import attendance, entries, events, results, schedule
from tournaments.services.state import snapshot

pytestmark = pytest.mark.django_db(transaction=True)

CUTTHROAT = {"style": "cutthroat", "seats": 4, "format": "swiss_tables", "bots_fill": True}


@pytest.fixture(autouse=True)
def nobody_on_the_site() -> Iterator[None]:
    """Marks of who is on the site live in the cache, which outlives a test's database."""
    marked: list[int] = []
    real = attendance.here

    def here(user_id: int) -> None:
        marked.append(user_id)
        real(user_id)

    attendance.here = here
    yield
    attendance.here = real
    for user_id in marked:
        attendance.gone(user_id)


def table_page(table: TableAssignment, user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("table", kwargs={"code": table.table.code})).text


def came(table: TableAssignment, *who: int) -> None:
    """These entries' players open the table."""
    for entry_id in who:
        presence.arrived(table.table_id, person(entry_id), f"socket-{entry_id}")


def look_for_no_shows(event: Tournament) -> list[str]:
    later = timezone.now() + timedelta(seconds=event.no_show_grace + 1)
    return schedule.step(event.pk, now=later)


def test_an_event_table_played_to_its_last_game_says_it_is_over_with_place_points_and_the_way_back(
    club,
):
    event = started(club, 4)
    table = first_table(event)
    play_out_match(Match.objects.get(pk=table.match_id))
    table.refresh_from_db()
    winner = person(table.seats[table.places.index(1)])
    shown = table_page(table, winner)
    assert f"This table is over. Its result counts in {event.name}." in shown
    assert "Your place: 1 of 2. Points earned: 1." in shown
    assert f'href="{event.get_absolute_url()}"' in shown
    assert "The next game starts in a moment" not in shown
    loser = person(table.seats[table.places.index(2)])
    assert "Your place: 2 of 2. Points earned: 0." in table_page(table, loser)


def test_a_table_decided_by_forfeit_tells_its_player_so_and_that_it_counts(club):
    event = started(club, 4)
    table = first_table(event)
    here, gone = table.seats
    came(table, here)
    assert look_for_no_shows(event)
    table.refresh_from_db()
    assert table.places == [1, 2] and table.forfeited == [gone]
    shown = table_page(table, person(here))
    assert "This table was decided by forfeit. Its result counts in" in shown
    assert "counts for nothing" not in shown
    assert "Your place: 1 of 2. Points earned: 1." in shown
    assert f"Lost by forfeit (resigned, left, or never came): {person(gone).name}." in shown


def test_a_player_whose_table_mates_never_came_wins_the_table_outright(club):
    event = started(club, 3, **CUTTHROAT)
    table = first_table(event)
    assert None in table.seats  # three entries and a bot
    here = next(who for who in table.seats if who is not None)
    came(table, here)
    look_for_no_shows(event)
    table.refresh_from_db()
    mine = table.seats.index(here)
    assert table.places[mine] == 1 and table.points[mine] == 4.0
    assert table.places[table.seats.index(None)] == 2  # the bot comes before the forfeiters
    assert Table.objects.get(pk=table.table_id).state == Table.State.FINISHED


def test_a_correction_takes_the_lost_by_forfeit_line_off_the_event_and_the_table(club):
    event = started(club, 4)
    table = first_table(event)
    here, gone = table.seats
    came(table, here)
    look_for_no_shows(event)
    table.refresh_from_db()
    entries_by_pk = snapshot(event).entries
    assert forfeit_names(table, entries_by_pk) == [person(gone).name]
    boss = owner_of(club)
    results.record_result(event, boss, table, [2, 1], "they were in the back room")
    table.refresh_from_db()
    assert table.forfeited == [gone]  # what happened is kept
    assert forfeit_names(table, entries_by_pk) == []  # what it means follows the result
    assert table_view(table, entries_by_pk).forfeited == []
    shown = table_page(table, person(gone))
    assert "Lost by forfeit" not in shown and "Your place: 1 of 2." in shown
    assert "The organiser set this table&#x27;s result." in shown


def test_no_shows_lose_their_table_by_default_and_the_choice_says_so(club):
    event = open_event(club, **ONE_GAME)
    assert event.no_show == Tournament.NoShow.FORFEIT
    label = str(Tournament.NoShow.FORFEIT.label)
    assert "they lose that table" in label and "the others play on" in label
    assert "its result counts as theirs" in str(Tournament.NoShow.BOT.label)


def test_a_no_show_never_collects_the_result_a_bot_played_for_them(club):
    event = started(club, 4, **{**CUTTHROAT, "bots_fill": False})
    table = first_table(event)
    first, second, *absent = table.seats
    came(table, first, second)
    look_for_no_shows(event)
    table.refresh_from_db()
    assert sorted(table.forfeited) == sorted(absent)
    play_out_match(Match.objects.get(pk=table.match_id))
    table.refresh_from_db()
    assert {table.places[table.seats.index(who)] for who in absent} == {3, 4}


def test_a_player_not_on_the_site_when_the_table_starts_has_a_bot_playing_at_once(club):
    event = open_event(club, **ONE_GAME)
    made = enter(event, 2)
    attendance.here(made[0].player_id)  # p1 has the event page open; p2 is nowhere
    events.start(event, owner_of(club))
    table = first_table(event)
    seats = {s.player_id: s for s in Seat.objects.filter(table_id=table.table_id)}
    assert not seats[made[0].player_id].stand_in and seats[made[0].player_id].away_since is None
    assert seats[made[1].player_id].stand_in and seats[made[1].player_id].away_since is not None
    presence.arrived(table.table_id, made[1].player, "late")  # p2 comes and takes the seat back
    assert not Seat.objects.get(pk=seats[made[1].player_id].pk).stand_in


def test_an_organiser_who_plays_with_the_run_page_open_is_not_taken_as_absent(club):
    boss = owner_of(club)
    event = open_event(club, **ONE_GAME)
    enter(event, 1)
    entries.register(event, boss, boss)
    attendance.here(boss.pk)  # the run page's notice socket says so at every beat
    events.start(event, boss)
    table = first_table(event)
    look_for_no_shows(event)
    table.refresh_from_db()
    mine = Seat.objects.get(table_id=table.table_id, player=boss)
    assert mine.stand_in  # the table moves on meanwhile; opening it takes the seat back
    theirs = next(e for e in table.seats if person(e) == boss)
    assert table.forfeited == [e for e in table.seats if e != theirs]  # only the one who was away
    assert table.places[table.seats.index(theirs)] == 1


def test_bots_filling_empty_seats_bear_no_entrants_name_and_read_alike_on_run_page_and_table(
    club,
):
    boss = owner_of(club)
    event = open_event(club, **ONE_GAME, **CUTTHROAT)
    for _ in range(5):
        entries.register_bot(event, boss)
    events.start(event, boss)
    entrants = set(event.entries.values_list("player_id", flat=True))
    names = set(event.entries.values_list("player__display_name", flat=True))
    fillers = Seat.objects.filter(
        table_id__in=TableAssignment.objects.filter(round__tournament=event).values("table_id"),
        player__is_bot=True,
    ).exclude(player_id__in=entrants)
    assert fillers.count() == 3  # five entries at two tables of four
    assert len({seat.player_id for seat in fillers}) == 3  # one name, one seat in the round
    assert not names & {seat.player.name for seat in fillers}
    client = Client()
    client.force_login(boss)
    run_page = client.get(reverse("event_run", kwargs={"slug": event.slug})).text
    for seat in fillers:
        assert seat.player.name in run_page
        code = Table.objects.get(pk=seat.table_id).code
        assert seat.player.name in client.get(reverse("table", kwargs={"code": code})).text
    late = entries.register_bot(event, boss)  # a late bot takes none of their names either
    assert late.player_id not in set(fillers.values_list("player_id", flat=True))


def test_the_run_page_shows_who_is_at_each_table_in_the_same_queries_for_any_number(
    club, django_assert_max_num_queries
):
    event = started(club, 8, **{**CUTTHROAT, "bots_fill": False})
    tables = list(TableAssignment.objects.filter(round__tournament=event).order_by("number"))
    came(tables[0], tables[0].seats[0])
    attendance.here(person(tables[0].seats[1]).pk)
    with django_assert_max_num_queries(6):  # the snapshot's reads and one for every seat
        found = room.room_view(snapshot(event))
    seats = {s.name: s for t in found.tables for s in t.seats}
    assert seats[person(tables[0].seats[0]).name].where == room.AT_TABLE
    assert seats[person(tables[0].seats[1]).name].where == room.ON_SITE
    away = seats[person(tables[1].seats[0]).name]
    assert away.where == room.ABSENT and away.stand_in and "has not come" in away.words
    client = Client()
    client.force_login(owner_of(club))
    run_page = client.get(reverse("event_run", kwargs={"slug": event.slug})).text
    assert 'id="event-room"' in run_page and "a bot plays for them" in run_page
    block = client.get(reverse("event_room", kwargs={"slug": event.slug}))
    assert block.status_code == 200 and "Who is here: round 1" in block.text
    outsider = Client()
    outsider.force_login(make_user("nosy"))
    assert outsider.get(reverse("event_room", kwargs={"slug": event.slug})).status_code == 404


@pytest.mark.asyncio
async def test_an_entrants_notice_socket_counts_them_on_the_site(club):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    @sync_to_async
    def setup() -> tuple[int, str]:
        event = open_event(club, **ONE_GAME)
        made = enter(event, 2)
        events.open_checkin(event, owner_of(club))
        client = Client()
        assert client.login(username="p1", password=DEFAULT_PASSWORD)
        return made[0].player_id, client.cookies[settings.SESSION_COOKIE_NAME].value

    user_id, session = await setup()
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
               (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())]  # fmt: skip
    socket = WebsocketCommunicator(application, "/ws/event-notices/", headers=headers)
    connected, _code = await socket.connect()
    assert connected
    try:
        await sync_to_async(wait_until)(
            lambda: attendance.who_is_here([user_id]) == {user_id}, 5, "the mark"
        )
    finally:
        await socket.disconnect()
        await sync_to_async(attendance.gone)(user_id)
