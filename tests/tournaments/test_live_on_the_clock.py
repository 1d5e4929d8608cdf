"""The live event page on the clock (issue 41): check-in opening by the schedule brings each
viewer their own Check in button and every entrant their notice without a reload; countdowns
to check-in, the start and the next round; a round's finished tables say which tables it
still waits for; a finished event says who won; "Watch live" only where there is something
the viewer may watch."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import get_random_string

from config.asgi import application
from games.models import Match
from tests.factories import make_user
from tests.tournaments.factories import enter, make_club, open_event, owner_of
from tests.tournaments.test_live import _drain, _session, live
from tournaments.live import notices, presenters
from tournaments.models import Entry, TableAssignment, Tournament
from tournaments.services import entries, events, results, schedule
from tournaments.services.state import snapshot

QUICK = {"play_mode": "games", "games_per_table": 1, "turn_clock": 0}
CHECK_IN_FORM = re.compile(
    r'<form method="post" action="(/events/[\w-]+/check-in/)">'
    r'<input type="hidden" name="csrfmiddlewaretoken" value="(\w+)">'
)


async def _socket(path: str, cookies: dict[str, str]) -> WebsocketCommunicator:
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await communicator.connect()
    assert connected
    return communicator


@sync_to_async
def _scheduled_event() -> Tournament:
    """Check-in set to open in a minute; p1 and p2 entered themselves."""
    club = make_club(make_user("owner"))
    soon = timezone.now() + timedelta(minutes=1)
    event = open_event(club, checkin_opens_at=soon, starts_at=soon + timedelta(hours=1), **QUICK)
    enter(event, 2)
    return event


@sync_to_async
def _open_checkin_by_the_schedule(event: Tournament) -> list[str]:
    return schedule.step(event.pk, now=event.checkin_opens_at)


@live
async def test_check_in_opening_by_the_schedule_brings_the_check_in_button_without_a_reload():
    event = await _scheduled_event()
    secret = get_random_string(32)
    player = await _socket(
        f"/ws/events/{event.slug}/",
        {settings.SESSION_COOKIE_NAME: await sync_to_async(_session)("p1"),
         settings.CSRF_COOKIE_NAME: secret},
    )  # fmt: skip
    spectator = await _socket(f"/ws/events/{event.slug}/", {})
    first = "".join(await _drain(player))
    assert "Check-in opens at" in first and not CHECK_IN_FORM.search(first)
    await _drain(spectator)
    assert await _open_checkin_by_the_schedule(event) == ["checkin"]
    pushed = "".join(await _drain(player, 1.5))
    assert "Check-in is open." in pushed  # the status line
    found = CHECK_IN_FORM.search(pushed)
    assert found, pushed
    seen = "".join(await _drain(spectator, 1.0))
    assert "Check-in is open." in seen and not CHECK_IN_FORM.search(seen)
    await player.disconnect()
    await spectator.disconnect()

    @sync_to_async
    def send(url: str, token: str) -> Entry:
        client = Client(enforce_csrf_checks=True)
        client.force_login(Entry.objects.get(tournament=event, player__username="p1").player)
        client.cookies[settings.CSRF_COOKIE_NAME] = secret
        assert client.post(url, {"csrfmiddlewaretoken": token}).status_code == 302
        return Entry.objects.get(tournament=event, player__username="p1")

    assert (await send(*found.groups())).status == Entry.Status.CHECKED_IN


@live
async def test_an_entrants_notice_says_check_in_when_the_schedule_opens_it():
    event = await _scheduled_event()
    socket = await _socket("/ws/event-notices/", {
        settings.SESSION_COOKIE_NAME: await sync_to_async(_session)("p1")
    })  # fmt: skip
    assert "Check-in is open" not in "".join(await _drain(socket))
    await _open_checkin_by_the_schedule(event)
    frames = "".join(await _drain(socket, 1.5))
    assert "Check-in is open" in frames and "#enter-heading" in frames
    await socket.disconnect()


@pytest.mark.django_db
def test_entrants_of_an_event_whose_check_in_opens_by_itself_have_the_notice_socket(client):
    club = make_club(make_user("owner"))
    soon = timezone.now() + timedelta(hours=1)
    event = open_event(club, checkin_opens_at=soon, starts_at=soon + timedelta(hours=1))
    entry = enter(event, 1)[0]
    assert notices.has_notices(entry.player) and notices.notices_for(entry.player) == []
    client.force_login(entry.player)
    assert "/ws/event-notices/" in client.get(reverse("events")).content.decode()


@pytest.mark.django_db
def test_before_check_in_the_event_page_says_when_it_opens_and_that_it_is_needed(client):
    club = make_club(make_user("owner"))
    soon = timezone.localtime() + timedelta(minutes=30)
    event = open_event(club, checkin_opens_at=soon, starts_at=soon + timedelta(minutes=30))
    entry = enter(event, 1)[0]
    client.force_login(entry.player)
    page = client.get(event.get_absolute_url()).content.decode()
    opens = presenters.moment(soon)  # 20:15, or with its date near midnight
    assert f"Check-in opens at {opens}. Every entry must check in here before the event" in page
    assert f"Check-in opens at {presenters.clock(soon)}. Round 1 starts at" in page  # status
    events.open_checkin(event, owner_of(club))
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Check in before the event starts at" in page and "Check in: I am here" in page


# -- countdowns ------------------------------------------------------------------------------


def test_a_countdown_shows_minutes_rounded_up_and_seconds_under_a_minute():
    assert presenters.time_left(3 * 3600 + 5 * 60) == "3 h 05 min"
    assert presenters.time_left(3600) == "1 h 00 min"
    assert presenters.time_left(3541) == "1 h 00 min"  # 59 min 1 s: 60 minutes, rounded up
    assert presenters.time_left(3540) == "59 min"
    assert presenters.time_left(61) == "2 min"
    assert presenters.time_left(60) == "1 min"
    assert presenters.time_left(59) == "59 s"
    assert presenters.time_left(0) == "any moment now"


def _snap(state: str, rounds=(), **times) -> SimpleNamespace:
    event = SimpleNamespace(**{"state": state, "checkin_opens_at": None, "starts_at": None,
                               **times})  # fmt: skip
    return SimpleNamespace(tournament=event, rounds=list(rounds))


def test_countdowns_run_to_check_in_the_start_and_the_next_round():
    now = timezone.make_aware(datetime(2026, 12, 4, 19, 0))
    snap = _snap("registration", checkin_opens_at=now + timedelta(minutes=4),
                 starts_at=now + timedelta(minutes=20))  # fmt: skip
    words = [re.sub(r"<[^>]+>", "", c.html) for c in presenters.clocks(snap, now)]
    assert words == ["Check-in opens in 4 min.", "Round 1 starts in 20 min."]
    snap.tournament.state = "checkin"
    assert [re.sub(r"<[^>]+>", "", c.html) for c in presenters.clocks(snap, now)] == [
        "Round 1 starts in 20 min."
    ]
    seated = SimpleNamespace(number=3, state="seated", starts_at=now + timedelta(seconds=45))
    snap = _snap("running", [seated])
    (clock,) = presenters.clocks(snap, now)
    assert re.sub(r"<[^>]+>", "", clock.html) == "Round 3 starts in 45 s."
    assert 'role="timer"' in clock.html and "aria-live" not in clock.html
    assert f'data-until="{seated.starts_at.isoformat()}"' in clock.html
    seated.starts_at = now - timedelta(seconds=1)  # past: the step is on its way, no clock
    assert presenters.clocks(snap, now) == []


@pytest.mark.django_db
def test_the_event_page_and_the_screen_count_down_outside_their_live_regions(client):
    club = make_club(make_user("owner"))
    event = open_event(club, starts_at=timezone.now() + timedelta(minutes=10))
    for url in (event.get_absolute_url(), reverse("event_screen", kwargs={"slug": event.slug})):
        page = client.get(url).content.decode()
        assert "js/countdown.js" in page
        assert re.search(r'Round 1 starts in <span class="countdown" role="timer"', page)
        live_region = re.search(r'aria-live="polite">[^<]*</p>', page).group(0)
        assert "countdown" not in live_region


# -- the round waits, the event ends ---------------------------------------------------------


@pytest.mark.django_db
def test_a_round_with_a_finished_table_says_which_tables_it_still_waits_for(client):
    club = make_club(make_user("owner"))
    event = open_event(club, **QUICK)
    made = enter(event, 6)
    events.start(event, owner_of(club))
    tables = list(TableAssignment.objects.filter(round__tournament=event).order_by("number"))
    results.record_result(event, owner_of(club), tables[0], [1, 2], "played on paper")
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Round 1 still waits for tables 2 and 3." in page
    client.force_login(owner_of(club))
    run = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert "Round 1 still waits for tables 2 and 3." in run
    done = next(e for e in made if e.pk in tables[0].seats)
    (notice,) = notices.notices_for(done.player)
    assert notice.kind == "finished"
    assert notice.text.endswith("Round 1 still waits for tables 2 and 3.")


@pytest.mark.django_db
def test_a_finished_event_says_who_won_and_offers_no_round_to_print(client):
    club = make_club(make_user("owner"))
    event = open_event(club, format_options={"rounds": 1}, **QUICK)
    enter(event, 2)
    boss = owner_of(club)
    table = events.start(event, boss).tables.get()
    results.record_result(event, boss, table, [1, 2], "played on paper")
    print_url = reverse("event_print", kwargs={"slug": event.slug})
    assert print_url in client.get(event.get_absolute_url()).content.decode()
    events.finish(event, boss)
    winner = Entry.objects.get(pk=table.seats[0]).name
    page = client.get(event.get_absolute_url()).content.decode()
    assert f'<h2 class="ev-winner">{winner} won the event.</h2>' in page
    assert print_url not in page
    client.force_login(boss)
    run = client.get(reverse("event_run", kwargs={"slug": event.slug})).content.decode()
    assert f"{winner} won the event." in run and print_url not in run
    screen = client.get(reverse("event_screen", kwargs={"slug": event.slug})).content.decode()
    assert f"{winner} won the event." in screen


@pytest.mark.django_db
def test_a_shared_first_place_is_said_plainly():
    club = make_club(make_user("owner"))
    event = open_event(club, **QUICK)
    made = enter(event, 3)
    Tournament.objects.filter(pk=event.pk).update(state=Tournament.State.FINISHED)
    Entry.objects.filter(pk__in=[made[0].pk, made[1].pk]).update(final_place=1)
    Entry.objects.filter(pk=made[2].pk).update(final_place=3)
    event.refresh_from_db()
    line = presenters.event_context(snapshot(event))["winners"]
    assert line == f"{made[0].name} and {made[1].name} share 1st place."


@pytest.mark.django_db
def test_each_entry_reads_where_it_stands_not_registered_for_everybody(client):
    club = make_club(make_user("owner"))
    event = open_event(club, format_options={"rounds": 1}, **QUICK)
    made = enter(event, 4)
    boss = owner_of(club)
    page = client.get(event.get_absolute_url()).content.decode()
    assert page.count("<td>Registered</td>") == 4
    first = events.start(event, boss)
    entries.withdraw(event, boss, made[3])
    page = client.get(event.get_absolute_url()).content.decode()
    assert page.count("<td>Playing</td>") == 3 and "<td>Withdrawn after round 1</td>" in page
    for table in first.tables.filter(places__isnull=True):
        results.record_result(event, boss, table, [1, 2], "played on paper")
    events.finish(event, boss)
    page = client.get(event.get_absolute_url()).content.decode()
    assert page.count("<td>Finished</td>") == 3 and "Registered" not in page


# -- who may watch ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_watch_live_is_offered_only_while_a_set_is_played_and_to_those_who_may_watch(client):
    club = make_club(make_user("owner"))
    event = open_event(club, same_deals=True, **QUICK)
    made = enter(event, 4)
    events.start(event, owner_of(club))
    page = client.get(event.get_absolute_url()).content.decode()
    assert page.count("Watch live") == 2  # a spectator: both tables
    client.force_login(made[0].player)  # plays one of the round's same deals: may watch neither
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Watch live" not in page and "/play/t/" not in page
    client.logout()
    Match.objects.filter(pk__in=TableAssignment.objects.values("match")).update(
        state=Match.State.ABANDONED
    )
    events.cancel(event, owner_of(club))
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Watch live" not in page and page.count("Games table") == 2
